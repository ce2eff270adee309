import {
  readTestRunCsv,
  TEST_RUN_IMPORT_MAX_BYTES,
  type TestRun,
  type TestRunInput,
  type TestRunRejection,
  testRunKey,
  testRunsApi,
} from '@portal/contracts';
import { testRunRuleBreach } from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { MOCK_ORGANISATIONS } from './mock-data';
import { apiError, MOCK_ACTOR, type MockContext } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * Test runs in mock mode (apps/api modules/test-runs; contracts test-runs.ts): a run typed by a reviewer and
 * a CSV import, read with the same contracts reader and checked with the same domain rule as the API. The
 * runs live in memory (`runs`), unique by company, environment, scenario and time, so importing a file
 * twice adds nothing the second time.
 */

/** The in-memory runs, for other mock handlers (the metrics screen's) to read. */
export interface MockTestRunStore {
  runs: TestRun[];
}

const byObpNumber = new Map(MOCK_ORGANISATIONS.map((organisation) => [organisation.obpNumber, organisation]));

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

export function testRunHandlers(
  context: MockContext,
  store: MockTestRunStore = { runs: [] },
  clock: { now: () => Date } = { now: () => new Date() },
): HttpHandler[] {
  const keys = new Set(store.runs.map((run) => testRunKey(run)));

  /** Stores a run unless the same one is there: the stored run, or null for a duplicate. */
  const store1 = (run: TestRunInput, source: TestRun['source']): TestRun | null => {
    const organisation = byObpNumber.get(run.obpNumber);
    const key = testRunKey(run);
    if (!organisation || keys.has(key)) return null;
    keys.add(key);
    const stored: TestRun = {
      id: context.newId(),
      organisationId: organisation.id,
      obpNumber: organisation.obpNumber,
      legalName: organisation.legalName,
      environment: run.environment,
      scenario: run.scenario,
      result: run.result,
      errorCode: run.errorCode,
      executedAt: new Date(run.executedAt).toISOString(),
      source,
      createdBy: MOCK_ACTOR,
      createdAt: clock.now().toISOString(),
    };
    store.runs.push(stored);
    return stored;
  };

  return [
    mockRoute(context, testRunsApi.add, async ({ body: run }) => {
      const breach = testRunRuleBreach({ ...run, executedAt: new Date(run.executedAt) }, clock.now());
      if (breach) {
        return HttpResponse.json([{ code: breach.code, field: breach.field, message: breach.message }], {
          status: 400,
        });
      }
      if (!byObpNumber.has(run.obpNumber)) {
        return apiError(400, 'UNKNOWN_COMPANY', `No company has the OBP number ${run.obpNumber}`);
      }
      return (
        store1(run, 'MANUAL') ??
        apiError(
          409,
          'TEST_RUN_EXISTS',
          'This company already has this run (same environment, scenario and time)',
        )
      );
    }),

    mockRoute(context, testRunsApi.import, async ({ body }) => {
      const csv = await csvOf(body);
      if (typeof csv !== 'string') return csv;
      const parsed = Papa.parse<string[]>(csv, { header: false, skipEmptyLines: false });
      const reading = readTestRunCsv(parsed.data, parsed.errors, clock.now());
      if (!reading.ok) return apiError(400, reading.code, reading.message);
      const rejected: TestRunRejection[] = [...reading.rejected];
      let accepted = 0;
      let duplicates = 0;
      for (const { line, run } of reading.runs) {
        if (!byObpNumber.has(run.obpNumber)) {
          rejected.push({
            line,
            code: 'UNKNOWN_COMPANY',
            field: 'obpNumber',
            message: `No company has the OBP number ${run.obpNumber}`,
          });
        } else if (store1(run, 'CSV_IMPORT')) accepted += 1;
        else duplicates += 1;
      }
      return { accepted, duplicates, rejected: rejected.sort((a, b) => a.line - b.line) };
    }),
  ];
}
