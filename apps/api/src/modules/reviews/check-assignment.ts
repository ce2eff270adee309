import { ASSIGNEE_NOT_REVIEWER, type CheckAssignmentInput } from '@portal/contracts';
import { assignmentAction, isAssignable, words } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { publishChange } from '../../changes/publish-change.js';
import { writeAudit } from '../../db/audit.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import { lockCheckAtVersion } from './locked-check.js';

/** An active reviewer's email as the directory stores it (what the check's assignee holds), or 400. */
async function reviewerEmail(trx: Transaction<DB>, email: string): Promise<string> {
  const reviewer = await trx
    .selectFrom('users')
    .select('email')
    .where(sql<boolean>`lower(email) = lower(${email})`)
    .where(sql<boolean>`'EMVO' = any(roles)`)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!reviewer) throw new ApiError(400, ASSIGNEE_NOT_REVIEWER, `${email} is no active reviewer`);
  return reviewer.email;
}

/**
 * PUT /api/checks/{id}/assignee, in one transaction: the check locked at the version the reviewer saw
 * (CHECK_DECIDED_FIRST when stale), assignable only while it waits on the reviewers, its assignee set
 * (version + 1), the audit row (TAKE_CHECK, ASSIGN_CHECK or UNASSIGN_CHECK, the assignee from and to) and
 * the change event colleagues' screens refetch on (the company's stream never carries it:
 * modules/events/event-access.ts).
 */
export async function assignCheck(
  db: Kysely<DB>,
  reviewer: Caller,
  checkId: string,
  input: CheckAssignmentInput,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { organisation, check } = await lockCheckAtVersion(trx, checkId, input.version);
    if (!isAssignable(check.status)) {
      throw new ApiError(
        409,
        'ACTION_NOT_ALLOWED',
        `A ${words(check.status)} check is assigned to nobody: only a check waiting on the reviewers is`,
      );
    }
    const assignee =
      input.to === 'ME'
        ? reviewer.actor
        : input.to === 'NOBODY'
          ? null
          : await reviewerEmail(trx, input.email);
    const written = await trx
      .updateTable('checks')
      .set({ assignee, updatedBy: reviewer.actor, updatedAt: new Date(), version: sql<number>`version + 1` })
      .where('id', '=', check.id)
      .returning(['version'])
      .executeTakeFirstOrThrow();
    const action = assignmentAction(reviewer.actor, assignee);
    await writeAudit(trx, {
      actor: reviewer.actor,
      action,
      entity: 'check',
      entityId: check.id,
      diff: { type: check.type, attempt: check.attempt, assignee: { from: check.assignee, to: assignee } },
    });
    await publishChange(trx, {
      kind: 'check',
      action,
      entityId: check.id,
      organisationId: organisation.id,
      version: written.version,
      checkType: check.type,
      actor: reviewer.actor,
    });
  });
}

/** GET /api/reviewers: the active reviewers a check can be assigned to, by name. */
export async function listReviewers(db: Kysely<DB>) {
  const reviewers = await db
    .selectFrom('users')
    .select(['email', 'displayName as name'])
    .where(sql<boolean>`'EMVO' = any(roles)`)
    .where('status', '=', 'ACTIVE')
    .orderBy('displayName')
    .orderBy('email')
    .limit(500)
    .execute();
  return { reviewers };
}
