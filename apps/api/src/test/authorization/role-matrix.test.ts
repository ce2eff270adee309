import type { Role } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_TOKENS, brokenTokenHeaders, type Headers, signedInHeaders } from '../callers.js';
import { createOnboardingTestApp, type TestApp } from '../onboarding-test-kit.js';
import { TEST_CONNECTOR_SECRET } from '../test-app.js';
import { seedTwoCompanies, type TwoCompanies } from '../two-companies.js';
import { concreteUrl, type RouteCase, routeCases, unmappedParams } from './route-table.js';

// Every route the app registered × every kind of caller answers what the route declares.

let t: TestApp & { close: () => Promise<void> };
let f: TwoCompanies;

/** A caller: its headers, the roles its token grants (none: no valid token), its standing in the directory. */
interface Caller {
  name: string;
  headers: Headers;
  roles?: Role[];
  /** Refused on every route but the public ones, whatever the token says. */
  refused?: 'disabled' | 'revoked';
  /** An external user whose access to their company is READ_ONLY. */
  readOnly?: boolean;
  /** The roles the directory holds now, when an administrator changed them since the token was issued. */
  rolesNow?: Role[];
}

/**
 * What outlives the request goes by the roles of now, not the token's: a live updates ticket carries only
 * the token's roles the directory still grants (modules/events/event-tickets.ts).
 */
const BY_ROLES_OF_NOW = new Set(['POST /api/events/tickets']);

let callers: Caller[] = [];
let cells = 0;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  f = await seedTwoCompanies(t);
  const broken = await Promise.all(
    BROKEN_TOKENS.map(async (name) => ({ name, headers: await brokenTokenHeaders(t, name) })),
  );
  // A reviewer an administrator made an administrator only: the token still says EMVO.
  const formerReviewer = { subject: 'oid-former-reviewer', email: 'former-reviewer@people.test' };
  await t.db
    .insertInto('users')
    .values({
      email: formerReviewer.email,
      displayName: 'Former Reviewer',
      externalId: formerReviewer.subject,
      roles: ['ADMIN'],
      createdBy: 'test',
      updatedBy: 'test',
    })
    .execute();
  callers = [
    ...broken,
    {
      name: 'EMVO since made ADMIN only',
      roles: ['EMVO'],
      rolesNow: ['ADMIN'],
      headers: await signedInHeaders(t, { ...formerReviewer, roles: ['EMVO'] }),
    },
    { name: 'ADMIN', roles: ['ADMIN'], headers: f.headers.admin },
    { name: 'EMVO', roles: ['EMVO'], headers: f.headers.emvo },
    { name: 'EXTERNAL of the owning company', roles: ['EXTERNAL'], headers: f.owner.headers },
    { name: 'EXTERNAL of another company', roles: ['EXTERNAL'], headers: f.other.headers },
    { name: 'READ_ONLY', roles: ['EXTERNAL'], readOnly: true, headers: f.headers.readOnly },
    { name: 'REVOKED', roles: ['EXTERNAL'], refused: 'revoked', headers: f.headers.revoked },
    {
      name: 'DISABLED external',
      roles: ['EXTERNAL'],
      refused: 'disabled',
      headers: f.headers.disabledExternal,
    },
    {
      name: 'DISABLED admin and reviewer',
      roles: ['ADMIN', 'EMVO'],
      refused: 'disabled',
      headers: f.headers.disabledInternal,
    },
  ];
}, 120_000);

afterAll(async () => {
  const routes = t ? routeCases(t.app).length : 0;
  console.log(`authorization matrix: ${routes} routes × ${callers.length} callers, ${cells} cells checked`);
  await t?.close();
});

/**
 * The company's own writes (/api/onboarding/*): domain.md "a read-only view for a READ_ONLY user", so
 * every one refuses such a user, reads let them through. Accepting a disclaimer is not the company's.
 */
const writesTheCompany = (route: RouteCase) =>
  route.url.startsWith('/api/onboarding') && !['GET', 'HEAD'].includes(route.method);

/** What a route's declared access implies for a caller: the status it must get, or 'through'. */
function expected(route: RouteCase, caller: Caller): 401 | 403 | 'through' {
  const { access } = route;
  if (access === 'public') return 'through';
  if (access === 'connector') return 401; // only the connector's basic secret opens it
  if (!caller.roles) return 401;
  if (caller.refused) return 403;
  if (!access.roles.some((role) => caller.roles?.includes(role))) return 403;
  if (caller.readOnly && writesTheCompany(route)) return 403;
  const { rolesNow } = caller;
  if (rolesNow && BY_ROLES_OF_NOW.has(`${route.method} ${route.url}`)) {
    const held = caller.roles.filter((role) => rolesNow.includes(role));
    if (!access.roles.some((role) => held.includes(role))) return 403;
  }
  return 'through';
}

/**
 * spec §8: a 401 says ERR_AUTHENTICATION or UNAUTHORIZED, a 403 FORBIDDEN, or ACCESS_WITHDRAWN for a user
 * disabled, revoked or removed since signing in (the SPA signs them out saying why).
 */
const CODES: Record<401 | 403, string[]> = {
  401: ['ERR_AUTHENTICATION', 'UNAUTHORIZED'],
  403: ['FORBIDDEN', 'ACCESS_WITHDRAWN'],
};

const codeOf = (body: string): string | undefined => {
  try {
    return (JSON.parse(body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

describe('authorization matrix: every route the app registered × every kind of caller', () => {
  it('covers a route table with every route declaring its access and every id mapped to a fixture', () => {
    const undeclared = t.app.declaredRoutes.filter((route) => !route.config?.access);
    expect(undeclared).toEqual([]);
    expect(t.app.declaredRoutes.length).toBeGreaterThan(10);
    expect(routeCases(t.app).flatMap(unmappedParams)).toEqual([]);
  });

  // The company's steps after legitimacy are its own (EXTERNAL); the agreement template is the
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
    // The tests status metrics and the stage moves taken from them are the reviewers'.
    ['GET', '/api/metrics', ['EMVO']],
    ['GET', '/api/metrics/companies', ['EMVO']],
    ['GET', '/api/metrics/companies.csv', ['EMVO']],
    ['POST', '/api/organisations/:id/stage-moves', ['EMVO']],
    // The reviewers' session-token queue.
    ['GET', '/api/session-tokens', ['EMVO']],
    ['POST', '/api/session-tokens/:id/issue', ['EMVO']],
    ['POST', '/api/session-tokens/:id/cancel', ['EMVO']],
    // Test runs added by hand or imported from a CSV.
    ['POST', '/api/test-runs', ['EMVO']],
    ['POST', '/api/test-runs/import', ['EMVO']],
    // Stored files, the audit trail and the landing page's summary are the administrators'.
    ['GET', '/api/admin/files', ['ADMIN']],
    ['GET', '/api/admin/files/usage', ['ADMIN']],
    ['POST', '/api/admin/files', ['ADMIN']],
    ['DELETE', '/api/admin/files/:id', ['ADMIN']],
    ['GET', '/api/audit', ['ADMIN']],
    ['GET', '/api/admin/summary', ['ADMIN']],
    // Disclaimer versions are the administrators'; every signed-in user accepts the pending ones.
    ['GET', '/api/disclaimer-contents', ['ADMIN']],
    ['POST', '/api/disclaimer-contents', ['ADMIN']],
    ['PUT', '/api/disclaimer-contents/:id', ['ADMIN']],
    ['POST', '/api/disclaimer-contents/:id/publish', ['ADMIN']],
    ['DELETE', '/api/disclaimer-contents/:id', ['ADMIN']],
    ['GET', '/api/disclaimers/pending', ['ADMIN', 'EMVO', 'EXTERNAL']],
    ['POST', '/api/disclaimers/:type/acceptances', ['ADMIN', 'EMVO', 'EXTERNAL']],
    // The users, their invitations and changes are the administrators'.
    ['GET', '/api/users', ['ADMIN']],
    ['POST', '/api/users/invitations', ['ADMIN']],
    ['PATCH', '/api/users/:id', ['ADMIN']],
    // A live updates ticket for every signed-in role (the stream filters what each receives);
    // who has a check open is the reviewers' own.
    ['POST', '/api/events/tickets', ['ADMIN', 'EMVO', 'EXTERNAL']],
    ['GET', '/api/checks/:id/presence', ['EMVO']],
    ['POST', '/api/checks/:id/presence', ['EMVO']],
    ['DELETE', '/api/checks/:id/presence', ['EMVO']],
    // One company, one page, and the search reaching it: reviewers work on it, administrators read it.
    ['GET', '/api/companies/:obpNumber', ['EMVO', 'ADMIN']],
    ['GET', '/api/search', ['EMVO', 'ADMIN']],
    // Reviewers working together: they assign checks and write the internal notes, which administrators
    // read too; the company never does.
    ['PUT', '/api/checks/:id/assignee', ['EMVO']],
    ['GET', '/api/checks/:id/notes', ['EMVO', 'ADMIN']],
    ['POST', '/api/checks/:id/notes', ['EMVO']],
    ['GET', '/api/reviewers', ['EMVO', 'ADMIN']],
  ])('declares %s %s for %j', (method, url, allowed) => {
    const route = t.app.declaredRoutes.find(
      (candidate) => candidate.url === url && [candidate.method].flat().includes(method),
    );
    expect(route?.config?.access).toEqual({ roles: allowed });
  });

  // The claims endpoint answers the roles B2C puts in the token at sign-in: a user every route refuses
  // (the standing) is blocked there, before they get a token (modules/identity/claims-routes.ts).
  it('blocks at sign-in every user the standing check refuses, and only those', async () => {
    const signIn = async (objectId: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/identity/claims',
        headers: { authorization: `Basic ${Buffer.from(`b2c:${TEST_CONNECTOR_SECRET}`).toString('base64')}` },
        payload: { objectId },
      });
      return response.json<{ action: string }>().action;
    };
    const { subjects } = f;
    expect({
      owner: await signIn(subjects.owner),
      readOnly: await signIn(subjects.readOnly),
      revoked: await signIn(subjects.revoked),
      disabledExternal: await signIn(subjects.disabledExternal),
      disabledInternal: await signIn(subjects.disabledInternal),
    }).toEqual({
      owner: 'Continue',
      readOnly: 'Continue',
      revoked: 'ShowBlockPage',
      disabledExternal: 'ShowBlockPage',
      disabledInternal: 'ShowBlockPage',
    });
  });

  // A public read by id answers what the public list shows: an inactive link is unknown to every caller
  // there, whatever their role (the administrators read it in their own list, /links/:id/all).
  it('hides an inactive link from every caller of the public read by id, as the list hides it', async () => {
    const url = `/links/footer-links/${f.shared.linkId}`;
    const answers = async () => {
      const seen: Record<string, number> = {};
      for (const caller of callers) {
        seen[caller.name] = (await t.app.inject({ method: 'GET', url, headers: caller.headers })).statusCode;
      }
      return seen;
    };
    const everyone = (status: number) => Object.fromEntries(callers.map((caller) => [caller.name, status]));
    expect(await answers()).toEqual(everyone(200));
    await t.db.updateTable('links').set({ active: false }).where('id', '=', f.shared.linkId).execute();
    try {
      expect(await answers()).toEqual(everyone(404));
      const all = await t.app.inject({
        method: 'GET',
        url: '/links/footer-links/all',
        headers: f.headers.admin,
      });
      expect(all.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: f.shared.linkId })]));
    } finally {
      await t.db.updateTable('links').set({ active: true }).where('id', '=', f.shared.linkId).execute();
    }
  });

  it('answers each caller what the route declares, refusals with the spec code', async () => {
    const failures: string[] = [];
    for (const route of routeCases(t.app)) {
      if (unmappedParams(route).length > 0) continue; // reported by the coverage test above
      for (const caller of callers) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route, f),
          headers: caller.headers,
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        cells += 1;
        const want = expected(route, caller);
        const status = response.statusCode;
        const code = codeOf(response.body);
        const ok =
          want === 'through'
            ? ![401, 403].includes(status)
            : status === want && (route.method === 'HEAD' || CODES[want].includes(code ?? ''));
        if (!ok) {
          failures.push(
            `${route.method} ${route.url} as ${caller.name}: ${status} ${code ?? ''}, expected ${want}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
    // Every route × every caller: it grows with the API, so it has time of its own (not a budget).
  }, 240_000);
});
