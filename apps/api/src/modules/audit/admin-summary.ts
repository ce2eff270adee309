import type { AdminSummary } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { auditQuery, auditRowOf } from './audit-list.js';

/** How many rows the landing page shows of the audit trail (issue 13 item 5: "the latest audit rows"). */
export const LATEST_AUDIT_ROWS = 5;

/**
 * GET /api/admin/summary (issue 13 item 5): the admin landing page's counts, each leading to its screen:
 * pending invitations (users INVITED), disclaimer drafts, storage used, and the latest audit rows.
 */
export async function adminSummary(db: Kysely<DB>): Promise<AdminSummary> {
  const [invited, drafts, storage, latest] = await Promise.all([
    db
      .selectFrom('users')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'INVITED')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('disclaimerContents')
      .select(sql<string>`count(*)`.as('n'))
      .where('status', '=', 'DRAFT')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('storedFiles')
      .select([sql<string>`count(*)`.as('files'), sql<string>`coalesce(sum(size), 0)`.as('bytes')])
      .executeTakeFirstOrThrow(),
    auditQuery(db).orderBy('at', 'desc').orderBy('id', 'desc').limit(LATEST_AUDIT_ROWS).execute(),
  ]);
  return {
    pendingInvitations: Number(invited.n),
    disclaimerDrafts: Number(drafts.n),
    storageBytes: Number(storage.bytes),
    storageFiles: Number(storage.files),
    latestAudit: latest.map(auditRowOf),
  };
}
