import { type AdminSummary, LATEST_AUDIT_ROWS, VITAL_NAMES } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { auditQuery, auditRowOf } from './audit-list.js';

/**
 * GET /api/admin/summary: the admin landing page's counts, each leading to its screen:
 * pending invitations (users INVITED), disclaimer drafts, storage used, and the latest audit rows.
 */
export async function adminSummary(db: Kysely<DB>): Promise<AdminSummary> {
  const [invited, drafts, storage, latest, vitals] = await Promise.all([
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
    // The last day's p75 of each vital, over the signed-in people's readings: one row per
    // person and vital (modules/vitals), so each person counts once.
    db
      .selectFrom('webVitalReadings')
      .select([
        'name',
        sql<number | null>`percentile_cont(0.75) within group (order by value)`.as('p75'),
        sql<string>`count(*)`.as('people'),
      ])
      .where('at', '>=', new Date(Date.now() - 24 * 60 * 60_000))
      .groupBy('name')
      .execute(),
  ]);
  return {
    pendingInvitations: Number(invited.n),
    disclaimerDrafts: Number(drafts.n),
    storageBytes: Number(storage.bytes),
    storageFiles: Number(storage.files),
    latestAudit: latest.map(auditRowOf),
    vitals: VITAL_NAMES.map((name) => {
      const row = vitals.find((each) => each.name === name);
      return {
        name,
        p75: row?.p75 === null || row?.p75 === undefined ? null : Number(row.p75),
        people: Number(row?.people ?? 0),
      };
    }),
  };
}
