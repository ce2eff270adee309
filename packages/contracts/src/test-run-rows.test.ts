import { describe, expect, it } from 'vitest';
import { testRunColumns, testRunImportReport, testRunOf } from './test-run-rows.js';

const run = {
  obpNumber: 'C00101',
  environment: 'IQE' as const,
  scenario: 'Verify a pack',
  result: 'PASSED' as const,
  errorCode: null,
  executedAt: '2026-03-02T08:00:00.000Z',
};

describe('test-run rows', () => {
  it('stores the columns, answers the run with its company', () => {
    const columns = testRunColumns('org-1', run, 'MANUAL');
    expect(columns).toEqual({
      organisationId: 'org-1',
      environment: 'IQE',
      scenario: 'Verify a pack',
      result: 'PASSED',
      errorCode: null,
      executedAt: new Date(run.executedAt),
      source: 'MANUAL',
    });
    const stored = { ...columns, id: 'run-1', createdBy: 'rita', createdAt: '2026-03-03T00:00:00.000Z' };
    expect(testRunOf(stored, { obpNumber: 'C00101', legalName: 'Acme' })).toEqual({
      ...columns,
      id: 'run-1',
      obpNumber: 'C00101',
      legalName: 'Acme',
      executedAt: run.executedAt,
      createdBy: 'rita',
      createdAt: '2026-03-03T00:00:00.000Z',
    });
  });

  it("reports an import's counts, a run stored already counting as a duplicate", () => {
    const rejected = [{ line: 3, code: 'UNKNOWN_COMPANY' as const, message: 'No company' }];
    const known = {
      ok: true as const,
      runs: [
        { line: 2, run },
        { line: 4, run },
      ],
      rejected,
    };
    expect(testRunImportReport(known, 1)).toEqual({
      report: { accepted: 1, duplicates: 1, rejected },
      diff: { lines: 3, accepted: 1, duplicates: 1, rejected: 1 },
    });
  });
});
