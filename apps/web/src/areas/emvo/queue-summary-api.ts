import { firstScreenRoutes } from '@portal/contracts';
import { useApiQuery } from '../../http/api-hooks';

/** What waits in each queue, for the landing page. */
export const useQueueSummary = () => useApiQuery(firstScreenRoutes.queueSummary, {});
