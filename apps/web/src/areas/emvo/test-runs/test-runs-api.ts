import {
  companiesOf,
  metricsApi,
  organisationsApi,
  readTestRunCsv,
  refuseUnknownCompanies,
  type TestRunCsvReading,
  testRunCsvTemplate,
  testRunsApi,
} from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import Papa from 'papaparse';
import { useCallback, useMemo } from 'react';
import { callApi } from '../../../http/api-call';
import { useApiMutation, useApiQuery } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';
import { useHttp } from '../../../http/http-context';

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
 * The browser's reading of a CSV: papaparse, then the contracts reader the API runs on the same file. Which
 * companies exist is checked after it (usePreviewTestRunCsv), with the import's own rule.
 */
export function previewTestRunCsv(text: string, now = new Date()): TestRunCsvReading {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  return readTestRunCsv(parsed.data, parsed.errors, now);
}

/** The organisations list's largest page (contracts ORGANISATIONS_LIST maxLimit): OBP numbers looked up per call. */
const LOOKUP_CHUNK = 100;

/**
 * The import's preview, refusing a line whose company does not exist before the reviewer
 * confirms, with the import's own rule (contracts refuseUnknownCompanies): the file's OBP numbers are looked
 * up in the organisations list (`obpNumber=C00101,C00102`, 100 a call).
 */
export function usePreviewTestRunCsv(): (text: string) => Promise<TestRunCsvReading> {
  const http = useHttp();
  return useCallback(
    async (text: string) => {
      const reading = previewTestRunCsv(text);
      const numbers = companiesOf(reading);
      const known = new Set<string>();
      for (let start = 0; start < numbers.length; start += LOOKUP_CHUNK) {
        const chunk = numbers.slice(start, start + LOOKUP_CHUNK);
        const list: ListQuery = {
          page: 1,
          limit: LOOKUP_CHUNK,
          order: [],
          where: { obpNumber: { type: 'equal', value: chunk } },
          whereMulti: {},
        };
        const page = await callApi(http, organisationsApi.list, { query: { list } });
        for (const organisation of page.items) known.add(organisation.obpNumber);
      }
      return refuseUnknownCompanies(reading, (obpNumber) => known.has(obpNumber));
    },
    [http],
  );
}

/** The CSV template to fill in (contracts testRunCsvTemplate: the columns the import reads), as a link's file. */
export const TEST_RUN_TEMPLATE = {
  name: 'test-runs-template.csv',
  href: `data:text/csv;charset=utf-8,${encodeURIComponent(testRunCsvTemplate())}`,
};
