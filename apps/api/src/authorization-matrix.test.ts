import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, DeclaredRoute } from './plugins/auth.js';
import { createTestApp, XSRF_HEADERS } from './test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;

/** Who calls: a name, the roles its token grants (undefined: no valid token), and how to make its header. */
interface Caller {
  name: string;
  roles?: Array<'ADMIN' | 'EMVO' | 'EXTERNAL'>;
  authorization: () => Promise<string | undefined>;
}

const now = () => Math.floor(Date.now() / 1000);
const CALLERS: Caller[] = [
  { name: 'no token', authorization: async () => undefined },
  {
    name: 'an expired token',
    authorization: async () =>
      `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin', 'EmvoPortalInternal', 'EmvoPortalExternal'] }, { expiresIn: now() - 10 })}`,
  },
  {
    name: 'a bad signature',
    authorization: async () =>
      `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin'] }, { key: (await generateKeyPair('RS256')).privateKey })}`,
  },
  {
    name: 'a wrong audience',
    authorization: async () => `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin'], aud: 'another-api' })}`,
  },
  {
    name: 'a wrong acr',
    authorization: async () => `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin'], acr: 'b2c_1_reset' })}`,
  },
  {
    name: 'EXTERNAL',
    roles: ['EXTERNAL'],
    authorization: async () => `Bearer ${await t.sign({ roles: ['EmvoPortalExternal'] })}`,
  },
  {
    name: 'EMVO',
    roles: ['EMVO'],
    authorization: async () => `Bearer ${await t.sign({ roles: ['EmvoPortalInternal'] })}`,
  },
  {
    name: 'ADMIN',
    roles: ['ADMIN'],
    authorization: async () => `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin'] })}`,
  },
  {
    name: 'ADMIN+EMVO',
    roles: ['ADMIN', 'EMVO'],
    authorization: async () => `Bearer ${await t.sign({ roles: ['EmvoPortalAdmin', 'EmvoPortalInternal'] })}`,
  },
];

/** What a route's declared access implies for a caller: the status it must get, or 'through'. */
function expected(access: Access, caller: Caller): 401 | 403 | 'through' {
  if (access === 'public') return 'through';
  if (access === 'connector') return 401; // only the connector's basic secret opens it
  if (!caller.roles) return 401;
  return access.roles.some((role) => caller.roles?.includes(role)) ? 'through' : 403;
}

/** A concrete URL for a route pattern: ids become a well-formed uuid, other params a sample word. */
const concrete = (url: string) =>
  url
    .replace(/:(\w*[iI]d)\b(?=\/|$)/g, (_m, name: string) =>
      name === 'id' ? 'footer-links' : '00000000-0000-4000-8000-000000000000',
    )
    .replace(/:\w+/g, 'sample')
    .replace(/\*$/, 'index.html');

beforeAll(async () => {
  t = await createTestApp();
  // The tokens' subject is an external user of a company, as a real EXTERNAL caller is: routes that act
  // on the caller's own company then get past their role check too.
  const { id: organisationId } = await t.db
    .insertInto('organisations')
    .values({
      obpNumber: 'C00001',
      legalName: 'Matrix Pharma',
      orgType: 'OPM',
      stage: 'REGISTERED',
      createdBy: 't',
      updatedBy: 't',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto('users')
    .values({
      externalId: 'test-subject',
      email: 'test@portal.test',
      displayName: 'Test User',
      roles: ['EXTERNAL'],
      organisationId,
      // The registration's user: the one who manages the company's people too.
      obpRole: 'INITIAL_REQUESTER',
      createdBy: 't',
      updatedBy: 't',
    })
    .execute();
});
afterAll(() => t.app.close());

describe('authorization matrix: every route the app registered × every kind of caller', () => {
  it('covers a route table with every route declaring its access', () => {
    const undeclared = t.app.declaredRoutes.filter((route) => !route.config?.access);
    expect(undeclared).toEqual([]);
    expect(t.app.declaredRoutes.length).toBeGreaterThan(10);
  });

  // Issue 11: the company's steps after legitimacy are its own (EXTERNAL); the agreement template is the
  // administrators' to publish, the reviewers' to read too. The test below then calls each as everyone.
  it.each([
    ['PUT', '/api/onboarding/contractual', ['EXTERNAL']],
    ['POST', '/api/onboarding/contractual/signed-agreement', ['EXTERNAL']],
    ['POST', '/api/onboarding/contractual/submit', ['EXTERNAL']],
    ['PUT', '/api/onboarding/financial', ['EXTERNAL']],
    ['POST', '/api/onboarding/financial/invoicing-form', ['EXTERNAL']],
    ['POST', '/api/onboarding/financial/submit', ['EXTERNAL']],
    ['PUT', '/api/onboarding/mahs', ['EXTERNAL']],
    ['POST', '/api/onboarding/people/spoc-assistant', ['EXTERNAL']],
    ['DELETE', '/api/onboarding/people/spoc-assistant', ['EXTERNAL']],
    ['PATCH', '/api/onboarding/people/:userId', ['EXTERNAL']],
    ['PUT', '/api/onboarding/technical/:environment/gateway', ['EXTERNAL']],
    ['POST', '/api/onboarding/technical/:environment/csr', ['EXTERNAL']],
    ['POST', '/api/onboarding/technical/:environment/session-token', ['EXTERNAL']],
    ['POST', '/api/onboarding/technical/session-tokens/:tokenId/reveal', ['EXTERNAL']],
    ['GET', '/api/agreement-templates', ['ADMIN', 'EMVO']],
    ['POST', '/api/agreement-templates', ['ADMIN']],
    // Issue 12: the tests status metrics and the stage moves taken from them are the reviewers'.
    ['GET', '/api/metrics', ['EMVO']],
    ['GET', '/api/metrics/companies', ['EMVO']],
    ['GET', '/api/metrics/companies.csv', ['EMVO']],
    ['POST', '/api/organisations/:id/stage-moves', ['EMVO']],
    // Issue 12: the reviewers' session-token queue.
    ['GET', '/api/session-tokens', ['EMVO']],
    ['POST', '/api/session-tokens/:id/issue', ['EMVO']],
    ['POST', '/api/session-tokens/:id/cancel', ['EMVO']],
    // Issue 12: test runs added by hand or imported from a CSV.
    ['POST', '/api/test-runs', ['EMVO']],
    ['POST', '/api/test-runs/import', ['EMVO']],
    // Issue 13: stored files, the audit trail and the landing page's summary are the administrators'.
    ['GET', '/api/admin/files', ['ADMIN']],
    ['GET', '/api/admin/files/usage', ['ADMIN']],
    ['POST', '/api/admin/files', ['ADMIN']],
    ['DELETE', '/api/admin/files/:id', ['ADMIN']],
    ['GET', '/api/audit', ['ADMIN']],
    ['GET', '/api/admin/summary', ['ADMIN']],
    // Issue 13: disclaimer versions are the administrators'; every signed-in user accepts the pending ones.
    ['GET', '/api/disclaimer-contents', ['ADMIN']],
    ['POST', '/api/disclaimer-contents', ['ADMIN']],
    ['PUT', '/api/disclaimer-contents/:id', ['ADMIN']],
    ['POST', '/api/disclaimer-contents/:id/publish', ['ADMIN']],
    ['DELETE', '/api/disclaimer-contents/:id', ['ADMIN']],
    ['GET', '/api/disclaimers/pending', ['ADMIN', 'EMVO', 'EXTERNAL']],
    ['POST', '/api/disclaimers/:type/acceptances', ['ADMIN', 'EMVO', 'EXTERNAL']],
    // Issue 13: the users, their invitations and changes are the administrators'.
    ['GET', '/api/users', ['ADMIN']],
    ['POST', '/api/users/invitations', ['ADMIN']],
    ['PATCH', '/api/users/:id', ['ADMIN']],
  ])('declares %s %s for %j', (method, url, allowed) => {
    const route = t.app.declaredRoutes.find(
      (candidate) => candidate.url === url && [candidate.method].flat().includes(method),
    );
    expect(route?.config?.access).toEqual({ roles: allowed });
  });

  it('answers each caller what the route declares', async () => {
    const failures: string[] = [];
    const routes: DeclaredRoute[] = t.app.declaredRoutes;
    for (const route of routes) {
      const access = route.config?.access;
      if (!access) continue;
      for (const method of [route.method].flat()) {
        for (const caller of CALLERS) {
          const authorization = await caller.authorization();
          const response = await t.app.inject({
            method: method as 'GET',
            url: concrete(route.url),
            headers: { ...XSRF_HEADERS, ...(authorization ? { authorization } : {}) },
            ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
          });
          const want = expected(access, caller);
          const ok =
            want === 'through' ? ![401, 403].includes(response.statusCode) : response.statusCode === want;
          if (!ok)
            failures.push(
              `${method} ${route.url} as ${caller.name}: ${response.statusCode}, expected ${want}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × every caller: it grows with the API, so it has time of its own (not a budget).
  }, 180_000);
});
