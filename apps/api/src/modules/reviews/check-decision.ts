import { CHECK_HELD_BY_OTHER, type CheckDecisionInput } from '@portal/contracts';
import { checkRecordOf, decide, holderOtherThan, needsTakeOver, refusalStatus } from '@portal/domain';
import type { Kysely } from 'kysely';
import { applyCheckTransition } from '../../company/apply-check-transition.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import { displayNamesOf } from '../../db/display-names.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Caller } from '../../http/caller.js';
import { lockCheckAtVersion } from './locked-check.js';
import { decisionMail } from './review-mails.js';
import type { ReviewServices } from './review-services.js';

/**
 * POST /api/checks/{id}/decisions, in one transaction: the check locked at the reviewer's version
 * (CHECK_DECIDED_FIRST when another decision came first), the domain's rules (packages/domain decide:
 * which action from which status, reasons, temporary approvals only in a test environment), then the
 * shared transition writer (check, CheckEvent, organisation status and stage, audit row; START assigns
 * the check to the caller) and, for every decision but START, the SPOC's mail. A check a colleague holds
 * is decided only with `takeOver` (409 CHECK_HELD_BY_OTHER naming them otherwise); the caller then holds it.
 */
export async function decideCheck(
  db: Kysely<DB>,
  services: ReviewServices,
  reviewer: Caller,
  checkId: string,
  input: CheckDecisionInput,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { organisation, check } = await lockCheckAtVersion(trx, checkId, input.version);
    if (needsTakeOver(check, reviewer.actor, input.takeOver === true)) {
      throw await heldByOtherError(trx, holderOtherThan(check, reviewer.actor) ?? '');
    }
    const decision = decide(checkRecordOf(check), input.action, {
      role: 'EMVO',
      actor: reviewer.actor,
      reason: input.reason,
      now,
      holidays: services.slaHolidays,
      testEnvironment: services.testEnvironment,
    });
    if (!decision.ok) throw new ApiError(refusalStatus(decision.code), decision.code, decision.message);
    const { event } = decision;
    // Taking the check over makes the caller its assignee (START assigns the caller anyway).
    const next = input.takeOver ? { ...decision.next, assignee: reviewer.actor } : decision.next;
    await applyCheckTransition(trx, {
      organisation,
      check,
      type: check.type,
      next,
      event,
      actor: reviewer.actor,
    });

    const { action } = input;
    if (action === 'START') return;
    await mailSpoc(trx, organisation, services, (recipient) =>
      decisionMail(recipient, { action, type: check.type, reason: next.reason }),
    );
  });
}

/**
 * The 409 of a decision on a check a colleague holds: its entry names them (`holder`, their display name;
 * `holderId`, the assignee as stored), so the SPA asks "Rita Reviewer is on this check — take it over?".
 */
async function heldByOtherError(trx: Kysely<DB>, holderId: string): Promise<ApiError> {
  const holder = (await displayNamesOf(trx, [holderId]))[holderId] ?? holderId;
  const message = `${holder} is on this check: take it over to decide it`;
  return new ApiError(409, CHECK_HELD_BY_OTHER, message, [
    { code: CHECK_HELD_BY_OTHER, message, values: { holder, holderId } },
  ]);
}
