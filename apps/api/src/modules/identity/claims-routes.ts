import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.js';
import type { Role } from '../../db/schema.js';

/** spec §3: the token's roles claim uses these names. */
const CLAIM_BY_ROLE: Record<Role, string> = {
  ADMIN: 'EmvoPortalAdmin',
  EMVO: 'EmvoPortalInternal',
  EXTERNAL: 'EmvoPortalExternal',
};

/** What a B2C API connector sends: the user's object id and/or email (its claim names). */
const connectorRequest = z.looseObject({
  objectId: z.string().min(1).optional(),
  email: z.string().min(1).optional(),
  signInNames: z.looseObject({ emailAddress: z.string().optional() }).optional(),
});

const connectorResponse = z.object({
  version: z.literal('1.0.0'),
  action: z.enum(['Continue', 'ShowBlockPage']),
  roles: z.array(z.string()).optional(),
  userMessage: z.string().optional(),
});

/**
 * The claims endpoint Azure AD B2C calls at sign-in (an "API connector", HTTP basic with a shared
 * secret): it answers the user's roles from the portal's users table, so an admin's change shows at the
 * user's next sign-in (domain.md). A disabled or unknown user is blocked.
 */
export async function claimsRoutes(app: FastifyInstance, options: { database: Database }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/identity/claims',
    {
      config: { access: 'connector' },
      schema: {
        tags: ['identity'],
        summary: "A user's roles, for the identity provider's API connector",
        body: connectorRequest,
        response: { 200: connectorResponse },
      },
    },
    async (request) => {
      const { objectId } = request.body;
      const email = request.body.email ?? request.body.signInNames?.emailAddress;
      const user = await options.database.db
        .selectFrom('users')
        .select(['roles', 'status'])
        .where((eb) =>
          eb.or([
            ...(objectId ? [eb('externalId', '=', objectId)] : []),
            ...(email ? [eb(sql`lower(email)`, '=', email.toLowerCase())] : []),
            eb.val(false),
          ]),
        )
        .executeTakeFirst();
      if (!user || user.status === 'DISABLED') {
        return {
          version: '1.0.0' as const,
          action: 'ShowBlockPage' as const,
          userMessage: 'Your account has no access to the portal. Contact your administrator.',
        };
      }
      return {
        version: '1.0.0' as const,
        action: 'Continue' as const,
        roles: user.roles.map((role) => CLAIM_BY_ROLE[role]),
      };
    },
  );
}
