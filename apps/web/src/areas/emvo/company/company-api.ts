import { companiesApi } from '@portal/contracts';
import { useApiQuery } from '../../../http/api-hooks';

/** The company page, in one request (contracts companiesApi.page). */
export const useCompanyPage = (obpNumber: string) =>
  useApiQuery(companiesApi.page, { params: { obpNumber } });
