import { USER_LIST, userChangeSchema, userInvitationSchema, userRowSchema } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { changeUser, type UserAdmin } from './user-changes.js';
import { type InvitationServices, inviteUser } from './user-invitations.js';
import { findUserRow, listUsers } from './user-list.js';

const userParams = z.object({ id: z.uuid() });

/** The auth plugin has verified the token and the ADMIN role by the time a handler runs. */
function adminOf(request: FastifyRequest): UserAdmin {
  const user = request.user;
  if (!user) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
  return { actor: user.email ?? user.subject, subject: user.subject, email: user.email };
}

/**
 * domain.md /admin/users (issue 13 item 1): every user, inviting an internal user, and changing a user's
 * roles, access or status. ADMIN only. A change takes effect at the user's next sign-in (roles travel in
 * the token); a disabled or revoked user's calls are refused within a minute (plugins/auth.ts).
 */
export async function usersRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const tags = ['users'];
  const access = roles('ADMIN');
  const services: InvitationServices = {
    mail: app.mail,
    appName: options.config.appName,
    publicUrl: options.config.publicUrl,
  };

  api.get(
    '/users',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Every user with their company, access, status and last sign-in',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(userRowSchema) },
      },
    },
    async (request) => listUsers(db, parseListRequest(request.query, USER_LIST)),
  );

  api.post(
    '/users/invitations',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Invites an internal user (ADMIN or EMVO): the user INVITED and a mail with a single-use link',
        body: userInvitationSchema,
        response: { 201: userRowSchema },
      },
    },
    async (request, reply) => {
      const id = await inviteUser(db, services, adminOf(request).actor, request.body);
      return reply.status(201).send(await findUserRow(db, id));
    },
  );

  api.patch(
    '/users/:id',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Changes a user's roles, an external user's access, or disables or enables them, at their version",
        params: userParams,
        body: userChangeSchema,
        response: { 200: userRowSchema },
      },
    },
    async (request) => {
      await changeUser(db, adminOf(request), request.params.id, request.body);
      return findUserRow(db, request.params.id);
    },
  );
}
