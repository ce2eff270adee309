import { companyCallerRefusal } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { actsForCompany, findCaller } from '../../company/caller-organisation.js';
import type { DB } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { type Caller, callerOf } from '../../http/caller.js';

/** The external user behind a token, with the one organisation they may read and write. */
export interface OnboardingCaller {
  userId: string;
  organisationId: string;
  /** REVOKED never gets this far (nor a user who is not ACTIVE): such a caller is refused. */
  access: 'FULL' | 'READ_ONLY';
  /** Who the audit rows and check events name: the token's email, else its subject. */
  actor: string;
}

const forbidden = (message: string) => new ApiError(403, 'FORBIDDEN', message);

/**
 * The caller's user and organisation, from the token (users.external_id = subject, else the unlinked
 * row with its email; company/caller-organisation.ts), never from the request: a user only ever reads or
 * writes their own organisation. No user, no organisation, revoked access or a user who is not ACTIVE
 * (INVITED, DISABLED): 403.
 * With `write`, a READ_ONLY user is refused too (domain.md: "a read-only view for a READ_ONLY user").
 */
export async function resolveCaller(
  db: Kysely<DB>,
  user: Caller,
  mode: 'read' | 'write',
): Promise<OnboardingCaller> {
  const caller = await findCaller(db, user);
  const refusal = companyCallerRefusal(caller, mode);
  // The domain's answer, and the guards that tell TypeScript what it means.
  if (refusal !== null || !caller?.organisationId || !actsForCompany(caller)) throw forbidden(refusal ?? '');
  return {
    userId: caller.userId,
    organisationId: caller.organisationId,
    access: caller.access,
    actor: user.actor,
  };
}

const callers = new WeakMap<FastifyRequest, OnboardingCaller>();

/**
 * A route hook resolving the caller before the body is read, so a refused caller's upload is never
 * streamed into the store; the handler then takes it with `onboardingCallerOf`.
 */
export const requireCaller =
  (db: Kysely<DB>, mode: 'read' | 'write') =>
  async (request: FastifyRequest): Promise<void> => {
    callers.set(request, await resolveCaller(db, callerOf(request), mode));
  };

/** The caller `requireCaller` resolved for this request. */
export function onboardingCallerOf(request: FastifyRequest): OnboardingCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('The onboarding routes resolve their caller in a preValidation hook');
  return caller;
}
