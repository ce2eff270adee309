import { type CheckViewers, PRESENCE_TTL_MS, type PresenceEvent } from '@portal/contracts';
import { type Kysely, sql, type Transaction } from 'kysely';
import { CHANGES_CHANNEL } from '../../changes/publish-change.js';
import { displayNameOf } from '../../db/display-names.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';

/**
 * "who else has this check open right now ('Rita Reviewer is viewing'), from the same
 * stream, so two reviewers don't start the same work". Each reviewer's screen renews its presence while the
 * check is open; a row holds until its expiry, in the database so every instance answers the same viewers.
 * Joining and leaving are announced on the changes channel (no change_events row: a presence is of the
 * moment, never replayed); a renewal only moves the expiry.
 */

async function organisationOfCheck(db: Kysely<DB> | Transaction<DB>, checkId: string): Promise<string> {
  const check = await db
    .selectFrom('checks')
    .select('organisationId')
    .where('id', '=', checkId)
    .executeTakeFirst();
  if (!check) throw notFound(`No check ${checkId}`);
  return check.organisationId;
}

/** The reviewers with the check open now, the longest-present first. */
export async function checkViewers(db: Kysely<DB> | Transaction<DB>, checkId: string): Promise<CheckViewers> {
  await organisationOfCheck(db, checkId);
  const rows = await db
    .selectFrom('checkPresence')
    .select(['viewer', 'viewerName', 'expiresAt'])
    .where('checkId', '=', checkId)
    .where('expiresAt', '>', sql<Date>`now()`)
    .orderBy('viewer')
    .execute();
  return {
    viewers: rows.map((row) => ({ ...row, expiresAt: new Date(row.expiresAt).toISOString() })),
  };
}

/** Sends the presence to every instance's streams, when the transaction commits. */
async function notifyPresence(trx: Transaction<DB>, presence: PresenceEvent): Promise<void> {
  await sql`select pg_notify(${CHANGES_CHANNEL}, json_build_object(
    'schema', current_schema(), 'presence', ${JSON.stringify(presence)}::json
  )::text)`.execute(trx);
}

/**
 * POST /api/checks/{id}/presence: the reviewer has the check open until PRESENCE_TTL_MS from now. Joining
 * (no live row before) is announced; answers who has it open now, the caller included.
 */
export async function announcePresence(
  db: Kysely<DB>,
  actor: string,
  checkId: string,
): Promise<CheckViewers> {
  return db.transaction().execute(async (trx) => {
    const organisationId = await organisationOfCheck(trx, checkId);
    const before = await trx
      .selectFrom('checkPresence')
      .select(sql<boolean>`expires_at > now()`.as('live'))
      .where('checkId', '=', checkId)
      .where('viewer', '=', actor)
      .executeTakeFirst();
    const written = await trx
      .insertInto('checkPresence')
      .values({
        checkId,
        viewer: actor,
        viewerName: displayNameOf(actor),
        expiresAt: sql<Date>`now() + ${`${PRESENCE_TTL_MS} milliseconds`}::interval`,
      })
      .onConflict((conflict) =>
        conflict.columns(['checkId', 'viewer']).doUpdateSet((eb) => ({
          viewerName: eb.ref('excluded.viewerName'),
          expiresAt: eb.ref('excluded.expiresAt'),
        })),
      )
      .returning(['viewerName', 'expiresAt'])
      .executeTakeFirstOrThrow();
    if (!before?.live) {
      await notifyPresence(trx, {
        checkId,
        organisationId,
        viewer: actor,
        viewerName: written.viewerName,
        state: 'viewing',
        expiresAt: new Date(written.expiresAt).toISOString(),
      });
    }
    return checkViewers(trx, checkId);
  });
}

/** DELETE /api/checks/{id}/presence: the reviewer closed the check; announced when they were present. */
export async function leavePresence(db: Kysely<DB>, actor: string, checkId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const organisationId = await organisationOfCheck(trx, checkId);
    const left = await trx
      .deleteFrom('checkPresence')
      .where('checkId', '=', checkId)
      .where('viewer', '=', actor)
      .returning(['viewerName', sql<boolean>`expires_at > now()`.as('live')])
      .executeTakeFirst();
    if (!left?.live) return;
    await notifyPresence(trx, {
      checkId,
      organisationId,
      viewer: actor,
      viewerName: left.viewerName,
      state: 'left',
      expiresAt: null,
    });
  });
}
