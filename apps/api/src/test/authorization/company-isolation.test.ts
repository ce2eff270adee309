import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Headers } from '../callers.js';
import { createOnboardingTestApp, type TestApp } from '../onboarding-test-kit.js';
import { setCheck } from '../steps-test-kit.js';
import { seedTwoCompanies, type TwoCompanies } from '../two-companies.js';
import {
  BODY_RECORDS,
  concreteUrl,
  pathRecords,
  type RouteCase,
  routeCases,
  unmappedFields,
  unmappedParams,
} from './route-table.js';

// "no leak of another company's record or file by id (ids of the other company tried on
// every route that takes an id)". The other company's user calls every route taking an id with the owner's
// ids: the answer is a refusal, the very one an unknown id gets, and carries none of the owner's data.
// The owner's user, where the route lets EXTERNAL in, gets through with the same ids.

let t: TestApp & { close: () => Promise<void> };
let f: TwoCompanies;
let cells = 0;
/** A reviewer's internal note on the owner's check: never the company's to read, its own people included. */
const NOTE = `internal-note-${randomUUID()}`;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  f = await seedTwoCompanies(t);
  // Both companies' legitimacy approved (stage APPROVALS), the other with a MAH of its own: the MAH
  // register then reaches its check of the ids for both, rather than refusing the step first.
  const owner = f.owner;
  await setCheck(t, owner, 'LEGITIMACY', 'APPROVED');
  await setCheck(t, f.other, 'LEGITIMACY', 'APPROVED');
  await t.db
    .updateTable('organisations')
    .set({ stage: 'APPROVALS' })
    .where('id', 'in', [owner.organisationId, f.other.organisationId])
    .execute();
  await t.db
    .insertInto('mahs')
    .values({
      organisationId: f.other.organisationId,
      name: 'Otherco MAH',
      country: 'DE',
      createdBy: 't',
      updatedBy: 't',
    })
    .execute();
  const noted = await t.app.inject({
    method: 'POST',
    url: `/api/checks/${owner.records.checkId}/notes`,
    headers: f.headers.emvo,
    payload: { body: NOTE },
  });
  if (noted.statusCode !== 201) throw new Error(`The note: ${noted.statusCode} ${noted.body}`);
}, 120_000);

afterAll(async () => {
  console.log(
    `company isolation: ${cells} calls checked (the owner's ids tried by another company, unknown ids, the owner, anonymous reads)`,
  );
  await t?.close();
});

const allowsExternal = (route: RouteCase) =>
  typeof route.access === 'object' && route.access.roles.includes('EXTERNAL');

/** The caller's organisation version now (the company's writes are made at it). */
async function versionOf(headers: Headers): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers });
  return response.json<{ organisation: { version: number } }>().organisation.version;
}

/**
 * A request body the route accepts but for the record it names, so the route reaches its look-up of the
 * id; `id` is the record tried. Routes whose callers here are refused by role take an empty body.
 */
async function bodyFor(
  route: RouteCase,
  headers: Headers,
  id: string | undefined,
): Promise<object | undefined> {
  if (route.method === 'GET' || route.method === 'HEAD') return undefined;
  const key = `${route.method} ${route.url}`;
  if (key === 'PATCH /api/onboarding/people/:userId')
    return { version: await versionOf(headers), access: 'READ_ONLY' };
  if (key === 'PUT /api/onboarding/mahs')
    return { version: await versionOf(headers), mahs: [{ id, active: true }], added: [] };
  if (key === 'POST /api/onboarding/technical/session-tokens/:tokenId/reveal') return undefined;
  return {};
}

/** The route's owner records: the path parameters and body field that name one, with their ids. */
function ownerIds(route: RouteCase): { path: Record<string, string>; body?: string } {
  const path = Object.fromEntries(
    pathRecords(route)
      .filter(([, record]) => record.owner === 'company')
      .map(([name, record]) => [name, record.id(f)]),
  );
  const body = BODY_RECORDS[`${route.method} ${route.url}`]?.record;
  return { path, ...(body?.owner === 'company' ? { body: body.id(f) } : {}) };
}

async function call(
  route: RouteCase,
  headers: Headers,
  path: Record<string, string>,
  bodyId: string | undefined,
) {
  const payload = await bodyFor(route, headers, bodyId);
  cells += 1;
  return t.app.inject({
    method: route.method as 'GET',
    url: concreteUrl(route, f, path),
    headers,
    ...(payload ? { payload } : {}),
  });
}

/** The answer with the ids tried replaced by a placeholder, to compare it with another id's. */
// Each answer names its own request: that id differs between two answers by design.
const normalised = (text: string, ids: string[]) =>
  ids
    .reduce((answer, id) => answer.replaceAll(id, '<id>'), text)
    .replace(/"requestId":"[^"]*"/g, '"requestId":"<request>"');

/** The routes taking an id of one of the owner's records, in the path or in the body. */
const companyIdRoutes = () =>
  routeCases(t.app).filter((route) => {
    const ids = ownerIds(route);
    return Object.keys(ids.path).length > 0 || ids.body !== undefined;
  });

describe("company isolation: another company's user tries the owner's ids on every route that takes one", () => {
  it('maps every id a route takes (path, query or body) to a seeded record', () => {
    expect([...routeCases(t.app).flatMap(unmappedParams), ...unmappedFields(t.app)]).toEqual([]);
    expect(companyIdRoutes().length).toBeGreaterThan(10);
  });

  it("refuses the owner's ids as it refuses unknown ones, with none of the owner's data", async () => {
    const failures: string[] = [];
    for (const route of companyIdRoutes()) {
      const owned = ownerIds(route);
      const unknown = {
        path: Object.fromEntries(Object.keys(owned.path).map((name) => [name, randomUUID()])),
        body: owned.body === undefined ? undefined : randomUUID(),
      };
      const tried = await call(route, f.other.headers, owned.path, owned.body);
      const missing = await call(route, f.other.headers, unknown.path, unknown.body);
      const name = `${route.method} ${route.url}`;
      const ownIds = [...Object.values(owned.path), ...(owned.body ? [owned.body] : [])];
      const unknownIds = [...Object.values(unknown.path), ...(unknown.body ? [unknown.body] : [])];
      const answer = normalised(tried.body, ownIds);
      // A refusal: by role (403), by the route's own look-up (404), or of the request the id is in (400,
      // 409); the connector's route answers a bearer token 401.
      const refusals = route.access === 'connector' ? [401] : [400, 403, 404, 409];
      if (!refusals.includes(tried.statusCode)) {
        failures.push(`${name}: the other company's user got ${tried.statusCode}`);
      }
      if (tried.statusCode !== missing.statusCode || answer !== normalised(missing.body, unknownIds)) {
        failures.push(
          `${name}: the owner's id answers ${tried.statusCode} ${answer}, an unknown one ${missing.statusCode} ${missing.body}`,
        );
      }
      const leaked = f.ownerSecrets.filter((secret) => secret && answer.includes(secret));
      if (leaked.length > 0) failures.push(`${name}: the answer shows ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it("lets the owner's user through with the same ids where the route lets EXTERNAL in", async () => {
    const failures: string[] = [];
    const routes = companyIdRoutes().filter(allowsExternal);
    expect(routes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/files/:id',
        'GET /api/files/:id/meta',
        'PATCH /api/onboarding/people/:userId',
        'POST /api/onboarding/technical/session-tokens/:tokenId/reveal',
        'PUT /api/onboarding/mahs',
      ]),
    );
    for (const route of routes) {
      const owned = ownerIds(route);
      const response = await call(route, f.owner.headers, owned.path, owned.body);
      // Found: a read answers 200; a write may still refuse for its own reasons (a locked step: 409).
      const ok =
        route.method === 'GET' ? response.statusCode === 200 : ![401, 403, 404].includes(response.statusCode);
      if (!ok)
        failures.push(`${route.method} ${route.url}: the owner got ${response.statusCode} ${response.body}`);
      // The owner's reads show the owner's data: the texts the other company must never see are real.
      if (
        route.method === 'GET' &&
        !f.ownerSecrets.some((secret) => secret && response.body.includes(secret))
      ) {
        failures.push(`GET ${route.url}: the owner's answer shows none of ownerSecrets`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("treats the owner's pending invitation as a person: another company's user is refused as for an unknown id", async () => {
    const route = routeCases(t.app).find(
      (candidate) => candidate.method === 'PATCH' && candidate.url === '/api/onboarding/people/:userId',
    );
    if (!route) throw new Error('PATCH /api/onboarding/people/:userId is not registered');
    const invitation = f.owner.records.invitationId;
    const unknown = randomUUID();
    const tried = await call(route, f.other.headers, { userId: invitation }, undefined);
    const missing = await call(route, f.other.headers, { userId: unknown }, undefined);
    expect([400, 403, 404, 409]).toContain(tried.statusCode);
    expect([tried.statusCode, normalised(tried.body, [invitation])]).toEqual([
      missing.statusCode,
      normalised(missing.body, [unknown]),
    ]);
    // The owner's SPOC reaches it with the same id (a write may still refuse for its own reasons).
    const own = await call(route, f.owner.headers, { userId: invitation }, undefined);
    expect([401, 403, 404]).not.toContain(own.statusCode);
  });

  it("shows the other company's user none of the owner's data on any route it may read", async () => {
    const failures: string[] = [];
    const reads = routeCases(t.app).filter((route) => route.method === 'GET' && allowsExternal(route));
    // The owner's application shows its name and number, which the other company's must not.
    const own = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers: f.owner.headers });
    expect(own.statusCode).toBe(200);
    expect(f.ownerSecrets.filter((secret) => own.body.includes(secret)).length).toBeGreaterThan(3);
    for (const route of reads) {
      const response = await call(route, f.other.headers, {}, undefined);
      const leaked = f.ownerSecrets.filter((secret) => secret && response.body.includes(secret));
      if (leaked.length > 0)
        failures.push(`GET ${route.url}: ${response.statusCode} shows ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("company isolation: the reviewers' internal notes stay the reviewers'", () => {
  it('shows a note on its check to no route the company may read, its own people included', async () => {
    const failures: string[] = [];
    const reads = routeCases(t.app).filter((route) => route.method === 'GET' && allowsExternal(route));
    for (const headers of [f.owner.headers, f.headers.readOnly, f.other.headers]) {
      for (const route of reads) {
        const owned = Object.fromEntries(pathRecords(route).map(([name, record]) => [name, record.id(f)]));
        const response = await call(route, headers, owned, undefined);
        if (response.body.includes(NOTE))
          failures.push(`GET ${route.url}: ${response.statusCode} shows the note`);
      }
      // The routes that hold notes refuse a company's user outright.
      for (const url of [
        `/api/checks/${f.owner.records.checkId}/notes`,
        `/api/checks/${f.owner.records.checkId}`,
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers });
        if (response.statusCode !== 403) failures.push(`GET ${url}: ${response.statusCode}, expected 403`);
      }
    }
    // Reviewers and administrators read it.
    for (const headers of [f.headers.emvo, f.headers.admin]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/checks/${f.owner.records.checkId}/notes`,
        headers,
      });
      if (!response.body.includes(NOTE))
        failures.push(`the notes as a reviewer or administrator: ${response.body}`);
    }
    expect(failures).toEqual([]);
  });
});

describe("company isolation: anonymous callers read none of a company's data", () => {
  /**
   * domain.md: "the outbox can be read through the API, so tests can follow a confirmation link": app.ts
   * registers it only with DEV_OUTBOX=true (local use), where it shows every mail.
   */
  const DEV_ONLY = ['/api/dev/outbox'];

  it("shows no public route's answer any of the owner's data (but the development outbox)", async () => {
    const failures: string[] = [];
    const reads = routeCases(t.app).filter(
      (route) => route.method === 'GET' && route.access === 'public' && !DEV_ONLY.includes(route.url),
    );
    expect(reads.length).toBeGreaterThan(5);
    for (const route of reads) {
      const response = await call(route, {}, {}, undefined);
      const leaked = f.ownerSecrets.filter((secret) => secret && response.body.includes(secret));
      if (leaked.length > 0)
        failures.push(`GET ${route.url}: ${response.statusCode} shows ${leaked.join(', ')}`);
    }
    expect(failures).toEqual([]);
  });
});
