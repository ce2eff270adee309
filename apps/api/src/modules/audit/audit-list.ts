import { AUDIT_LIST, type AuditRow } from '@portal/contracts';
import { iso } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../list/list-resource.js';
import { type ListPage, runList } from '../../list/list-sql.js';

/** The audit rows, each column named as AUDIT_LIST's field; the id stays a number so ties sort in order. */
export function auditQuery(db: Kysely<DB>) {
  return db
    .selectFrom('auditLog')
    .select(['id', 'at', 'actor', 'action', 'entity', 'entityId', 'diff', 'address']);
}

type QueryRow = Awaited<ReturnType<ReturnType<typeof auditQuery>['executeTakeFirstOrThrow']>>;

/** A row as contracts auditRowSchema answers it: the bigint id as text, the time as ISO. */
export const auditRowOf = (row: QueryRow): AuditRow => ({
  ...row,
  id: String(row.id),
  at: iso(row.at),
  diff: row.diff ?? null,
});

/** GET /api/audit: a page of the audit trail, newest first by default. */
export async function listAudit(db: Kysely<DB>, request: ListRequest): Promise<ListPage<AuditRow>> {
  const page = await runList(db, auditQuery(db), request, AUDIT_LIST);
  return { ...page, items: page.items.map(auditRowOf) };
}
