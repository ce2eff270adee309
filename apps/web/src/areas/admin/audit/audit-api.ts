import { auditApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList, useApiQuery } from '../../../http/api-hooks';

export type { AdminSummary, AuditRow } from '@portal/contracts';

/** The audit trail, one page (spec §7 list query). */
export const useAuditRows = (query: ListQuery) => useApiList(auditApi.list, query);

/** The admin landing page's counts and the latest audit rows. */
export const useAdminSummary = () => useApiQuery(auditApi.summary, {});
