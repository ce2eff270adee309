import {
  readTestRunCsv,
  refuseUnknownCompanies,
  TEST_RUN_IMPORT_MAX_BYTES,
  type TestRun,
  type TestRunInput,
  testRunSchema,
  testRunsApi,
  unknownCompanyMessage,
} from '@portal/contracts';
import type { TestRunRow } from '@portal/demo-data';
import { iso, testRunRuleBreach } from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { actorOf, writeAudit } from './audit-trail';
import { apiError, type MockContext } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * Test runs in mock mode (apps/api modules/test-runs test-run-writes.ts): a run a reviewer typed and a CSV
 * import, read with the same contracts reader and checked with the same domain rule as the API, stored in
 * db.testRuns (the metrics screen's figures read them). A run is unique by company, environment, scenario
 * and time (the API's unique index), so importing a file twice adds nothing the second time.
 */

/**
 * The CSV of an import: the one file of the multipart body, as the SPA sends it (the API also reads a
 * text/csv body, which only scripts send).
 */
async function csvOf(form: FormData): Promise<string | Response> {
  const file = form.get('file');
  // Not `instanceof Blob`: the request's File may come from another realm (msw in a test's jsdom).
  if (file === null || typeof file === 'string')
    return apiError(400, 'CSV_EMPTY', 'The request holds no file');
  if (file.size > TEST_RUN_IMPORT_MAX_BYTES) return apiError(413, 'FILE_TOO_LARGE', 'The file is too large');
  return file.text();
}

export function testRunHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const companyOf = (obpNumber: string) => db.organisations.find((row) => row.obpNumber === obpNumber);

  /** Stores the run unless the same one is there (`on conflict do nothing`): its row, else null. */
  const store = (run: TestRunInput, source: TestRunRow['source'], request: Request): TestRunRow | null => {
    const organisation = companyOf(run.obpNumber);
    const executedAt = iso(run.executedAt);
    if (!organisation) return null;
    const same = (row: TestRunRow) =>
      row.organisationId === organisation.id &&
      row.environment === run.environment &&
      row.scenario === run.scenario &&
      row.executedAt === executedAt;
    if (db.testRuns.some(same)) return null;
    const actor = actorOf(context, request);
    const now = context.now().toISOString();
    const row: TestRunRow = {
      id: context.newId(),
      createdAt: now,
      updatedAt: now,
      createdBy: actor,
      updatedBy: actor,
      version: 1,
      organisationId: organisation.id,
      environment: run.environment,
      scenario: run.scenario,
      result: run.result,
      errorCode: run.errorCode,
      executedAt,
      source,
      approvedBy: null,
    };
    db.testRuns.push(row);
    return row;
  };

  /** apps/api addTestRun's answer: the stored run with its company's number and name. */
  const dtoOf = (row: TestRunRow, run: TestRunInput): TestRun =>
    testRunSchema.parse({ ...companyOf(run.obpNumber), ...row });

  return [
    mockRoute(context, testRunsApi.add, async ({ body: run, request }) => {
      const breach = testRunRuleBreach({ ...run, executedAt: new Date(run.executedAt) }, context.now());
      if (breach) {
        const { code, field, message } = breach;
        return HttpResponse.json([{ code, field, message }], { status: 400 });
      }
      if (!companyOf(run.obpNumber))
        return apiError(400, 'UNKNOWN_COMPANY', unknownCompanyMessage(run.obpNumber));
      const row = store(run, 'MANUAL', request);
      if (!row) {
        return apiError(
          409,
          'TEST_RUN_EXISTS',
          'This company already has this run (same environment, scenario and time)',
        );
      }
      writeAudit(context, request, {
        action: 'CREATE',
        entity: 'TestRun',
        entityId: row.id,
        diff: { ...run, source: 'MANUAL' },
      });
      return dtoOf(row, run);
    }),

    mockRoute(context, testRunsApi.import, async ({ body, request }) => {
      const csv = await csvOf(body);
      if (typeof csv !== 'string') return csv;
      const parsed = Papa.parse<string[]>(csv, { header: false, skipEmptyLines: false });
      const reading = readTestRunCsv(parsed.data, parsed.errors, context.now());
      // The preview's own rule (contracts refuseUnknownCompanies): a line naming no company is refused.
      const known = refuseUnknownCompanies(reading, (obpNumber) => companyOf(obpNumber) !== undefined);
      if (!known.ok) return apiError(400, known.code, known.message);
      const { rejected } = known;
      let accepted = 0;
      let duplicates = 0;
      for (const { run } of known.runs) {
        if (store(run, 'CSV_IMPORT', request)) accepted += 1;
        else duplicates += 1;
      }
      // One audit row per import: its counts (the runs themselves carry source and author).
      writeAudit(context, request, {
        action: 'IMPORT',
        entity: 'TestRunImport',
        entityId: context.newId(),
        diff: {
          lines: known.runs.length + rejected.length,
          accepted,
          duplicates,
          rejected: rejected.length,
        },
      });
      return { accepted, duplicates, rejected };
    }),
  ];
}
