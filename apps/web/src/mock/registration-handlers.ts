import {
  ACCOUNT_TOKEN_ERRORS,
  accountTokensApi,
  INVITATION_WITHDRAWN_TEXT,
  REGISTRATION_COMPLETED_TEXT,
  registrationApi,
  useAccountTokenSchema,
} from '@portal/contracts';
import type { OrganisationRow } from '@portal/demo-data';
import { formatObpNumber, isInvitationWithdrawn, tokenExpiry } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { type MockAuditEntry, writeAudit } from './audit-trail';
import { auditedRow, updateColumns } from './check-transition';
import type { AccountTokenRow, RegistrationRow } from './mock-db';
import { apiError, type MockContext, validate } from './mock-http';
import { mockRoute } from './mock-route';
import { publishedOf } from './onboarding-answer';

/*
 * Registration in mock mode (domain.md "Life of an application": register, then confirm with the mailed
 * single-use link), over the store as apps/api modules/registration does it. Mock mode has no mailbox: a
 * mail goes to the outbox table, and its link to the browser console; paste it into the same tab (log out
 * first: /register and /confirm are for visitors). Mock mode's accounts are local: /confirm asks for a
 * password.
 */

/** A mail the API would send (its outbox), with the link it carries. */
export function sendMail(context: MockContext, mail: { to: string; subject: string; link: string | null }) {
  const { to: toAddress, subject, link } = mail;
  const sent = { toAddress, subject, text: link ? `Follow this link: ${link}` : subject, link };
  context.db.outbox.push({ id: context.newId(), ...sent, createdAt: context.now().toISOString() });
  if (link && import.meta.env.MODE !== 'test') console.info(`Mock mode: mail to ${toAddress}: ${link}`);
}

type TokenOwner = Pick<AccountTokenRow, 'purpose' | 'registrationId' | 'userId'>;

/**
 * apps/api issueAccountToken: a new single-use link for a registration or a user; their earlier unused
 * links stop working. Answers the link (mock mode keeps the token itself, 43 characters as real ones).
 */
export function issueAccountToken(context: MockContext, owner: TokenOwner): string {
  const now = context.now();
  const same = (row: AccountTokenRow) =>
    owner.registrationId ? row.registrationId === owner.registrationId : row.userId === owner.userId;
  for (const row of context.db.accountTokens.filter(same)) row.usedAt ??= now.toISOString();
  const token = `link-${context.newId()}`.padEnd(43, '0');
  const expiresAt = tokenExpiry(owner.purpose, now).toISOString();
  context.db.accountTokens.push({ id: context.newId(), token, ...owner, expiresAt, usedAt: null });
  return `/confirm?token=${token}`;
}

const tokenError = (kind: keyof typeof ACCOUNT_TOKEN_ERRORS, message: string) =>
  apiError(400, ACCOUNT_TOKEN_ERRORS[kind], message);
const unknownLink = () => tokenError('unknown', 'This link is not known; ask for a new one');
const EXISTS = 'This address has an account already; sign in, or reset your password from the sign-in page';
const ACCEPTED = 'Thank you. We have sent a mail to the address you gave; follow it to continue.';
const OUTDATED =
  'The registration terms have changed since the page was opened; read and accept the current ones';

/** With the local provider the password is required (contracts useAccountTokenSchema). */
const localUseSchema = useAccountTokenSchema.required();

/** An organisation's columns its registration leaves blank. */
const BLANK = 'registrationNumber vatNumber street houseNumber postalCode city country website phone email';
const NOT_SUBMITTED = 'NOT_SUBMITTED' as const;

/** registrationApi and accountTokensApi (GET, use and resend of a mailed link), public as at the API. */
export function registrationHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const now = () => context.now().toISOString();
  /** A registration's rows are written in the visitor's name: their email, as at the API. */
  const audit = (request: Request, { email }: RegistrationRow, entry: MockAuditEntry) =>
    writeAudit(context, request, { ...entry, actor: email });
  const audited = (request: Request, registration: RegistrationRow, action: string, diff: object) =>
    audit(request, registration, { action, entity: 'registration', entityId: registration.id, diff });
  const sendConfirmation = ({ id: registrationId, email: to, companyName }: RegistrationRow) => {
    const owner = { purpose: 'CONFIRM_REGISTRATION', registrationId, userId: null } as const;
    const link = issueAccountToken(context, owner);
    sendMail(context, { to, subject: `Confirm the registration of ${companyName}`, link });
  };
  /** apps/api usableAccountToken: unknown 105, used 405, expired 301. */
  const usable = (token: string): AccountTokenRow | Response => {
    const row = db.accountTokens.find((each) => each.token === token);
    if (!row) return unknownLink();
    if (row.usedAt) return tokenError('used', 'This link has been used already');
    if (row.expiresAt <= now()) return tokenError('expired', 'This link has expired; ask for a new one');
    return row;
  };
  const registrationOf = (row?: AccountTokenRow) =>
    db.registrations.find(({ id }) => id === row?.registrationId);
  const userOf = (row: AccountTokenRow) => db.users.find(({ id }) => id === row.userId);
  const taken = (email: string) =>
    db.users.some((user) => user.email.toLowerCase() === email.trim().toLowerCase());

  /**
   * apps/api confirm-registration.ts: the organisation (REGISTERED, the next OBP number), its Initial
   * Requester, who is its SPOC contact for now, and the acceptance of the terms read at registration.
   */
  const createAccount = (request: Request, registration: RegistrationRow) => {
    const { companyName: legalName, orgType, firstName, lastName, email, disclaimerContentId } = registration;
    const stamps = () => ({ ...auditedRow(context, request), createdBy: email, updatedBy: email });
    const create = (entity: string, entityId: string, diff: object) =>
      audit(request, registration, { action: 'CREATE', entity, entityId, diff });
    const highest = Math.max(100, ...db.organisations.map((row) => Number(row.obpNumber.slice(1)) || 0));
    const obpNumber = formatObpNumber(highest + 1);
    const facts = { obpNumber, legalName, orgType, stage: 'REGISTERED' as const };
    const blank: Record<string, null> = Object.fromEntries(BLANK.split(' ').map((key) => [key, null]));
    const none = NOT_SUBMITTED;
    const statuses = { legitimacyStatus: none, contractualStatus: none, financialStatus: none };
    const organisation: OrganisationRow = {
      ...{ ...stamps(), ...blank, ...facts, ...statuses },
      ...{ legalName, orgType, gatewayId: null, mahCount: 0, submittedAt: null },
    } as OrganisationRow;
    db.organisations.push(organisation);
    create('organisation', organisation.id, facts);
    const roles = ['EXTERNAL' as const];
    const person = { email, displayName: `${firstName} ${lastName}`, roles, organisationId: organisation.id };
    const role = { obpRole: 'INITIAL_REQUESTER', access: 'FULL', status: 'ACTIVE' } as const;
    const user = { ...stamps(), ...person, ...role };
    db.users.push(user);
    create('user', user.id, person);
    const contact = { organisationId: organisation.id, kind: 'SPOC' as const, firstName, lastName, email };
    const spoc = { ...stamps(), ...contact, function: null, phone: null, copyOfProofFileId: null };
    db.contacts.push(spoc);
    create('contact', spoc.id, contact);
    const accepted = { userId: user.id, disclaimerContentId };
    const acceptance = { id: context.newId(), ...accepted, at: registration.acceptedAt };
    db.disclaimerAcceptances.push(acceptance);
    create('disclaimerAcceptance', acceptance.id, accepted);
    return { organisationId: organisation.id, userId: user.id };
  };

  return [
    // An address with an account gets a mail saying so and no registration: the answer is the same.
    mockRoute(context, registrationApi.register, async ({ body, request }) => {
      const terms = publishedOf(db, 'REGISTRATION');
      if (terms?.versionNumber !== body.disclaimerVersion)
        return apiError(409, 'DISCLAIMER_OUTDATED', OUTDATED);
      const accepted = { message: ACCEPTED };
      if (taken(body.email)) {
        sendMail(context, { to: body.email, subject: 'You already have an account', link: null });
        return accepted;
      }
      const { disclaimerVersion, acceptsDisclaimer: _accepted, ...person } = body;
      const registration: RegistrationRow = {
        ...{ id: context.newId(), ...person, status: 'PENDING_CONFIRMATION', disclaimerContentId: terms.id },
        ...{ acceptedAt: now(), resendCount: 0, lastSentAt: now(), organisationId: null, userId: null },
      };
      db.registrations.push(registration);
      const diff = { ...person, disclaimerVersion };
      audited(request, registration, 'CREATE', diff);
      sendConfirmation(registration);
      return accepted;
    }),

    // apps/api account-token-info.ts: a registration's visitor, or an invited user and their company.
    mockRoute(context, accountTokensApi.info, async ({ params }) => {
      const row = usable(params.token);
      if (row instanceof Response) return row;
      const user = userOf(row);
      if (user && isInvitationWithdrawn(user)) return tokenError('withdrawn', INVITATION_WITHDRAWN_TEXT);
      const companyName = db.organisations.find(({ id }) => id === user?.organisationId)?.legalName ?? 'EMVO';
      const holder =
        registrationOf(row) ?? (user && { email: user.email, firstName: user.displayName, companyName });
      if (!holder) return unknownLink();
      const { email, firstName } = holder;
      const local = { accountMode: 'local', signUpUrl: null } as const;
      return { purpose: row.purpose, email, firstName, companyName: holder.companyName, ...local };
    }),

    // A confirmation creates the company and its account; an invitation activates the invited user.
    mockRoute(context, accountTokensApi.use, async ({ params, body, request }) => {
      const row = usable(params.token);
      if (row instanceof Response) return row;
      const withPassword = validate(localUseSchema, body);
      if (!withPassword.ok) return withPassword.response;
      const registration = registrationOf(row);
      const user = userOf(row);
      if (registration) {
        const done = registration.status === 'COMPLETED' || taken(registration.email);
        if (done) return tokenError('used', EXISTS);
        Object.assign(registration, { status: 'COMPLETED', ...createAccount(request, registration) });
        const diff = { status: 'COMPLETED', organisationId: registration.organisationId };
        audited(request, registration, 'COMPLETE', diff);
      } else if (!user) return unknownLink();
      else if (isInvitationWithdrawn(user)) return tokenError('withdrawn', INVITATION_WITHDRAWN_TEXT);
      else updateColumns(context, request, user, { status: 'ACTIVE' });
      row.usedAt = now();
      return { email: registration?.email ?? user?.email ?? '', accountMode: 'local' } as const;
    }),

    // Until the registration is completed a new link replaces the earlier ones (an invitation's is not resent).
    mockRoute(context, accountTokensApi.resend, async ({ params, request }) => {
      const row = db.accountTokens.find((each) => each.token === params.token);
      const registration = row?.purpose === 'CONFIRM_REGISTRATION' ? registrationOf(row) : undefined;
      if (!registration) return unknownLink();
      if (registration.status === 'COMPLETED') {
        return apiError(400, 'REGISTRATION_COMPLETED', REGISTRATION_COMPLETED_TEXT);
      }
      const { resendCount } = registration;
      Object.assign(registration, { resendCount: resendCount + 1, lastSentAt: now() });
      const diff = { resendCount: { from: resendCount, to: resendCount + 1 } };
      audited(request, registration, 'RESEND_CONFIRMATION', diff);
      sendConfirmation(registration);
      return { message: 'We have sent a new confirmation link; earlier links no longer work.' };
    }),
  ];
}
