import { AUDIT_LIST, type AuditRow } from '@portal/contracts';
import { type CheckType, iso } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { type ListPage, runList } from '../../list/list-sql.js';

/**
 * The audit rows, each column named as AUDIT_LIST's field, in a derived table (so the list's SQL filters
 * and searches the resolved names): who by name (the user whose email is the actor), the record by name,
 * and its company by name and OBP number. The id stays a number so ties sort in order.
 *
 * The company is the row's own column (migration 0018 audit_organisation_of, set as the
 * row is written), joined by primary key, and the names are scalar lookups of the page's rows only, so a
 * page of ten million rows filtered by company, actor or date reads one index range
 * (audit_log_organisation_idx, audit_log_actor_idx, audit_log_at_idx) and nothing else.
 */
export function auditQuery(db: Kysely<DB>) {
  const rows = db
    .selectFrom('auditLog')
    .leftJoin('organisations as company', 'company.id', 'auditLog.organisationId')
    .select([
      'auditLog.id as id',
      'auditLog.at as at',
      'auditLog.actor as actor',
      sql<
        string | null
      >`(select u.display_name from users u where lower(u.email) = lower(audit_log.actor) limit 1)`.as(
        'actorName',
      ),
      'auditLog.action as action',
      'auditLog.entity as entity',
      'auditLog.entityId as entityId',
      // The record's current name, else the one the row kept (a deleted gateway or link: migration 0022).
      sql<
        string | null
      >`coalesce(audit_entity_name_of(audit_log.entity, audit_log.entity_id), audit_log.entity_name)`.as(
        'entityName',
      ),
      'auditLog.organisationId as organisationId',
      'company.legalName as companyName',
      'company.obpNumber as obpNumber',
      'auditLog.diff as diff',
      'auditLog.address as address',
      // What a row's sentence needs when its diff lacks it (a billing step names no check type, a token's
      // row no environment), and whom an assignment names, by name: scalar lookups of the page's rows.
      sql<CheckType | null>`case when audit_log.entity = 'check' then
        (select c.type from checks c where c.id::text = audit_log.entity_id) end`.as('checkType'),
      sql<string | null>`case when audit_log.entity = 'sessionToken' then
        (select s.environment from session_tokens s where s.id::text = audit_log.entity_id) end`.as(
        'environment',
      ),
      sql<string | null>`case when audit_log.diff ? 'assignee' then
        (select u.display_name from users u
          where lower(u.email) = lower(audit_log.diff -> 'assignee' ->> 'to') limit 1) end`.as(
        'assigneeName',
      ),
    ]);
  return db.selectFrom(rows.as('trail')).selectAll();
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
  const page = await runList(db.withTables<{ trail: QueryRow }>(), auditQuery(db), request, AUDIT_LIST);
  return { ...page, items: page.items.map(auditRowOf) };
}
