import { usersApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { actorOf, callerOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { changeUser } from './user-changes.js';
import { type InvitationServices, inviteUser } from './user-invitations.js';
import { findUserRow, listUsers } from './users-list.js';

/**
 * The user routes, as @portal/contracts usersApi declares them (domain.md /admin/users;
 * ADMIN only). A change takes effect at the user's next sign-in (roles travel in the token); a disabled or
 * revoked user's calls are refused within a minute (plugins/auth.ts).
 */
export async function usersRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const tags = ['users'];
  const services: InvitationServices = {
    mail: app.mail,
    appName: options.config.appName,
    publicUrl: options.config.publicUrl,
  };
  route(app, usersApi.list, async ({ query, request }) => listUsers(request.db, query), { tags });
  route(
    app,
    usersApi.invite,
    async ({ body, request }) =>
      findUserRow(request.db, await inviteUser(request.db, services, actorOf(request), body)),
    { tags },
  );
  route(
    app,
    usersApi.change,
    async ({ params, body, request }) => {
      await changeUser(request.db, callerOf(request), params.id, body);
      return findUserRow(request.db, params.id);
    },
    { tags },
  );
}
