import {
  ACCOUNT_TOKEN_ERRORS,
  ACCOUNT_TOKEN_TEXTS,
  USER_EMAIL_TAKEN,
  useAccountTokenSchema,
  userRowSchema,
  usersApi,
} from '@portal/contracts';
import type { UserRow } from '@portal/demo-data';
import {
  INTERNAL_ROLE_WORDS,
  invitedUser,
  isActiveAdmin,
  tokenExpiry,
  userChangeAction,
  userChangeRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { z } from 'zod/mini';
import { type AccountTokenRow, byId, userByEmail } from './mock-db';
import { apiError, callerOf, type MockContext, mockRoute, refused } from './mock-http';
import { answerWith, tableOf } from './mock-resource';

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

const _tokenError = (kind: keyof typeof ACCOUNT_TOKEN_ERRORS, message = ACCOUNT_TOKEN_TEXTS[kind]) =>
  apiError(400, ACCOUNT_TOKEN_ERRORS[kind], message);

/** With the local provider the password is required (contracts useAccountTokenSchema). */
const _localUseSchema = z.required(useAccountTokenSchema);

/** What the organisations table's defaults give the columns a registration leaves blank. */
const NOT_SUBMITTED = 'NOT_SUBMITTED' as const;
const _ORGANISATION_DEFAULTS = {
  ...{ registrationNumber: null, vatNumber: null, street: null, houseNumber: null, postalCode: null },
  ...{ city: null, country: null, website: null, phone: null, email: null, gatewayId: null },
  ...{ legitimacyStatus: NOT_SUBMITTED, contractualStatus: NOT_SUBMITTED, financialStatus: NOT_SUBMITTED },
  ...{ mahCount: 0, submittedAt: null },
};

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
