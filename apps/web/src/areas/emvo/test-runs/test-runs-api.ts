import {
  readTestRunCsv,
  type TestRun,
  type TestRunCsvReading,
  type TestRunDraft,
  type TestRunImportReport,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

/** The reviewers' test-run calls (apps/api modules/test-runs, contracts test-runs.ts). */
export const TEST_RUNS_PATH = '/api/test-runs';
export const TEST_RUNS_IMPORT_PATH = '/api/test-runs/import';
export const ORGANISATIONS_PATH = '/api/organisations';

/** What a new run changes: the metrics screen's figures and table, and any list of runs. */
export const METRICS_KEY = ['metrics'] as const;
export const TEST_RUNS_KEY = ['test-runs'] as const;

/** A company the reviewer can pick: its OBP number (what the API takes) and how the list shows it. */
export interface CompanyChoice {
  obpNumber: string;
  name: string;
}

/** The organisations list's first page (the API's maximum, 100), by OBP number, as the select's items. */
const COMPANIES_QUERY: ListQuery = { page: 1, limit: 100, order: ['obpNumber'], where: {}, whereMulti: {} };

export function useCompanyChoices() {
  const http = useHttp();
  return useQuery({
    // Not under ['test-runs']: adding a run changes no company.
    queryKey: ['organisations', 'test-run-choices'],
    queryFn: async ({ signal }) => {
      const page = await fetchListPage<{ obpNumber: string; legalName: string }>(
        http,
        ORGANISATIONS_PATH,
        COMPANIES_QUERY,
        signal,
      );
      return page.items.map(
        (organisation): CompanyChoice => ({
          obpNumber: organisation.obpNumber,
          name: `${organisation.obpNumber} · ${organisation.legalName}`,
        }),
      );
    },
  });
}

/** After a run is written: the metrics and run lists read again. */
function useInvalidateRuns() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: METRICS_KEY }),
      queryClient.invalidateQueries({ queryKey: TEST_RUNS_KEY }),
    ]);
}

export function useAddTestRun() {
  const http = useHttp();
  const invalidate = useInvalidateRuns();
  return useMutation({
    mutationFn: (run: TestRunDraft) => http<TestRun>(TEST_RUNS_PATH, { method: 'POST', body: run }),
    onSuccess: invalidate,
  });
}

/** The import sends the chosen file as multipart (the shared client's way of sending a file). */
export function useImportTestRuns() {
  const http = useHttp();
  const invalidate = useInvalidateRuns();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return http<TestRunImportReport>(TEST_RUNS_IMPORT_PATH, { method: 'POST', body });
    },
    onSuccess: invalidate,
  });
}

/**
 * The browser's preview of a CSV: papaparse, then the contracts reader the API runs on the same file. It
 * cannot know which OBP numbers exist: the API's report adds those refusals.
 */
export function previewTestRunCsv(text: string, now = new Date()): TestRunCsvReading {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  return readTestRunCsv(parsed.data, parsed.errors, now);
}
