import {
  isSameTestRun,
  readTestRunCsv,
  refuseUnknownCompanies,
  TEST_RUN_EXISTS_MESSAGE,
  TEST_RUN_IMPORT_MAX_BYTES,
  type TestRunInput,
  testRunColumns,
  testRunImportReport,
  testRunOf,
  testRunsApi,
  unknownCompanyMessage,
} from '@portal/contracts';
import type { OrganisationRow } from '@portal/demo-data';
import { isoDates, type TestRunSource, testRunRuleBreach } from '@portal/domain';
import type { HttpHandler } from 'msw';
import Papa from 'papaparse';
import { apiError, errorList, type MockContext, mockRoute } from './mock-http';
import { insertRow, writeAudit } from './mock-resource';

/*
 * Test runs in mock mode (apps/api modules/test-runs test-run-writes.ts): a run a reviewer typed and a CSV
 * import, read with the same contracts reader, checked with the same domain rule and stored with the same
 * columns (contracts test-run-rows.ts) as the API, in db.testRuns (the metrics screen's figures read them).
 * A run is unique by company, environment, scenario and time (the API's unique index), so importing a file
 * twice adds nothing the second time.
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

  /** Stores the company's run unless the same one is there (`on conflict do nothing`): its row, else null. */
  const store = (company: OrganisationRow, run: TestRunInput, source: TestRunSource, request: Request) => {
    const columns = isoDates(testRunColumns(company.id, run, source));
    if (db.testRuns.some((row) => isSameTestRun(row, columns))) return null;
    return insertRow(context, request, 'testRuns', { ...columns, approvedBy: null });
  };

  return [
    mockRoute(context, testRunsApi.add, async ({ body: run, request }) => {
      const breach = testRunRuleBreach({ ...run, executedAt: new Date(run.executedAt) }, context.now());
      if (breach) return errorList([breach]);
      const company = companyOf(run.obpNumber);
      if (!company) return apiError(400, 'UNKNOWN_COMPANY', unknownCompanyMessage(run.obpNumber));
      const row = store(company, run, 'MANUAL', request);
      if (!row) return apiError(409, 'TEST_RUN_EXISTS', TEST_RUN_EXISTS_MESSAGE);
      const diff = { ...run, source: 'MANUAL' };
      writeAudit(context, request, { action: 'CREATE', entity: 'TestRun', entityId: row.id, diff });
      return testRunOf(row, company);
    }),

    mockRoute(context, testRunsApi.import, async ({ body, request }) => {
      const csv = await csvOf(body);
      if (typeof csv !== 'string') return csv;
      const parsed = Papa.parse<string[]>(csv, { header: false, skipEmptyLines: false });
      const reading = readTestRunCsv(parsed.data, parsed.errors, context.now());
      // The preview's own rule (contracts refuseUnknownCompanies): a line naming no company is refused.
      const known = refuseUnknownCompanies(reading, (obpNumber) => companyOf(obpNumber) !== undefined);
      if (!known.ok) return apiError(400, known.code, known.message);
      const stored = known.runs.filter(({ run }) => {
        const company = companyOf(run.obpNumber);
        return company && store(company, run, 'CSV_IMPORT', request);
      });
      const { report, diff } = testRunImportReport(known, stored.length);
      writeAudit(context, request, {
        action: 'IMPORT',
        entity: 'TestRunImport',
        entityId: context.newId(),
        diff,
      });
      return report;
    }),
  ];
}
