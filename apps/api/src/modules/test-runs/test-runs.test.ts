import type { TestRun, TestRunImportReport } from '@portal/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Headers, reviewerHeaders, type TestApp } from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { IMPORT_CHUNK_ROWS } from './test-run-writes.js';

let t: TestApp;
let rita: Headers;
const RITA = 'rita@emvo.test';
const HEADER = 'obpNumber,environment,scenario,result,errorCode,executedAt';
const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

type ErrorBody = { code: string; message: string; field?: string };

async function seedOrganisation(obpNumber: string, legalName: string) {
  const { id } = await t.db
    .insertInto('organisations')
    .values({ obpNumber, legalName, orgType: 'OPM', stage: 'TECHNICAL_IQE', createdBy: 't', updatedBy: 't' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const addRun = async (payload: object, headers: Headers = rita) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/test-runs', headers, payload });
  return { status: response.statusCode, body: response.json<TestRun & ErrorBody & ErrorBody[]>() };
};

const importCsv = async (csv: string, headers: Headers = rita) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/test-runs/import',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: response.statusCode, body: response.json<TestRunImportReport & ErrorBody>() };
};

const runs = () => t.db.selectFrom('testRuns').selectAll().orderBy('scenario').execute();
const audits = (entity: string) =>
  t.db.selectFrom('auditLog').selectAll().where('entity', '=', entity).orderBy('at').execute();

let acmeId: string;
beforeAll(async () => {
  t = await createTestApp();
  rita = await reviewerHeaders(t, RITA);
  acmeId = await seedOrganisation('C00001', 'Acme Pharma');
  await seedOrganisation('C00002', 'Boreal Biotech');
});
afterAll(() => t.app.close());
beforeEach(async () => {
  await t.db.deleteFrom('testRuns').execute();
  await t.db.deleteFrom('auditLog').execute();
});

const manual = {
  obpNumber: 'c00001',
  environment: 'iqe',
  scenario: '  Verify a pack  ',
  result: 'FAILED',
  errorCode: 'E-104',
  executedAt: '2026-01-05T10:00:00+01:00',
};

describe('POST /api/test-runs (a run typed by a reviewer)', () => {
  it('stores the run as MANUAL, trimmed and upper-cased, with its audit row', async () => {
    const { status, body } = await addRun(manual);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      organisationId: acmeId,
      obpNumber: 'C00001',
      legalName: 'Acme Pharma',
      environment: 'IQE',
      scenario: 'Verify a pack',
      result: 'FAILED',
      errorCode: 'E-104',
      executedAt: '2026-01-05T09:00:00.000Z',
      source: 'MANUAL',
      createdBy: RITA,
    });
    const [stored] = await runs();
    expect(stored).toMatchObject({ organisationId: acmeId, scenario: 'Verify a pack', source: 'MANUAL' });
    const [audit] = await audits('TestRun');
    expect(audit).toMatchObject({ actor: RITA, action: 'CREATE', entityId: body.id });
  });

  it('answers 409 TEST_RUN_EXISTS for the same run (same instant in another zone), writing nothing more', async () => {
    expect((await addRun(manual)).status).toBe(201);
    const again = await addRun({
      ...manual,
      executedAt: '2026-01-05T09:00:00Z',
      result: 'PASSED',
      errorCode: '',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('TEST_RUN_EXISTS');
    expect(await runs()).toHaveLength(1);
    expect(await audits('TestRun')).toHaveLength(1);
  });

  it.each([
    ['a failure without error code', { errorCode: '' }, 'ERROR_CODE_REQUIRED', 'errorCode'],
    ['a pass with an error code', { result: 'PASSED' }, 'ERROR_CODE_NOT_ALLOWED', 'errorCode'],
    [
      'a run in the future',
      { executedAt: new Date(Date.now() + 2 * HOUR).toISOString() },
      'EXECUTED_IN_FUTURE',
      'executedAt',
    ],
    ['an unknown environment', { environment: 'DEV' }, 'INVALID_FIELD', 'environment'],
    ['a blank scenario', { scenario: '   ' }, 'INVALID_FIELD', 'scenario'],
    ['a scenario over 200 characters', { scenario: 'x'.repeat(201) }, 'INVALID_FIELD', 'scenario'],
    ['a date without zone', { executedAt: '2026-01-05T10:00:00' }, 'INVALID_FIELD', 'executedAt'],
    ['no OBP number', { obpNumber: 'Acme' }, 'INVALID_FIELD', 'obpNumber'],
  ])('answers 400 for %s', async (_name, change, code, field) => {
    const { status, body } = await addRun({ ...manual, ...change });
    expect(status).toBe(400);
    expect(body[0]).toMatchObject({ code, field });
    expect(await runs()).toHaveLength(0);
  });

  it('answers 400 UNKNOWN_COMPANY for an OBP number no company has', async () => {
    const { status, body } = await addRun({ ...manual, obpNumber: 'C09999' });
    expect(status).toBe(400);
    expect(body.code).toBe('UNKNOWN_COMPANY');
    expect(await audits('TestRun')).toHaveLength(0);
  });
});

describe('POST /api/test-runs/import (a CSV)', () => {
  const good = [
    `C00001,IQE,Verify a pack,PASSED,,${hoursAgo(3)}`,
    `C00002,ite,"Decommission, then verify",failed,E-201,${hoursAgo(2)}`,
    `C00001,PRD,Verify a pack,PASSED,,${hoursAgo(1)}`,
  ];

  it('writes the good lines and reports the bad one with its line number and reason', async () => {
    const csv = [
      HEADER,
      good[0],
      `C00001,IQE,Verify a batch,FAILED,,${hoursAgo(1)}`,
      good[1],
      '',
      good[2],
      '',
    ].join('\n');
    const { status, body } = await importCsv(csv);
    expect(status).toBe(200);
    expect(body).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [
        {
          line: 3,
          code: 'ERROR_CODE_REQUIRED',
          field: 'errorCode',
          message: 'A failed run needs its error code',
        },
      ],
    });
    const stored = await runs();
    expect(stored.map((run) => [run.scenario, run.environment, run.result, run.source])).toEqual([
      ['Decommission, then verify', 'ITE', 'FAILED', 'CSV_IMPORT'],
      ['Verify a pack', 'IQE', 'PASSED', 'CSV_IMPORT'],
      ['Verify a pack', 'PRD', 'PASSED', 'CSV_IMPORT'],
    ]);
    const [audit] = await audits('TestRunImport');
    expect(audit).toMatchObject({ actor: RITA, action: 'IMPORT' });
    expect(audit?.diff).toEqual({ lines: 4, accepted: 3, duplicates: 0, rejected: 1 });
  });

  it('adds nothing when the same file comes again: every line a duplicate', async () => {
    const csv = [HEADER, ...good].join('\r\n');
    expect((await importCsv(csv)).body).toMatchObject({ accepted: 3, duplicates: 0, rejected: [] });
    expect((await importCsv(csv)).body).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await runs()).toHaveLength(3);
    expect(await audits('TestRunImport')).toHaveLength(2);
  });

  it('reads the columns in any order, and refuses unknown companies, bad lines and repeats per line', async () => {
    // One time for every line: line 4 repeats line 2 only if both carry the same instant.
    const executedAt = hoursAgo(5);
    const csv = [
      // A spreadsheet's export: a byte-order mark, semicolons, an extra column.
      '\uFEFFexecutedAt;result;scenario;environment;obpNumber;errorCode;comment',
      `${executedAt};PASSED;Verify;IQE;C00001;;first`,
      `${executedAt};PASSED;Verify;IQE;C07777;;nobody`,
      `${executedAt};PASSED;Verify;IQE;C00001;;again`,
      `${executedAt};PASSED;Verify;IQE`,
      `yesterday;PASSED;Verify;IQE;C00001;;bad date`,
    ].join('\n');
    const { status, body } = await importCsv(csv);
    expect(status).toBe(200);
    expect(body.accepted).toBe(1);
    expect(body.rejected.map(({ line, code, field }) => ({ line, code, field }))).toEqual([
      { line: 3, code: 'UNKNOWN_COMPANY', field: 'obpNumber' },
      { line: 4, code: 'DUPLICATE_IN_FILE', field: undefined },
      { line: 5, code: 'COLUMN_COUNT', field: undefined },
      { line: 6, code: 'INVALID_FIELD', field: 'executedAt' },
    ]);
  });

  it.each([
    ['an empty file', '', 'CSV_EMPTY'],
    ['a header without the columns', 'company,env\nC00001,IQE\n', 'CSV_COLUMNS_MISSING'],
    [
      'more lines than an import holds',
      [HEADER, ...Array.from({ length: 5001 }, (_v, i) => `C00001,IQE,S${i},PASSED,,${hoursAgo(1)}`)].join(
        '\n',
      ),
      'TOO_MANY_LINES',
    ],
  ])('answers 400 for %s, writing nothing', async (_name, csv, code) => {
    const { status, body } = await importCsv(csv);
    expect(status).toBe(400);
    expect(body.code).toBe(code);
    expect(await runs()).toHaveLength(0);
    expect(await audits('TestRunImport')).toHaveLength(0);
  });

  it('answers 413 FILE_TOO_LARGE past a million bytes', async () => {
    const { status, body } = await importCsv(`${HEADER}\n${'x'.repeat(1_000_001)}`);
    expect(status).toBe(413);
    expect(body.code).toBe('FILE_TOO_LARGE');
  });

  it('leaves nothing when writing fails midway (the second chunk of rows)', async () => {
    // A trigger that refuses one run, placed in the second INSERT of the import: the first has gone through
    // by then, and must be rolled back with it.
    await sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.scenario = 'boom' then raise exception 'refused'; end if; return new; end $$`.execute(
      t.db,
    );
    await sql`create trigger refuse_boom before insert on test_runs for each row execute function refuse_boom()`.execute(
      t.db,
    );
    try {
      const lines = Array.from(
        { length: IMPORT_CHUNK_ROWS + 10 },
        (_v, i) => `C00001,IQE,${i === IMPORT_CHUNK_ROWS + 5 ? 'boom' : `S${i}`},PASSED,,${hoursAgo(1)}`,
      );
      const { status } = await importCsv([HEADER, ...lines].join('\n'));
      expect(status).toBe(500);
      expect(await runs()).toHaveLength(0);
      expect(await audits('TestRunImport')).toHaveLength(0);
    } finally {
      await sql`drop trigger refuse_boom on test_runs`.execute(t.db);
      await sql`drop function refuse_boom()`.execute(t.db);
    }
  });
});

describe('only reviewers', () => {
  it.each([
    ['EXTERNAL', 'EmvoPortalExternal'],
    ['ADMIN', 'EmvoPortalAdmin'],
  ])('answers 403 to %s, on both routes', async (_name, claim) => {
    const headers = await reviewerHeaders(t, `other-${claim}@portal.test`, { roles: [claim] });
    expect((await addRun(manual, headers)).status).toBe(403);
    expect((await importCsv([HEADER, oneGoodLine()].join('\n'), headers)).status).toBe(403);
    expect(await runs()).toHaveLength(0);
  });
});

function oneGoodLine() {
  return `C00001,IQE,Verify a pack,PASSED,,${hoursAgo(3)}`;
}

describe('the import as a multipart file (as the SPA sends it)', () => {
  const multipart = (csv: string, filename = 'runs.csv') => {
    const boundary = '----test-runs-boundary';
    const payload = [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file"; filename="${filename}"`,
      'Content-Type: text/csv',
      '',
      csv,
      `--${boundary}--`,
      '',
    ].join('\r\n');
    return t.app.inject({
      method: 'POST',
      url: '/api/test-runs/import',
      headers: { ...rita, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
  };

  it('reads the file part like a text/csv body', async () => {
    const response = await multipart([HEADER, oneGoodLine()].join('\n'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
  });

  it('answers 413 FILE_TOO_LARGE for a file past a million bytes, writing nothing', async () => {
    const response = await multipart(`${HEADER}\n${'x'.repeat(1_000_001)}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
    expect(await runs()).toHaveLength(0);
  });

  // Found by the routes fuzz (src/test/fuzz): the parser's error for a body of another boundary was a 500.
  it.each([
    ['another boundary than its header names', 'multipart/form-data; boundary=other'],
    ['no boundary at all', 'multipart/form-data'],
  ])('answers 400 INVALID_MULTIPART for a body with %s, writing nothing', async (_case, contentType) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-runs/import',
      headers: { ...rita, 'content-type': contentType },
      payload: `------b\r\nContent-Disposition: form-data; name="file"; filename="runs.csv"\r\n\r\n${HEADER}\r\n------b--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_MULTIPART' });
    expect(await runs()).toHaveLength(0);
  });

  it('answers 415 for a JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test-runs/import',
      headers: rita,
      payload: { csv: HEADER },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });
});
