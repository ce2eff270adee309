import { type ChangeEvent, isReviewerOnlyChange, type PresenceEvent } from '@portal/contracts';
import type { Role } from '@portal/domain';

/**
 * Who a stream is for: what the ticket recorded of the token that asked for it (event-tickets.ts), its
 * roles narrowed to those the directory still granted then.
 */
export interface StreamCaller {
  subject: string;
  email: string | null;
  name: string | null;
  roles: Role[];
  /** An EXTERNAL caller's organisation, resolved when the ticket was issued; null: none. */
  organisationId: string | null;
}

/**
 * Each caller receives what the routes would let them read, no more.
 * - EXTERNAL: the changes of their own organisation only (GET /api/onboarding and its steps show its
 *   checks, application, session tokens, test runs and stage), without who made them: a company's screens
 *   never name a reviewer. No presence, and none of the reviewers' own work on a check (an assignment, an
 *   internal note: contracts REVIEWER_ONLY_CHANGES).
 * - EMVO: every change (the queues, the check detail, the session tokens, the test runs and the metrics
 *   read every company's) and presence (who else has a check open is the reviewers' own business).
 * - ADMIN: every change, actor included, as the audit trail and the admin landing's latest audit rows show
 *   every one of these writes with who made it; no presence (the administrators review no check).
 * A caller with several roles receives what any of them may.
 */
export function seesChange(caller: StreamCaller, change: ChangeEvent): boolean {
  if (caller.roles.includes('EMVO') || caller.roles.includes('ADMIN')) return true;
  return (
    caller.roles.includes('EXTERNAL') &&
    caller.organisationId !== null &&
    change.organisationId === caller.organisationId &&
    !isReviewerOnlyChange(change)
  );
}

/** Whether the caller is shown who made a change (reviewers and administrators are; a company is not). */
export const seesActors = (caller: StreamCaller): boolean =>
  caller.roles.includes('EMVO') || caller.roles.includes('ADMIN');

export const seesPresence = (caller: StreamCaller, _presence: PresenceEvent): boolean =>
  caller.roles.includes('EMVO');

/** The change as a company receives it: who made it left out. */
export const withoutActor = (change: ChangeEvent): ChangeEvent => ({
  ...change,
  actor: null,
  actorName: null,
});
