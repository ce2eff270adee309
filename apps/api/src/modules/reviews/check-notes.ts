import type { CheckNotes, NewCheckNote } from '@portal/contracts';
import { iso } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { publishChange } from '../../changes/publish-change.js';
import { writeAudit } from '../../db/audit.js';
import { displayNameOf } from '../../db/display-names.js';
import type { DB } from '../../db/schema.js';
import type { Caller } from '../../http/caller.js';
import { findCheck } from './check-detail.js';

/**
 * GET /api/checks/{id}/notes: the reviewers' internal notes on a check, oldest first, each author named.
 * Only the reviewers' and administrators' routes read check_notes: nothing the company reads (its
 * onboarding answer, its steps, its stream) ever selects from it.
 */
export async function listCheckNotes(db: Kysely<DB>, checkId: string): Promise<CheckNotes> {
  await findCheck(db, checkId);
  const rows = await db
    .selectFrom('checkNotes')
    .select([
      'id',
      'checkId',
      'author',
      'body',
      'createdAt',
      displayNameOf(sql.ref<string>('check_notes.author')).as('authorName'),
    ])
    .where('checkId', '=', checkId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  return { notes: rows.map(({ createdAt, ...note }) => ({ ...note, at: iso(createdAt) })) };
}

/**
 * POST /api/checks/{id}/notes, in one transaction: the note, its audit row (ADD_NOTE on the check; the
 * trail is the administrators', who read the notes too) and a change event with no version (the check
 * itself did not change) so colleagues with the check open refetch its notes; the company's stream never
 * carries it (modules/events/event-access.ts).
 */
export async function addCheckNote(
  db: Kysely<DB>,
  reviewer: Caller,
  checkId: string,
  input: NewCheckNote,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const check = await findCheck(trx, checkId);
    const note = await trx
      .insertInto('checkNotes')
      .values({ checkId, author: reviewer.actor, body: input.body })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actor: reviewer.actor,
      action: 'ADD_NOTE',
      entity: 'check',
      entityId: checkId,
      diff: { type: check.type, attempt: check.attempt, noteId: note.id, body: input.body },
    });
    await publishChange(trx, {
      kind: 'check',
      action: 'ADD_NOTE',
      entityId: checkId,
      organisationId: check.organisationId,
      version: null,
      checkType: check.type,
      actor: reviewer.actor,
    });
  });
}
