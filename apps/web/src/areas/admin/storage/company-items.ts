import { type OrganisationSummary, organisationsApi } from '@portal/contracts';
import { createListQuery } from '@portal/list-query';
import { useApiList } from '../../../http/api-hooks';
import type { FilterItem } from './select-filter';

/** The companies a Company filter offers: the API's largest page, by name. */
const COMPANIES = createListQuery({ limit: 100, order: ['legalName'] });

/**
 * issue 23 item 18: the Company filters' values from the API (organisationsApi.list), each named by its
 * legal name and OBP number; `valueFor` says what the filter compares (an id, a name).
 */
export function useCompanyItems(valueFor: (company: OrganisationSummary) => string) {
  const { data, isFetching } = useApiList(organisationsApi.list, COMPANIES);
  const items: FilterItem[] = (data?.items ?? []).map((company) => ({
    id: valueFor(company),
    name: `${company.legalName} (${company.obpNumber})`,
  }));
  return { items, loading: isFetching };
}
