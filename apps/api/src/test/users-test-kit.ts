import { CLAIM_BY_ROLE, type Role } from '@portal/domain';
import { type createTestApp, XSRF_HEADERS } from './test-app.js';

// Test helpers of the users module: users written straight to the table, their tokens, the module's calls.

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Headers = Record<string, string>;

let sequence = 0;
/** An address no other test of the file uses. */
export const freshEmail = (name: string) => {
  sequence += 1;
  return `${name.toLowerCase().replace(/\W+/g, '.')}-${sequence}-${Math.random().toString(36).slice(2, 7)}@users.test`;
};

export interface SeedUser {
  roles?: Role[];
  status?: 'INVITED' | 'ACTIVE' | 'DISABLED';
  access?: 'FULL' | 'READ_ONLY' | 'REVOKED';
  displayName?: string;
  organisationId?: string | null;
}

/** A user of the directory, linked to a subject of their own, with the headers of their signed-in browser. */
export async function seedUser(t: TestApp, name: string, setup: SeedUser = {}) {
  const email = freshEmail(name);
  const subject = `oid-${email}`;
  const roles = setup.roles ?? ['ADMIN'];
  const row = await t.db
    .insertInto('users')
    .values({
      email,
      displayName: setup.displayName ?? name,
      externalId: subject,
      roles,
      status: setup.status ?? 'ACTIVE',
      access: setup.access ?? 'FULL',
      organisationId: setup.organisationId ?? null,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning(['id', 'version'])
    .executeTakeFirstOrThrow();
  const token = await t.sign({
    roles: roles.map((role) => CLAIM_BY_ROLE[role]),
    sub: subject,
    emails: [email],
  });
  const headers: Headers = { authorization: `Bearer ${token}`, ...XSRF_HEADERS };
  return { ...row, email, subject, headers };
}

/** An organisation for external users. */
export async function seedOrganisation(t: TestApp, legalName: string) {
  const { id } = await t.db
    .insertInto('organisations')
    .values({
      obpNumber: `C8${String(Math.floor(Math.random() * 99_999)).padStart(5, '0')}`,
      legalName,
      orgType: 'OPM',
      stage: 'INFORMATION',
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export const listUsers = (t: TestApp, headers: Headers, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/users${query}`, headers });

export const invite = (t: TestApp, headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/users/invitations', headers, payload });

export const changeUser = (t: TestApp, headers: Headers, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers, payload });

/** The stored user. */
export const userRow = (t: TestApp, id: string) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The audit rows of a user, oldest first. */
export const auditOf = (t: TestApp, id: string) =>
  t.db.selectFrom('auditLog').selectAll().where('entityId', '=', id).orderBy('id').execute();
