import {
  ACCOUNT_EXISTS_TEXT,
  ACCOUNT_TOKEN_ERRORS,
  ACCOUNT_TOKEN_TEXTS,
  accountTokensApi,
  CONFIRMATION_RESENT_TEXT,
  REGISTRATION_ACCEPTED_TEXT,
  REGISTRATION_COMPLETED_TEXT,
  REGISTRATION_TERMS_OUTDATED_TEXT,
  registrationApi,
  USER_EMAIL_TAKEN,
  useAccountTokenSchema,
  userRowSchema,
  usersApi,
} from '@portal/contracts';
import type { UserRow } from '@portal/demo-data';
import {
  accountTokenRefusal,
  changedFields,
  formatObpNumber,
  INTERNAL_ROLE_WORDS,
  invitedUser,
  isActiveAdmin,
  isInvitationWithdrawn,
  parseObpNumber,
  registrationAccount,
  registrationFactsOf,
  tokenExpiry,
  tokenHolderOf,
  userChangeAction,
  userChangeRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { z } from 'zod/mini';
import { acceptDisclaimer } from './disclaimer-contents-handlers';
import { type AccountTokenRow, byId, publishedOf, type RegistrationRow, userByEmail } from './mock-db';
import { apiError, callerOf, type MockContext, mockRoute, refused, validate } from './mock-http';
import { answerWith, tableOf, updateColumns, writeAudit } from './mock-resource';

/*
 * Registration in mock mode (domain.md "Life of an application": register, then confirm with the mailed
 * single-use link), over the store as apps/api modules/registration does it. Mock mode has no mailbox: a
 * mail goes to the outbox table, and its link to the browser console; paste it into the same tab (log out
 * first: /register and /confirm are for visitors). Mock mode's accounts are local: /confirm asks for a
 * password.
 */

/** A mail the API would send (its outbox), with the link it carries. */
function sendMail(context: MockContext, mail: { to: string; subject: string; link: string | null }) {
  const { to: toAddress, subject, link } = mail;
  const sent = { toAddress, subject, text: link ? `Follow this link: ${link}` : subject, link };
  context.db.outbox.push({ id: context.newId(), ...sent, createdAt: context.now().toISOString() });
  if (link && import.meta.env.MODE !== 'test') console.info(`Mock mode: mail to ${toAddress}: ${link}`);
}

type TokenOwner = Pick<AccountTokenRow, 'purpose' | 'registrationId' | 'userId'>;

/**
 * apps/api issueAccountToken, and the mail carrying it to `to`: a new single-use link for a registration or
 * a user; their earlier unused links stop working (mock mode keeps the token itself, 43 characters as real
 * ones).
 */
export function mailAccountLink(context: MockContext, owner: TokenOwner, to: string, subject: string) {
  const now = context.now();
  const same = (row: AccountTokenRow) =>
    owner.registrationId ? row.registrationId === owner.registrationId : row.userId === owner.userId;
  for (const row of context.db.accountTokens.filter(same)) row.usedAt ??= now.toISOString();
  const token = `link-${context.newId()}`.padEnd(43, '0');
  const expiresAt = tokenExpiry(owner.purpose, now).toISOString();
  context.db.accountTokens.push({ id: context.newId(), token, ...owner, expiresAt, usedAt: null });
  sendMail(context, { to, subject, link: `/confirm?token=${token}` });
}

/** issue 21 item 4: an address that has an account is told so, and gets no link. */
export const mailAccountExists = (context: MockContext, to: string) =>
  sendMail(context, { to, subject: 'You already have an account', link: null });

const tokenError = (kind: keyof typeof ACCOUNT_TOKEN_ERRORS, message = ACCOUNT_TOKEN_TEXTS[kind]) =>
  apiError(400, ACCOUNT_TOKEN_ERRORS[kind], message);

/** With the local provider the password is required (contracts useAccountTokenSchema). */
const localUseSchema = z.required(useAccountTokenSchema);

/** What the organisations table's defaults give the columns a registration leaves blank. */
const NOT_SUBMITTED = 'NOT_SUBMITTED' as const;
const ORGANISATION_DEFAULTS = {
  ...{ registrationNumber: null, vatNumber: null, street: null, houseNumber: null, postalCode: null },
  ...{ city: null, country: null, website: null, phone: null, email: null, gatewayId: null },
  ...{ legitimacyStatus: NOT_SUBMITTED, contractualStatus: NOT_SUBMITTED, financialStatus: NOT_SUBMITTED },
  ...{ mahCount: 0, submittedAt: null },
};

/** registrationApi and accountTokensApi (GET, use and resend of a mailed link), public as at the API. */
export function registrationHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const now = () => context.now().toISOString();
  /** A registration's rows are written in the visitor's name: their email, as at the API. */
  const audited = (request: Request, registration: RegistrationRow, action: string, diff: object) => {
    const entry = { action, entity: 'registration', entityId: registration.id, diff };
    writeAudit(context, request, { ...entry, actor: registration.email });
  };
  const sendConfirmation = ({ id: registrationId, email, companyName }: RegistrationRow) => {
    const owner = { purpose: 'CONFIRM_REGISTRATION', registrationId, userId: null } as const;
    mailAccountLink(context, owner, email, `Confirm the registration of ${companyName}`);
  };
  /** apps/api usableAccountToken: unknown 105, used 405, expired 301 (domain accountTokenRefusal). */
  const usable = (token: string): AccountTokenRow | Response => {
    const row = db.accountTokens.find((each) => each.token === token);
    const refusal = accountTokenRefusal(row, context.now());
    return refusal || !row ? tokenError(refusal ?? 'unknown') : row;
  };
  const registrationOf = (row?: AccountTokenRow) => byId(db.registrations, row?.registrationId);
  const userOf = (row: AccountTokenRow) => byId(db.users, row.userId);

  const organisations = tableOf(context, 'organisations', 'organisation');
  const users = tableOf(context, 'users', 'user');
  const contacts = tableOf(context, 'contacts', 'contact');
  /**
   * apps/api confirm-registration.ts: packages/domain registrationAccount's rows (the organisation with the
   * next OBP number, its Initial Requester, its SPOC contact), and the acceptance of the terms read at
   * registration; each written and audited in the visitor's name.
   */
  const createAccount = (request: Request, registration: RegistrationRow) => {
    const actor = registration.email;
    const highest = Math.max(100, ...db.organisations.map((row) => parseObpNumber(row.obpNumber) ?? 0));
    const rows = registrationAccount(registration, formatObpNumber(highest + 1), 'local');
    const facts = { ...ORGANISATION_DEFAULTS, ...rows.organisation };
    const { id: organisationId } = organisations.create(request, facts, { diff: rows.organisation, actor });
    const { id: userId } = users.create(request, rows.user(organisationId), { actor });
    const contact = rows.contact(organisationId);
    const blank = { function: null, phone: null, copyOfProofFileId: null };
    contacts.create(request, { ...contact, ...blank }, { diff: contact, actor });
    const accepted = { userId, disclaimerContentId: registration.disclaimerContentId };
    acceptDisclaimer(context, request, accepted, { actor, at: registration.acceptedAt });
    return { organisationId, userId };
  };

  return [
    // An address with an account gets a mail saying so and no registration: the answer is the same.
    mockRoute(context, registrationApi.register, async ({ body, request }) => {
      const terms = publishedOf(db, 'REGISTRATION');
      if (terms?.versionNumber !== body.disclaimerVersion)
        return apiError(409, 'DISCLAIMER_OUTDATED', REGISTRATION_TERMS_OUTDATED_TEXT);
      const accepted = { message: REGISTRATION_ACCEPTED_TEXT };
      if (userByEmail(db, body.email)) {
        mailAccountExists(context, body.email);
        return accepted;
      }
      const person = registrationFactsOf(body);
      const registration: RegistrationRow = {
        ...{ id: context.newId(), ...person, status: 'PENDING_CONFIRMATION', disclaimerContentId: terms.id },
        ...{ acceptedAt: now(), resendCount: 0, lastSentAt: now(), organisationId: null, userId: null },
      };
      db.registrations.push(registration);
      audited(request, registration, 'CREATE', { ...person, disclaimerVersion: body.disclaimerVersion });
      sendConfirmation(registration);
      return accepted;
    }),

    // apps/api account-token-info.ts: a registration's visitor, or an invited user and their company.
    mockRoute(context, accountTokensApi.info, async ({ params }) => {
      const row = usable(params.token);
      if (row instanceof Response) return row;
      const user = userOf(row);
      const legalName = byId(db.organisations, user?.organisationId)?.legalName ?? null;
      const holder = tokenHolderOf(registrationOf(row), user && { ...user, legalName });
      if ('refusal' in holder) return tokenError(holder.refusal);
      return { purpose: row.purpose, ...holder, accountMode: 'local', signUpUrl: null } as const;
    }),

    // A confirmation creates the company and its account; an invitation activates the invited user.
    mockRoute(context, accountTokensApi.use, async ({ params, body, request }) => {
      const row = usable(params.token);
      if (row instanceof Response) return row;
      const withPassword = validate(localUseSchema, body);
      if (withPassword instanceof Response) return withPassword;
      const registration = registrationOf(row);
      const user = userOf(row);
      if (registration) {
        const done = registration.status === 'COMPLETED' || userByEmail(db, registration.email);
        if (done) return tokenError('used', ACCOUNT_EXISTS_TEXT);
        const changes = { status: 'COMPLETED' as const, ...createAccount(request, registration) };
        audited(request, registration, 'COMPLETE', changedFields(registration, changes));
        Object.assign(registration, changes);
      } else if (!user) return tokenError('unknown');
      else if (isInvitationWithdrawn(user)) return tokenError('withdrawn');
      else {
        // apps/api activateLocalAccount: the chosen password (never in the audit row), and the user ACTIVE.
        const diff = { ...changedFields(user, { status: 'ACTIVE' }), password: 'set' };
        const activation = { actor: user.email, action: 'ACTIVATE', entity: 'user', entityId: user.id };
        writeAudit(context, request, { ...activation, diff });
        updateColumns(context, request, user, { status: 'ACTIVE' });
      }
      row.usedAt = now();
      return { email: registration?.email ?? user?.email ?? '', accountMode: 'local' } as const;
    }),

    // Until the registration is completed a new link replaces the earlier ones (an invitation's is not resent).
    mockRoute(context, accountTokensApi.resend, async ({ params, request }) => {
      const row = db.accountTokens.find((each) => each.token === params.token);
      const registration = row?.purpose === 'CONFIRM_REGISTRATION' ? registrationOf(row) : undefined;
      if (!registration) return tokenError('unknown');
      if (registration.status === 'COMPLETED') {
        return apiError(400, 'REGISTRATION_COMPLETED', REGISTRATION_COMPLETED_TEXT);
      }
      const { resendCount } = registration;
      Object.assign(registration, { resendCount: resendCount + 1, lastSentAt: now() });
      const diff = { resendCount: { from: resendCount, to: resendCount + 1 } };
      audited(request, registration, 'RESEND_CONFIRMATION', diff);
      sendConfirmation(registration);
      return { message: CONFIRMATION_RESENT_TEXT };
    }),
  ];
}

/**
 * The administrators' users (apps/api modules/users) over the store, with packages/domain users.ts's
 * rules: no self-disable, no self-demotion, never the last active admin. An invitation leaves its link in
 * the outbox (the dev outbox screen), as the API's mail does.
 */
export function userHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const users = tableOf(context, 'users', 'user');
  // apps/api users-list.ts: the user with their company; access is an external user's only.
  const rowOf = (user: UserRow) => {
    const company = byId(db.organisations, user.organisationId);
    const access = user.roles.includes('EXTERNAL') ? user.access : null;
    // The schema keeps the answer's columns; the demo world keeps no sign-in times.
    const joined = { companyName: company?.legalName ?? null, obpNumber: company?.obpNumber ?? null };
    return userRowSchema.parse({ ...user, ...joined, name: user.displayName, access, lastSignInAt: null });
  };
  const answer = answerWith(rowOf);

  return [
    mockRoute(context, usersApi.list, async () => db.users.map(rowOf)),

    // issue 13: an internal user INVITED, a week's INVITATION link mailed, and an INVITE audit row.
    mockRoute(context, usersApi.invite, async ({ body, request }) => {
      const invited = invitedUser(body);
      const { email } = invited;
      if (userByEmail(db, email)) {
        return apiError(409, USER_EMAIL_TAKEN, 'This email address already belongs to a user');
      }
      const values = { ...invited, organisationId: null, obpRole: null, access: 'FULL' as const };
      const user = users.create(request, values, { action: 'INVITE', diff: invited });
      const owner = { purpose: 'INVITATION', registrationId: null, userId: user.id } as const;
      mailAccountLink(context, owner, email, `Portal: you are invited as ${INTERNAL_ROLE_WORDS[body.role]}`);
      return rowOf(user);
    }),

    mockRoute(context, usersApi.change, async ({ params, body, request }) => {
      // The body holds only the fields it changes (the contract's optional ones are left out).
      const { version, ...changes } = body;
      const action = userChangeAction(body);
      const change = (user: UserRow) => {
        const self = user.id === callerOf(context, request)?.id;
        const activeAdmins = db.users.filter(isActiveAdmin).length;
        return refused(userChangeRefusal(user, body, { self, activeAdmins })) ?? { changes, action };
      };
      return answer(users.update(request, params.id, version, change));
    }),
  ];
}
