import { File as NodeFile } from 'node:buffer';
import { type TestRun, type TestRunImportReport, testRunsApi } from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MOCK_ORGANISATIONS } from './mock-data';
import { type MockTestRunStore, testRunHandlers } from './test-run-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const server = setupServer();
let store: MockTestRunStore;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let ids = 0;
beforeEach(() => {
  store = { runs: [] };
  server.resetHandlers(
    ...testRunHandlers(
      { delayMs: 0, newId: () => `f5000000-0000-4000-8000-${String(++ids).padStart(12, '0')}` },
      store,
      { now: () => NOW },
    ),
  );
});
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };
const HEADER = 'obpNumber,environment,scenario,result,errorCode,executedAt';
const [first] = MOCK_ORGANISATIONS;
const obp = first?.obpNumber ?? 'C00001';

async function call<T>(path: string, init: RequestInit) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as T };
}
const add = (body: object) =>
  call<TestRun & { code: string } & { code: string; field: string }[]>(testRunsApi.add.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
/** A multipart upload built with Node's own FormData and File (jsdom's cannot go through Node's fetch). */
const importFile = async (csv: string) => {
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const form = new NodeFormData();
  form.append('file', new NodeFile([csv], 'runs.csv', { type: 'text/csv' }) as unknown as Blob);
  return call<TestRunImportReport & { code: string }>(testRunsApi.import.path, {
    method: 'POST',
    body: form,
  });
};

const run = {
  obpNumber: obp,
  environment: 'IQE',
  scenario: 'Verify a pack',
  result: 'FAILED',
  errorCode: 'E-104',
  executedAt: '2026-06-14T10:00:00Z',
};

describe('mock POST /api/test-runs', () => {
  it('stores the run, then answers 409 for the same one', async () => {
    const created = await add(run);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      obpNumber: obp,
      source: 'MANUAL',
      executedAt: '2026-06-14T10:00:00.000Z',
    });
    expect((await add(run)).body).toMatchObject({ code: 'TEST_RUN_EXISTS' });
    expect(store.runs).toHaveLength(1);
  });

  it('answers 400 with the domain rule and for an unknown company', async () => {
    const noCode = await add({ ...run, errorCode: '' });
    expect(noCode.status).toBe(400);
    expect(noCode.body[0]).toMatchObject({ code: 'ERROR_CODE_REQUIRED', field: 'errorCode' });
    expect((await add({ ...run, obpNumber: 'C99999' })).body).toMatchObject({ code: 'UNKNOWN_COMPANY' });
  });
});

describe('mock POST /api/test-runs/import', () => {
  const csv = [
    HEADER,
    `${obp},IQE,Verify a pack,PASSED,,2026-06-14T08:00:00Z`,
    `${obp},IQE,Verify a batch,PASSED,,2026-06-16T08:00:00Z`,
    `C99999,IQE,Verify a pack,PASSED,,2026-06-14T08:00:00Z`,
  ].join('\n');

  it('reports each refused line, and adds nothing for the same file again', async () => {
    const once = await importFile(csv);
    expect(once.body).toEqual({
      accepted: 1,
      duplicates: 0,
      rejected: [
        expect.objectContaining({ line: 3, code: 'EXECUTED_IN_FUTURE' }),
        expect.objectContaining({ line: 4, code: 'UNKNOWN_COMPANY' }),
      ],
    });
    expect((await importFile(csv)).body).toMatchObject({ accepted: 0, duplicates: 1 });
    expect(store.runs).toHaveLength(1);
  });

  it('answers 400 for a file without the columns', async () => {
    const answer = await importFile('a,b\n1,2\n');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('CSV_COLUMNS_MISSING');
  });
});
