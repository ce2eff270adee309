import { type ConnectorResponse, identityApi } from '@portal/contracts';
import { CLAIM_BY_ROLE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import {
  invitationRedeemedBy,
  type LinkableUser,
  linkExternalAccount,
  needsLinking,
} from '../../accounts/account-linking.js';
import { standingOf } from '../../accounts/user-standing.js';
import type { DB } from '../../db/schema.js';
import { route } from '../../http/route.js';

const USER_COLUMNS = ['id', 'email', 'externalId', 'status', 'access', 'roles'] as const;

/**
 * The user behind the connector's call: by B2C object id first, else by email (the first sign-in). issue
 * 21 item 6: the email matches only a user with no B2C account linked yet; a user linked to another
 * object id is another identity's, whose roles a second account with the same address must not get.
 */
async function connectorUser(db: Kysely<DB>, objectId: string | undefined, email: string | undefined) {
  if (objectId) {
    const linked = await db
      .selectFrom('users')
      .select(USER_COLUMNS)
      .where('externalId', '=', objectId)
      .executeTakeFirst();
    if (linked) return linked;
  }
  if (!email) return undefined;
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('externalId', 'is', null)
    .executeTakeFirst();
}

/**
 * The claims endpoint Azure AD B2C calls at sign-in (an "API connector", HTTP basic with a shared
 * secret): it answers the user's roles from the portal's users table, so an admin's change shows at the
 * user's next sign-in (domain.md). An unknown user is blocked, and so is one the API would refuse on every
 * route (accounts/user-standing.ts): a disabled user, or an external user whose access is revoked: letting
 * them sign in would open an app answering 403 to every call. At a user's first sign-in it
 * links their B2C account (accounts/account-linking.ts).
 */
export async function claimsRoutes(app: FastifyInstance) {
  route(
    app,
    identityApi.claims,
    async ({ body, request }): Promise<ConnectorResponse> => {
      const { objectId } = body;
      const email = body.email ?? body.signInNames?.emailAddress;
      const user = await connectorUser(request.db, objectId, email);
      if (!user || standingOf(user) !== 'ok') {
        return {
          version: '1.0.0',
          action: 'ShowBlockPage',
          userMessage: 'Your account has no access to the portal. Contact your administrator.',
        };
      }
      // An invited user becomes ACTIVE only by using their invitation's link: one invited again after their
      // company removed them has a linked account, and signing in with it accepts nothing.
      if (user.status === 'INVITED' && !(await invitationRedeemedBy(request.db, user.id))) {
        return {
          version: '1.0.0',
          action: 'ShowBlockPage',
          userMessage: 'Accept the invitation mailed to you first, then sign in again.',
        };
      }
      // domain.md: confirming a registration (or an invitation) with B2C leaves the user INVITED; the first
      // sign-in with the same address links the B2C account, activates the user, completes the registration.
      const linkable: LinkableUser = user;
      if (objectId && needsLinking(linkable, objectId)) {
        await linkExternalAccount(request.db, linkable, objectId);
      }
      return {
        version: '1.0.0',
        action: 'Continue',
        roles: user.roles.map((role) => CLAIM_BY_ROLE[role]),
      };
    },
    { tags: ['identity'] },
  );
}
