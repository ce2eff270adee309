import { ROLES } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import { endpoint, idParams, listEndpoint, roles } from './endpoint.js';
import { isoDateTime, personNameField } from './fields.js';

/**
 * domain.md Screens, /admin/users: every user of the portal, inviting an internal user,
 * and an admin's changes to a user (roles, an external user's access, disable, enable). Roles travel in the
 * sign-in token, so a change takes effect at the user's next sign-in; a disabled or revoked user's next API
 * call is refused within a minute (the API's status cache). Dates travel as ISO strings.
 */

export const USER_STATUSES = ['INVITED', 'ACTIVE', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** domain.md User: an external user's access to their company's application. */
export const USER_ACCESSES = ['FULL', 'READ_ONLY', 'REVOKED'] as const;
export type UserAccess = (typeof USER_ACCESSES)[number];

/** The roles an administrator gives: internal users only (external users come through registration). */
export const INTERNAL_ROLES = ['ADMIN', 'EMVO'] as const;
export type InternalRole = (typeof INTERNAL_ROLES)[number];

/** One user as /admin/users shows them. Internal users have no company and no access (both null). */
export const userRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  organisationId: z.nullable(z.uuid()),
  companyName: z.nullable(z.string()),
  obpNumber: z.nullable(z.string()),
  access: z.nullable(z.enum(USER_ACCESSES)),
  status: z.enum(USER_STATUSES),
  lastSignInAt: z.nullable(isoDateTime),
  version: z.int(),
});
export type UserRow = z.infer<typeof userRowSchema>;

/** The list's declaration: filters by role, status and company; free text over name and email. */
export const USER_LIST: ListResource = {
  fields: {
    name: { type: 'text' },
    email: { type: 'text' },
    // roles=ADMIN: the users who hold the ADMIN role (with others or not).
    roles: { type: 'textArray', values: ROLES },
    companyName: { type: 'text' },
    obpNumber: { type: 'text' },
    access: { type: 'enum', values: USER_ACCESSES },
    status: { type: 'enum', values: USER_STATUSES },
    // Never signed in: last, whichever way the column is sorted.
    lastSignInAt: { type: 'date', emptyLast: true },
  },
  searchFields: ['name', 'email'],
  defaultOrder: ['name'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** POST /api/users/invitations: an internal user (ADMIN or EMVO), invited by mail. */
export const userInvitationSchema = z.object({
  email: z.email().check(z.maxLength(100)),
  firstName: personNameField,
  lastName: personNameField,
  role: z.enum(INTERNAL_ROLES),
});
export type UserInvitationInput = z.infer<typeof userInvitationSchema>;

/**
 * PATCH /api/users/{id}: an internal user's roles, an external user's access, disable (DISABLED) or enable
 * (ACTIVE), at the version the admin saw (409 VERSION_CONFLICT when stale). At least one change.
 */
export const userChangeSchema = z
  .object({
    roles: z.optional(z.array(z.enum(INTERNAL_ROLES)).check(z.minLength(1), z.maxLength(2))),
    access: z.optional(z.enum(USER_ACCESSES)),
    status: z.optional(z.enum(['ACTIVE', 'DISABLED'])),
    version: z.int().check(z.minimum(1)),
  })
  .check(
    z.refine((body) => body.roles !== undefined || body.access !== undefined || body.status !== undefined, {
      message: 'Give roles, access or status',
    }),
  );
export type UserChangeInput = z.infer<typeof userChangeSchema>;

/** The 409 of an invitation to an address that already has a user. */
export const USER_EMAIL_TAKEN = 'USER_EMAIL_TAKEN';

/**
 * domain.md /admin/users: the list, inviting an internal user, and a change to a user. ADMIN only. A change
 * takes effect at the user's next sign-in (roles travel in the token); a disabled or revoked user's calls
 * are refused within a minute (the API's status cache).
 */
const access = roles('ADMIN');
export const usersApi = {
  list: listEndpoint({
    path: '/api/users',
    access,
    summary: 'Every user with their company, access, status and last sign-in',
    list: USER_LIST,
    item: userRowSchema,
  }),
  invite: endpoint({
    method: 'POST',
    path: '/api/users/invitations',
    access,
    summary: 'Invites an internal user (ADMIN or EMVO): the user INVITED and a mail with a single-use link',
    body: userInvitationSchema,
    response: userRowSchema,
    status: 201,
  }),
  change: endpoint({
    method: 'PATCH',
    path: '/api/users/:id',
    access,
    summary:
      "Changes a user's roles, an external user's access, or disables or enables them, at their version",
    params: idParams,
    body: userChangeSchema,
    response: userRowSchema,
  }),
};
