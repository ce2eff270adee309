import type { CheckType } from './checks.js';
import { canSubmit, type OrganisationProgress } from './stages.js';
import type { TechnicalEnvironment, TokenRequestNeed } from './technical.js';
import { type PersonStanding, withdrawnByPortal } from './users.js';
import { words } from './words.js';

/*
 * Why the company's onboarding writes refuse (their 4xx), once: the API throws each as an ApiError.
 */

/** A refused write: its HTTP status, error code and message. */
export interface CompanyRefusal {
  status: 400 | 404 | 409;
  code: string;
  message: string;
}

const refusal = (status: CompanyRefusal['status'], code: string, message: string): CompanyRefusal => ({
  status,
  code,
  message,
});

/** A submission the stage does not allow now (409 ACTION_NOT_ALLOWED), after `decide` allowed it. */
export function submitStageRefusal(type: CheckType, progress: OrganisationProgress): CompanyRefusal | null {
  if (canSubmit(type, progress)) return null;
  const stage = progress.stage.toLowerCase();
  const message =
    type === 'LEGITIMACY'
      ? `An application in stage ${stage} cannot submit its legitimacy step`
      : `The ${words(type)} step opens once the legitimacy is approved (stage ${stage}, legitimacy ${progress.legitimacyStatus.toLowerCase()})`;
  return refusal(409, 'ACTION_NOT_ALLOWED', message);
}

/** domain.md: the organisation type is locked after the first submission (409 ORG_TYPE_LOCKED). */
export function orgTypeRefusal<OrgType extends string>(
  legitimacy: { attempt: number } | undefined,
  stored: OrgType,
  wanted: OrgType,
): CompanyRefusal | null {
  if ((legitimacy?.attempt ?? 0) < 1 || wanted === stored) return null;
  return refusal(409, 'ORG_TYPE_LOCKED', `The organisation type stays ${stored} after the first submission`);
}

/** The contractual step has nothing to sign before the first template is published. */
export const NO_AGREEMENT_TEMPLATE = refusal(
  409,
  'NO_AGREEMENT_TEMPLATE',
  'The participation agreement template is not published yet: there is nothing to sign',
);

/**
 * A person whose access the portal withdrew (packages/domain withdrawnByPortal): the company sees that
 * standing and never undoes it, on any of its people routes (409 ACCESS_WITHDRAWN_BY_PORTAL).
 */
export const WITHDRAWN_BY_PORTAL = refusal(
  409,
  'ACCESS_WITHDRAWN_BY_PORTAL',
  'The portal withdrew this person’s access; only EMVO can restore it',
);

/**
 * Inviting the SPOC Assistant (domain.md People): one at a time (a contact with an address is one), never
 * a person of the company already (one it removed itself may be invited again), never one whose access
 * the portal withdrew.
 */
export function invitationRefusal(
  current: { email: string } | undefined,
  existing: PersonStanding | undefined,
  email: string,
): CompanyRefusal | null {
  if (current && current.email.trim() !== '') {
    const message = `The company's SPOC Assistant is ${current.email}: remove them first to invite another person`;
    return refusal(409, 'SPOC_ASSISTANT_EXISTS', message);
  }
  if (existing && withdrawnByPortal(existing)) return WITHDRAWN_BY_PORTAL;
  if (existing && existing.status !== 'DISABLED') {
    return refusal(409, 'ALREADY_A_PERSON', `${email} is one of the company's people already`);
  }
  return null;
}

/** At most `max` people who are not disabled (contracts MAX_PEOPLE_PER_COMPANY; 409 TOO_MANY_PEOPLE). */
export const tooManyPeople = (people: number, max: number): CompanyRefusal | null =>
  people < max
    ? null
    : refusal(
        409,
        'TOO_MANY_PEOPLE',
        `A company has at most ${max} people in the portal; it has ${people} already`,
      );

/** Removing the SPOC Assistant: there is one (404), and it is not the caller. */
export function removalRefusal(
  contact: object | undefined,
  assistants: ReadonlyArray<{ id: string }>,
  callerId: string,
): CompanyRefusal | null {
  if (!contact && assistants.length === 0)
    return refusal(404, 'NOT_FOUND', 'The company has no SPOC Assistant');
  if (assistants.some((user) => user.id === callerId))
    return refusal(409, 'OWN_ACCOUNT', 'You cannot remove yourself');
  return null;
}

/**
 * Setting a person's access: one of the company's people (one it removed itself is not found: 404, so
 * nothing leaks), not the caller, not one whose access the portal withdrew, and only the invited person's
 * (the SPOC Assistant's).
 */
export function accessRefusal(
  person: ({ id: string; obpRole: string | null } & PersonStanding) | undefined,
  userId: string,
  callerId: string,
): CompanyRefusal | null {
  const removed = person?.status === 'DISABLED' && !withdrawnByPortal(person);
  if (!person || removed) return refusal(404, 'NOT_FOUND', `No person ${userId} in your company`);
  if (person.id === callerId) return refusal(409, 'OWN_ACCOUNT', 'You cannot change your own access');
  if (withdrawnByPortal(person)) return WITHDRAWN_BY_PORTAL;
  if (person.obpRole === 'SPOC_ASSISTANT') return null;
  const message = "Only an invited person's (the SPOC Assistant's) access is set here";
  return refusal(409, 'ACCESS_NOT_CHANGEABLE', message);
}

/** Choosing a gateway that is not active, certified and offering the environment (400 GATEWAY_NOT_AVAILABLE). */
export const gatewayNotAvailable = (environment: TechnicalEnvironment): CompanyRefusal =>
  refusal(400, 'GATEWAY_NOT_AVAILABLE', `Choose an active, certified gateway offering ${environment}`);

/** At most one open session token request per environment (409 TOKEN_ALREADY_REQUESTED). */
export const tokenAlreadyRequested = (environment: TechnicalEnvironment): CompanyRefusal =>
  refusal(
    409,
    'TOKEN_ALREADY_REQUESTED',
    `A session token for ${environment} is already requested; wait for EMVO to issue or cancel it`,
  );

/**
 * A session token is requested once the company has its gateway and a CSR for the environment (technical.ts
 * tokenRequestNeeds; 409 TOKEN_REQUEST_NOT_READY naming what is missing).
 */
export function tokenRequestRefusal(
  environment: TechnicalEnvironment,
  needs: readonly TokenRequestNeed[],
): CompanyRefusal | null {
  if (needs.length === 0) return null;
  const steps = needs.map((need) =>
    need === 'GATEWAY' ? `choose a gateway offering ${environment}` : `upload a CSR for ${environment}`,
  );
  return refusal(
    409,
    'TOKEN_REQUEST_NOT_READY',
    `Before requesting a session token for ${environment}, ${steps.join(' and ')}`,
  );
}
