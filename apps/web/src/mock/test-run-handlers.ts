import {
  readTestRunCsv,
  TEST_RUN_IMPORT_MAX_BYTES,
  type TestRun,
  type TestRunImportReport,
  type TestRunInput,
  type TestRunRejection,
  testRunFieldsSchema,
  testRunKey,
} from '@portal/contracts';
import { testRunRuleBreach } from '@portal/domain';
import { type HttpHandler, HttpResponse, http } from 'msw';
import Papa from 'papaparse';
import { MOCK_ORGANISATIONS } from './mock-data';
import { apiError, MOCK_ACTOR, type MockContext, readBody } from './mock-http';
import { protectedHandler } from './mock-resource';

/*
 * Test runs in mock mode (apps/api modules/test-runs; contracts test-runs.ts): a run typed by a reviewer and
 * a CSV import, read with the same contracts reader and checked with the same domain rule as the API. The
 * runs live in memory (`runs`), unique by company, environment, scenario and time, so importing a file
 * twice adds nothing the second time.
 */

export const TEST_RUN_PATHS = { add: '/api/test-runs', import: '/api/test-runs/import' } as const;

/** The in-memory runs, for other mock handlers (the metrics screen's) to read. */
export interface MockTestRunStore {
  runs: TestRun[];
}

const byObpNumber = new Map(MOCK_ORGANISATIONS.map((organisation) => [organisation.obpNumber, organisation]));

/** The CSV of an import: the one file of a multipart body (as the SPA sends it) or a text/csv body. */
async function csvOf(request: Request): Promise<string | Response> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) {
    const file = (await request.formData()).get('file');
    // Not `instanceof Blob`: the request's File may come from another realm (msw in a test's jsdom).
    if (file === null || typeof file === 'string')
      return apiError(400, 'CSV_EMPTY', 'The request holds no file');
    if (file.size > TEST_RUN_IMPORT_MAX_BYTES)
      return apiError(413, 'FILE_TOO_LARGE', 'The file is too large');
    return file.text();
  }
  const text = await request.text();
  return text.length > TEST_RUN_IMPORT_MAX_BYTES
    ? apiError(413, 'FILE_TOO_LARGE', 'The file is too large')
    : text;
}

export function testRunHandlers(
  { delayMs, newId }: MockContext,
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
      id: newId(),
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
    http.post(
      TEST_RUN_PATHS.add,
      protectedHandler(delayMs, async (request) => {
        const body = await readBody(request, testRunFieldsSchema);
        if (!body.ok) return body.response;
        const run = body.value;
        const breach = testRunRuleBreach({ ...run, executedAt: new Date(run.executedAt) }, clock.now());
        if (breach) {
          return HttpResponse.json([{ code: breach.code, field: breach.field, message: breach.message }], {
            status: 400,
          });
        }
        if (!byObpNumber.has(run.obpNumber)) {
          return apiError(400, 'UNKNOWN_COMPANY', `No company has the OBP number ${run.obpNumber}`);
        }
        const stored = store1(run, 'MANUAL');
        if (!stored) {
          return apiError(
            409,
            'TEST_RUN_EXISTS',
            'This company already has this run (same environment, scenario and time)',
          );
        }
        return HttpResponse.json(stored, { status: 201 });
      }),
    ),

    http.post(
      TEST_RUN_PATHS.import,
      protectedHandler(delayMs, async (request) => {
        const csv = await csvOf(request);
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
        const report: TestRunImportReport = {
          accepted,
          duplicates,
          rejected: rejected.sort((a, b) => a.line - b.line),
        };
        return HttpResponse.json(report);
      }),
    ),
  ];
}
