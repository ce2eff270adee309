import {
  USER_EMAIL_TAKEN,
  type UserAccess,
  type UserRow,
  type UserStatus,
  usersApi,
} from '@portal/contracts';
import { checkUserChange, isActiveAdmin, type Role } from '@portal/domain';
import type { HttpHandler } from 'msw';
import { DEMO_USERS } from './mock-auth';
import { demoId, MOCK_ORGANISATIONS } from './mock-data';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * The administrators' users in mock mode (apps/api modules/users; contracts users.ts), with packages/domain
 * users.ts's rules: no self-disable, no self-demotion, never the last active admin. The signed-in admin of
 * mock mode is DEMO_USERS.ADMIN. An invitation mails nothing: mock mode has no outbox.
 */

/** A stored user, as the API's table holds it. */
export interface MockUser {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  organisationId: string | null;
  access: UserAccess;
  status: UserStatus;
  lastSignInAt: Date | null;
  version: number;
}

const DAY = 24 * 60 * 60 * 1000;

/** The demo users: the demo accounts, a few more internal users, and one external user per company shown. */
export function createMockUsers(now: Date): MockUser[] {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const internal: Array<Omit<MockUser, 'id' | 'organisationId' | 'access' | 'version'>> = [
    { ...DEMO_USERS.ADMIN, roles: ['ADMIN'], status: 'ACTIVE', lastSignInAt: ago(0) },
    { ...DEMO_USERS.EMVO, roles: ['EMVO'], status: 'ACTIVE', lastSignInAt: ago(1) },
    {
      name: 'Rita Reviewer',
      email: 'rita.reviewer@example.com',
      roles: ['EMVO'],
      status: 'ACTIVE',
      lastSignInAt: ago(2),
    },
    {
      name: 'Alex Admin',
      email: 'alex.admin@example.com',
      roles: ['ADMIN', 'EMVO'],
      status: 'ACTIVE',
      lastSignInAt: ago(5),
    },
    {
      name: 'Nina New',
      email: 'nina.new@example.com',
      roles: ['EMVO'],
      status: 'INVITED',
      lastSignInAt: null,
    },
    {
      name: 'Olaf Former',
      email: 'olaf.former@example.com',
      roles: ['EMVO'],
      status: 'DISABLED',
      lastSignInAt: ago(90),
    },
  ];
  const accesses: UserAccess[] = ['FULL', 'FULL', 'READ_ONLY', 'FULL', 'REVOKED'];
  const external = MOCK_ORGANISATIONS.slice(0, 12).map((organisation, i) => ({
    name: `${organisation.legalName} SPOC`,
    email: `spoc${i + 1}@${organisation.obpNumber.toLowerCase()}.example`,
    roles: ['EXTERNAL'] as Role[],
    organisationId: organisation.id,
    access: accesses[i % accesses.length] ?? 'FULL',
    status: 'ACTIVE' as const,
    lastSignInAt: i % 3 === 2 ? null : ago(i + 1),
  }));
  return [
    ...internal.map((user, i) => ({
      ...user,
      id: demoId('d1', i + 1),
      organisationId: null,
      access: 'FULL' as const,
      version: 1,
    })),
    ...external.map((user, i) => ({ ...user, id: demoId('d1', 100 + i), version: 1 })),
  ];
}

export interface UserHandlersOptions {
  /** The clock (tests fix it). */
  now?: () => Date;
  /** The signed-in admin's email: their own user is the one they cannot disable or demote. */
  self?: string;
}

export function userHandlers(context: MockContext, options: UserHandlersOptions = {}): HttpHandler[] {
  const now = options.now ?? (() => new Date());
  const self = (options.self ?? DEMO_USERS.ADMIN.email).toLowerCase();
  const users = createMockUsers(now());
  const organisations = new Map(MOCK_ORGANISATIONS.map((organisation) => [organisation.id, organisation]));

  const rowOf = (user: MockUser): UserRow => {
    const organisation = user.organisationId ? organisations.get(user.organisationId) : undefined;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      roles: user.roles,
      organisationId: user.organisationId,
      companyName: organisation?.legalName ?? null,
      obpNumber: organisation?.obpNumber ?? null,
      access: user.roles.includes('EXTERNAL') ? user.access : null,
      status: user.status,
      lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
      version: user.version,
    };
  };

  return [
    mockRoute(context, usersApi.list, async () => users.map(rowOf)),

    mockRoute(context, usersApi.invite, async ({ body }) => {
      const { email, firstName, lastName, role } = body;
      if (users.some((user) => user.email.toLowerCase() === email.trim().toLowerCase())) {
        return apiError(409, USER_EMAIL_TAKEN, 'This email address already belongs to a user');
      }
      const user: MockUser = {
        id: context.newId(),
        name: `${firstName} ${lastName}`,
        email: email.trim(),
        roles: [role],
        organisationId: null,
        access: 'FULL',
        status: 'INVITED',
        lastSignInAt: null,
        version: 1,
      };
      users.push(user);
      return rowOf(user);
    }),

    mockRoute(context, usersApi.change, async ({ params, body }) => {
      const index = users.findIndex((user) => user.id === params.id);
      const user = users[index];
      if (!user) return apiError(404, 'NOT_FOUND', `No user ${params.id}`);
      if (user.version !== body.version) return versionConflict();
      const verdict = checkUserChange(user, body, {
        self: user.email.toLowerCase() === self,
        activeAdmins: users.filter(isActiveAdmin).length,
      });
      if (!verdict.ok) {
        const status =
          verdict.code === 'ROLE_INTERNAL_ONLY' || verdict.code === 'ACCESS_EXTERNAL_ONLY' ? 400 : 409;
        return apiError(status, verdict.code, verdict.message);
      }
      const { roles, access, status } = body;
      const changed: MockUser = {
        ...user,
        ...(roles ? { roles: [...roles] } : {}),
        ...(access ? { access } : {}),
        ...(status ? { status } : {}),
        version: user.version + 1,
      };
      users[index] = changed;
      return rowOf(changed);
    }),
  ];
}
