import { type OrganisationSummary, organisationsApi } from '@portal/contracts';
import { createListQuery, SEARCH_KEY } from '@portal/list-query';
import { callApi } from '../../../http/api-call';
import { useApiList } from '../../../http/api-hooks';
import { useHttp } from '../../../http/http-context';
import type { FilterItem } from './select-filter';

/** The companies a Company filter offers before anything is typed: the API's largest page, by name. */
const COMPANIES = createListQuery({ limit: 100, order: ['legalName'] });

/**
 * The Company filters' values from the API (organisationsApi.list), each named by its
 * legal name and OBP number; `valueFor` says what the filter compares (an id, a name). The first 100 show
 * at once; typing searches every company (name, OBP number) on the API, so a portal of years finds them all.
 */
export function useCompanyItems(valueFor: (company: OrganisationSummary) => string) {
  const http = useHttp();
  const { data, isFetching } = useApiList(organisationsApi.list, COMPANIES);
  const itemOf = (company: OrganisationSummary): FilterItem => ({
    id: valueFor(company),
    name: `${company.legalName} (${company.obpNumber})`,
  });
  const items: FilterItem[] = (data?.items ?? []).map(itemOf);
  const search = async (text: string): Promise<FilterItem[]> => {
    const list = createListQuery({ limit: 100, order: ['legalName'], whereMulti: { [SEARCH_KEY]: text } });
    const found = await callApi(http, organisationsApi.list, { query: { list } });
    return found.items.map(itemOf);
  };
  return { items, loading: isFetching, search };
}
