import { iso, type TestRunSource } from '@portal/domain';
import type { TestRun, TestRunCsvReading, TestRunImportReport, TestRunInput } from './test-runs.js';

/*
 * What the API stores and answers for a test run, said once: its columns, the answer to an added run and
 * an import's report and audit row.
 */

/** A run's columns as the API stores them (it adds who and when). */
export const testRunColumns = (organisationId: string, run: TestRunInput, source: TestRunSource) => ({
  organisationId,
  environment: run.environment,
  scenario: run.scenario,
  result: run.result,
  errorCode: run.errorCode,
  executedAt: new Date(run.executedAt),
  source,
});

type Stamp = Date | string;
type StoredRun = Omit<ReturnType<typeof testRunColumns>, 'executedAt'> & {
  id: string;
  executedAt: Stamp;
  createdBy: string;
  createdAt: Stamp;
};

/** 409 TEST_RUN_EXISTS's words: the run is stored already. */
export const TEST_RUN_EXISTS_MESSAGE =
  'This company already has this run (same environment, scenario and time)';

/** POST /api/test-runs's answer: the stored run with its company's number and name. */
export const testRunOf = (stored: StoredRun, company: { obpNumber: string; legalName: string }): TestRun => ({
  id: stored.id,
  organisationId: stored.organisationId,
  obpNumber: company.obpNumber,
  legalName: company.legalName,
  environment: stored.environment,
  scenario: stored.scenario,
  result: stored.result,
  errorCode: stored.errorCode,
  executedAt: iso(stored.executedAt),
  source: stored.source,
  createdBy: stored.createdBy,
  createdAt: iso(stored.createdAt),
});

/**
 * An import's report, from the reading its unknown companies were refused in (refuseUnknownCompanies) and
 * how many of its runs were new (a run stored already counts as a duplicate, so the same file twice adds
 * nothing), and its one audit row's diff: the counts, not every line (the runs carry source and author).
 */
export function testRunImportReport(
  known: Extract<TestRunCsvReading, { ok: true }>,
  accepted: number,
): { report: TestRunImportReport; diff: Record<string, number> } {
  const { runs, rejected } = known;
  const duplicates = runs.length - accepted;
  return {
    report: { accepted, duplicates, rejected },
    diff: { lines: runs.length + rejected.length, accepted, duplicates, rejected: rejected.length },
  };
}
