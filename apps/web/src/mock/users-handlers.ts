import { USER_EMAIL_TAKEN, userRowSchema, usersApi } from '@portal/contracts';
import type { UserRow } from '@portal/demo-data';
import {
  INTERNAL_ROLE_WORDS,
  invitedUser,
  isActiveAdmin,
  userChangeAction,
  userChangeRefusal,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import { userByEmail } from './mock-db';
import { apiError, callerOf, type MockContext, mockRoute, refused } from './mock-http';
import { answerWith, tableOf } from './mock-resource';

import { issueAccountToken, sendMail } from './registration-handlers';

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
    const company = db.organisations.find((row) => row.id === user.organisationId);
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
      const subject = `Portal: you are invited as ${INTERNAL_ROLE_WORDS[body.role]}`;
      sendMail(context, { to: email, subject, link: issueAccountToken(context, owner) });
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
