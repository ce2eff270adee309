import type { AdminSummary, AuditRow } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../../../http/http-context';
import { fetchListPage } from '../../../table/list-page';

export type { AdminSummary, AuditRow } from '@portal/contracts';

/** apps/api modules/audit: the audit trail and the admin landing page's summary. */
export const AUDIT_PATH = '/api/audit';
export const ADMIN_SUMMARY_PATH = '/api/admin/summary';

export function useAuditRows(query: ListQuery) {
  const http = useHttp();
  return useQuery({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => fetchListPage<AuditRow>(http, AUDIT_PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminSummary() {
  const http = useHttp();
  return useQuery({
    queryKey: ['admin-summary'],
    queryFn: ({ signal }) => http<AdminSummary>(ADMIN_SUMMARY_PATH, { signal }),
  });
}
