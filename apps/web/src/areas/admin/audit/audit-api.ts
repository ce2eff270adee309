import { auditApi } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { useApiList } from '../../../http/api-hooks';

export type { AdminSummary, AuditRow } from '@portal/contracts';

/** The audit trail, one page (spec §7 list query). */
export const useAuditRows = (query: ListQuery) => useApiList(auditApi.list, query);
