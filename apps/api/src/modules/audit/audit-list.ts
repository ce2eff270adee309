import { AUDIT_LIST, type AuditRow } from '@portal/contracts';
import { iso } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../list/list-resource.js';
import { type ListPage, runList } from '../../list/list-sql.js';

/** What an audit row is about: its record's own name and the company the record belongs to. */
interface AuditSubject {
  entity: string;
  entityId: string;
  name: string | null;
  organisationId: string | null;
}

/**
 * issue 23 item 19: every kind of record the trail names (contracts AUDIT_ENTITIES), with its name and its
 * company: a company is its own; a user, contact, check, document or token belongs to one; a disclaimer
 * acceptance through its user. Gateways, tooltips, texts and links belong to none.
 */
const subjects = sql<AuditSubject>`(
  select 'organisation' as entity, o.id::text as entity_id, o.legal_name as name, o.id::text as organisation_id
    from organisations o
  union all select 'user', u.id::text, u.display_name, u.organisation_id::text from users u
  union all select 'contact', c.id::text, c.first_name || ' ' || c.last_name, c.organisation_id::text
    from contacts c
  union all select 'check', k.id::text, null, k.organisation_id::text from checks k
  union all select 'registration', r.id::text, r.company_name, r.organisation_id::text from registrations r
  union all select 'disclaimerAcceptance', a.id::text, null, u.organisation_id::text
    from disclaimer_acceptances a join users u on u.id = a.user_id
  union all select 'participationAgreement', p.id::text, null, p.organisation_id::text
    from participation_agreements p
  union all select 'invoicingInformation', i.id::text, null, i.organisation_id::text from invoicing_information i
  union all select 'certificateRequest', q.id::text, null, q.organisation_id::text from certificate_requests q
  union all select 'sessionToken', s.id::text, null, s.organisation_id::text from session_tokens s
  union all select 'TestRun', t.id::text, null, t.organisation_id::text from test_runs t
  union all select 'storedFile', f.id::text, f.name, f.organisation_id::text from stored_files f
  union all select 'gateway', g.id::text, g.name, null from gateways g
  union all select 'tooltip', tt.id::text, tt.key, null from tooltips tt
  union all select 'disclaimerContent', d.id::text, d.title, null from disclaimer_contents d
  union all select 'link', l.id::text, l.label, null from links l
)`;

/**
 * The audit rows, each column named as AUDIT_LIST's field, in a derived table (so the list's SQL filters
 * and searches the resolved names): who by name (the user whose email is the actor), the record by name,
 * and its company by name and OBP number. The id stays a number so ties sort in order.
 */
export function auditQuery(db: Kysely<DB>) {
  const rows = db
    .selectFrom('auditLog')
    .leftJoin(subjects.as('subject'), (join) =>
      join
        .onRef('subject.entity', '=', 'auditLog.entity')
        .onRef('subject.entityId', '=', 'auditLog.entityId'),
    )
    .leftJoin('organisations as company', (join) =>
      join.on(sql`company.id::text`, '=', sql.ref('subject.organisationId')),
    )
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
      'subject.name as entityName',
      'subject.organisationId as organisationId',
      'company.legalName as companyName',
      'company.obpNumber as obpNumber',
      'auditLog.diff as diff',
      'auditLog.address as address',
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
