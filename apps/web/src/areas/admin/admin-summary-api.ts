import { firstScreenRoutes } from '@portal/contracts';
import { useApiQuery } from '../../http/api-hooks';

/** The admin landing page's counts and the latest audit rows (a route: no schemas on the first page). */
export const useAdminSummary = () => useApiQuery(firstScreenRoutes.adminSummary, {});
