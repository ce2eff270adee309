import type { Role } from './enums.js';

/**
 * domain.md People: what an administrator may change about a user. Pure: the API
 * counts the active administrators in the transaction that makes the change (their rows locked) and asks
 * this.
 */

/** The stable codes of a refused change (the SPA's error catalogue knows them). */
export const USER_RULE_CODES = [
  'SELF_DISABLE',
  'SELF_DEMOTION',
  'LAST_ADMIN',
  'ROLE_INTERNAL_ONLY',
  'ACCESS_EXTERNAL_ONLY',
  'USER_NOT_DISABLED',
] as const;
export type UserRuleCode = (typeof USER_RULE_CODES)[number];

/** A refused change's HTTP status: a wrong kind of change is the request's mistake (400), the rest a conflict. */
export const USER_RULE_STATUS: Record<UserRuleCode, 400 | 409> = {
  ROLE_INTERNAL_ONLY: 400,
  ACCESS_EXTERNAL_ONLY: 400,
  SELF_DISABLE: 409,
  SELF_DEMOTION: 409,
  LAST_ADMIN: 409,
  USER_NOT_DISABLED: 409,
};

export type UserStatusValue = 'INVITED' | 'ACTIVE' | 'DISABLED';

/** The user as stored before the change. */
export interface UserState {
  roles: readonly Role[];
  status: UserStatusValue;
}

/** What the admin asks for (contracts userChangeSchema without the version). */
export interface UserChangeRequest {
  roles?: readonly Role[] | undefined;
  access?: 'FULL' | 'READ_ONLY' | 'REVOKED' | undefined;
  status?: 'ACTIVE' | 'DISABLED' | undefined;
}

export interface UserChangeContext {
  /** The admin is changing their own user. */
  self: boolean;
  /** How many users are ACTIVE with the ADMIN role now, the target included when it is one. */
  activeAdmins: number;
}

export type UserRuleResult = { ok: true } | { ok: false; code: UserRuleCode; message: string };

const refuse = (code: UserRuleCode, message: string): UserRuleResult => ({ ok: false, code, message });

/**
 * An invitation link whose invitee was disabled since (by an administrator, or removed
 * by their company) is withdrawn: it opens nothing and says so.
 */
export const isInvitationWithdrawn = (user: Pick<UserState, 'status'>): boolean => user.status === 'DISABLED';

/** An external user holds the EXTERNAL role; everyone else is internal (ADMIN, EMVO). */
export const isExternalUser = (user: Pick<UserState, 'roles'>): boolean => user.roles.includes('EXTERNAL');

/** An administrator who can act now: ACTIVE with the ADMIN role. */
export const isActiveAdmin = (user: UserState): boolean =>
  user.status === 'ACTIVE' && user.roles.includes('ADMIN');

/** The user as the change would leave them. */
export function changedUser(user: UserState, change: UserChangeRequest): UserState {
  return { roles: change.roles ?? user.roles, status: change.status ?? user.status };
}

/** Whether the API must count (and lock) the active administrators: the change could remove one. */
export const mayRemoveAdmin = (user: UserState, change: UserChangeRequest): boolean =>
  isActiveAdmin(user) && !isActiveAdmin(changedUser(user, change));

/**
 * "an admin can neither disable nor demote themselves, and the last active admin cannot be
 * removed". Roles are changed on internal users only, access on external users only; enabling is for a
 * disabled user (an invited one becomes active by accepting the invitation).
 */
export function checkUserChange(
  user: UserState,
  change: UserChangeRequest,
  context: UserChangeContext,
): UserRuleResult {
  if (change.roles !== undefined && isExternalUser(user)) {
    return refuse('ROLE_INTERNAL_ONLY', 'Only an internal user’s roles are changed here');
  }
  if (change.access !== undefined && !isExternalUser(user)) {
    return refuse('ACCESS_EXTERNAL_ONLY', 'Only an external user has an access level');
  }
  if (change.status === 'ACTIVE' && user.status === 'INVITED') {
    return refuse('USER_NOT_DISABLED', 'An invited user becomes active by accepting the invitation');
  }
  if (!mayRemoveAdmin(user, change)) return { ok: true };
  const disabling = change.status === 'DISABLED';
  if (context.self) {
    return disabling
      ? refuse('SELF_DISABLE', 'You cannot disable your own account')
      : refuse('SELF_DEMOTION', 'You cannot remove your own administrator role');
  }
  if (context.activeAdmins <= 1) {
    return refuse('LAST_ADMIN', 'The last active administrator cannot be disabled or demoted');
  }
  return { ok: true };
}

/** Who set a person's withdrawn standing: an administrator, or their company removing them. */
export type StandingSetter = 'ADMIN' | 'COMPANY';

/** A person's standing with who set each withdrawn part (users.disabled_by, users.revoked_by). */
export interface PersonStanding {
  status: UserStatusValue;
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  disabledBy: StandingSetter | null;
  revokedBy: StandingSetter | null;
}

/**
 * Whether the portal (an administrator) withdrew this person's access: they are DISABLED or their access
 * is REVOKED, and not by their company's own removal. Such a standing is the company's to see, never to
 * undo: the people routes refuse to change, remove into a re-invitable state, or invite the person again.
 * A withdrawn part nobody recorded counts as the administrator's (the safe side: the company cannot
 * revive them).
 */
export const withdrawnByPortal = (person: PersonStanding): boolean =>
  (person.status === 'DISABLED' && person.disabledBy !== 'COMPANY') ||
  (person.access === 'REVOKED' && person.revokedBy !== 'COMPANY');

/**
 * Who set each part of a standing once an administrator's change is made: disabling or revoking is the
 * administrator's, enabling or granting access clears the part's setter; parts the change leaves alone
 * keep theirs.
 */
export function adminStandingSetters(change: {
  status?: UserStatusValue | undefined;
  access?: PersonStanding['access'] | undefined;
}): Partial<Pick<PersonStanding, 'disabledBy' | 'revokedBy'>> {
  return {
    ...(change.status === undefined ? {} : { disabledBy: change.status === 'DISABLED' ? 'ADMIN' : null }),
    ...(change.access === undefined ? {} : { revokedBy: change.access === 'REVOKED' ? 'ADMIN' : null }),
  };
}

/**
 * A person the company removes (DISABLED, access REVOKED): the company is recorded as the setter of what
 * it changed, never over an administrator's revocation, which stays the administrator's (so removing a
 * person the portal revoked cannot make them the company's to invite again).
 */
export function companyRemoval(person: Pick<PersonStanding, 'access' | 'revokedBy'>) {
  return {
    status: 'DISABLED' as const,
    access: 'REVOKED' as const,
    disabledBy: 'COMPANY' as const,
    revokedBy: person.access === 'REVOKED' ? person.revokedBy : ('COMPANY' as const),
  };
}

/**
 * Whether an existing account may accept a company's invitation: only an external account that belongs
 * to no company and is not withdrawn. An internal user, or another company's person, never joins: their
 * invitation stays pending until the company withdraws it.
 */
export const mayJoinCompany = (
  user: Pick<UserState, 'roles' | 'status'> & {
    organisationId: string | null;
    access: PersonStanding['access'];
  },
): boolean =>
  isExternalUser(user) &&
  user.roles.length === 1 &&
  user.organisationId === null &&
  user.status !== 'DISABLED' &&
  user.access !== 'REVOKED';

/** The user behind a company route's token, as found for it: their organisation, status and access. */
export interface CompanyCallerState {
  organisationId: string | null;
  status: UserStatusValue;
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
}

/**
 * Why a user may not act for a company on its onboarding routes (403), or null: only an
 * ACTIVE user of an organisation whose access is not revoked acts for it; a write also needs FULL access
 * (domain.md: "a read-only view for a READ_ONLY user"). The API asks this of every onboarding route.
 */
export function companyCallerRefusal(
  caller: CompanyCallerState | undefined,
  mode: 'read' | 'write',
): string | null {
  if (!caller?.organisationId) return 'Your account belongs to no onboarding company';
  if (caller.status === 'INVITED') return 'Accept your invitation first to act for your company';
  if (caller.status !== 'ACTIVE' || caller.access === 'REVOKED') {
    return 'Your access to this company has been withdrawn';
  }
  if (mode === 'write' && caller.access === 'READ_ONLY') return 'Your access to this company is read-only';
  return null;
}

/** domain.md People: who manages a company's people is its SPOC or its Initial Requester, with full access. */
export const managesPeople = (user: {
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  obpRole: 'INITIAL_REQUESTER' | 'SPOC' | 'SPOC_ASSISTANT' | null;
}): boolean => user.access === 'FULL' && (user.obpRole === 'SPOC' || user.obpRole === 'INITIAL_REQUESTER');

/** The 403 of a company user who does not manage its people (managesPeople). */
export const NOT_PEOPLE_MANAGER = "Only the SPOC or the Initial Requester manages the company's people";
