import { type TestRun, type TestRunImportReport, testRunsApi } from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockToken } from '../../mock/mock-accounts';
import { createMockContext } from './handlers';
import type { MockContext } from './mock-http';
import { testRunHandlers } from './test-run-handlers';

const NOW = new Date('2026-06-15T10:00:00Z');
const ME = 'reviewer@portal.test';
const server = setupServer();
let context: MockContext;
/** The demo world's runs, before a test adds its own. */
let demoRuns: number;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  context = createMockContext({ delayMs: 0, now: () => NOW });
  demoRuns = context.db.testRuns.length;
  server.resetHandlers(...testRunHandlers(context));
});
afterAll(() => server.close());

const AUTH = { authorization: `Bearer ${mockToken('EMVO')}` };
const HEADER = 'obpNumber,environment,scenario,result,errorCode,executedAt';
/** The demo world's first company. */
const obp = 'C00101';
const added = () => context.db.testRuns.slice(demoRuns);

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
/** A CSV import upload. */
const importFile = async (csv: string) => {
  const form = new FormData();
  form.append('file', new File([csv], 'runs.csv', { type: 'text/csv' }));
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
  it('stores the run in db.testRuns by the caller, with an audit row, then answers 409 for the same one', async () => {
    const created = await add(run);
    const organisation = context.db.organisations.find((row) => row.obpNumber === obp);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      organisationId: organisation?.id,
      obpNumber: obp,
      legalName: organisation?.legalName,
      source: 'MANUAL',
      executedAt: '2026-06-14T10:00:00.000Z',
      createdBy: ME,
      createdAt: NOW.toISOString(),
    });
    expect(added()).toEqual([
      expect.objectContaining({ id: created.body.id, scenario: 'Verify a pack', result: 'FAILED' }),
    ]);
    expect(context.db.auditLog).toEqual([
      expect.objectContaining({ action: 'CREATE', entity: 'TestRun', entityId: created.body.id, actor: ME }),
    ]);
    expect((await add(run)).body).toMatchObject({ code: 'TEST_RUN_EXISTS' });
    expect(added()).toHaveLength(1);
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
    expect(added()).toEqual([
      expect.objectContaining({ scenario: 'Verify a pack', source: 'CSV_IMPORT', createdBy: ME }),
    ]);
    expect(context.db.auditLog.map((row) => [row.action, row.diff])).toEqual([
      ['IMPORT', { lines: 3, accepted: 1, duplicates: 0, rejected: 2 }],
      ['IMPORT', { lines: 3, accepted: 0, duplicates: 1, rejected: 2 }],
    ]);
  });

  it('answers 400 for a file without the columns', async () => {
    const answer = await importFile('a,b\n1,2\n');
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('CSV_COLUMNS_MISSING');
  });
});
