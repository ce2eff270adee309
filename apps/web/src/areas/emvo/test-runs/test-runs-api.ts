import {
  metricsApi,
  organisationsApi,
  readTestRunCsv,
  type TestRunCsvReading,
  testRunsApi,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import Papa from 'papaparse';
import { useMemo } from 'react';
import { useApiMutation, useApiQuery } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

/** What a new run changes: the metrics screen's figures and table. */
const RUN_VIEWS = [metricsApi.figures, metricsApi.companies] as const;

/** A company the reviewer can pick: its OBP number (what the API takes) and how the list shows it. */
export interface CompanyChoice {
  obpNumber: string;
  name: string;
}

/** The organisations list's first page (the API's maximum, 100), by OBP number, as the select's items. */
const COMPANIES_QUERY: ListQuery = { page: 1, limit: 100, order: ['obpNumber'], where: {}, whereMulti: {} };

/** The companies a run may be for, once loaded. */
export function useCompanyChoices(): CompanyChoice[] | undefined {
  const items = useApiQuery(organisationsApi.list, { query: { list: COMPANIES_QUERY } }).data?.items;
  return useMemo(
    () =>
      items?.map((organisation) => ({
        obpNumber: organisation.obpNumber,
        name: `${organisation.obpNumber} · ${organisation.legalName}`,
      })),
    [items],
  );
}

/** Adding a run happens in a form dialog, which shows a refusal beside the form itself (INLINE_ERRORS). */
export const useAddTestRun = () =>
  useApiMutation(testRunsApi.add, { invalidates: RUN_VIEWS, meta: INLINE_ERRORS });

/** The import sends the chosen file as multipart (the shared client's way of sending a file). */
export const useImportTestRuns = () => useApiMutation(testRunsApi.import, { invalidates: RUN_VIEWS });

/** The import's body: the file as the one part of a multipart form. */
export function csvForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/**
 * The browser's preview of a CSV: papaparse, then the contracts reader the API runs on the same file. It
 * cannot know which OBP numbers exist: the API's report adds those refusals.
 */
export function previewTestRunCsv(text: string, now = new Date()): TestRunCsvReading {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  return readTestRunCsv(parsed.data, parsed.errors, now);
}
