import { DEMO_ACCOUNTS } from '@portal/demo-data';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-handle.js';
import { createFileStorage } from '../node/configured-file-storage.js';
import { seedIfEmpty } from '../seed/seed.js';
import { testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-database.js';
import { createInBrowserApi, type InBrowserApi } from './in-browser-api.js';

let database: Database;
let api: InBrowserApi;

/** The token of a demo account: its email, whose directory row gives the roles (as mock mode signs in). */
async function userOf(email: string) {
  const row = await database.db
    .selectFrom('users')
    .select(['email', 'displayName', 'roles'])
    .where('email', '=', email)
    .executeTakeFirst();
  return (
    row && {
      subject: row.email,
      name: row.displayName,
      email: row.email,
      roles: row.roles,
      issuedAt: new Date(),
    }
  );
}

/** One call as `who` (a demo account's email), with a JSON body or form data. */
function call(method: string, path: string, who?: string, body?: unknown) {
  const headers = new Headers(who ? { authorization: `Bearer ${who}` } : {});
  let payload: FormData | string | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  return api.fetch(new Request(`http://portal.test${path}`, { method, headers, body: payload }));
}

const ADMIN = DEMO_ACCOUNTS.admin.email;
const REVIEWER = DEMO_ACCOUNTS.reviewer.email;
const COMPANY = DEMO_ACCOUNTS.external.email;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig();
  const fileStorage = createFileStorage(config.storage);
  await seedIfEmpty(database.db, fileStorage);
  api = await createInBrowserApi({
    database,
    config,
    fileStorage,
    userOf,
    log: pino({ level: 'silent' }),
  });
});

afterAll(async () => {
  await api.close();
  await database.close();
});

describe('the API in the browser', () => {
  it('answers an anonymous call to a public route, and refuses one to a protected route', async () => {
    expect((await call('GET', '/healthz')).status).toBe(200);
    const refused = await call('GET', '/api/gateways');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('checks the route roles from the signed-in user, and a token that names nobody', async () => {
    expect((await call('GET', '/api/users', REVIEWER)).status).toBe(403);
    expect(await (await call('GET', '/api/gateways', 'nobody@portal.test')).json()).toMatchObject({
      code: 'ERR_AUTHENTICATION',
    });
  });

  it("writes through the module's own code: a gateway, its audit row, the domain's refusal", async () => {
    const gateway = {
      name: 'In-browser gateway',
      type: 'PROVIDER',
      environments: ['IQE'],
      certified: false,
      active: true,
    };
    const created = await call('POST', '/api/gateways', ADMIN, gateway);
    expect(created.status).toBe(201);
    const body = (await created.json()) as { id: string; createdAt: unknown };
    expect(body).toMatchObject({ name: 'In-browser gateway', version: 1 });
    expect(typeof body.createdAt).toBe('string');
    const audit = await database.db
      .selectFrom('auditLog')
      .select(['action', 'actor', 'address'])
      .where('entityId', '=', body.id)
      .execute();
    // As the API's request context writes it: the client's address (this browser's, in mock mode).
    expect(audit).toEqual([{ action: 'CREATE', actor: ADMIN, address: '127.0.0.1' }]);
    const taken = await call('POST', '/api/gateways', ADMIN, gateway);
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: 'GATEWAY_NAME_TAKEN' });
  });

  it('answers a list page by its declaration, and a bad list query with its code', async () => {
    const page = await call('GET', '/api/gateways?order=-name&limit=2', ADMIN);
    expect(page.status).toBe(200);
    const { items, total } = (await page.json()) as { items: unknown[]; total: number };
    expect(items).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    expect((await call('GET', '/api/gateways?order=-nothing', ADMIN)).status).toBe(400);
  });

  it('refuses a bad body field by field, broken JSON, and an unknown path, as the API does', async () => {
    const invalid = await call('POST', '/api/gateways', ADMIN, { name: '' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field: 'name' })]),
    );
    expect(await (await call('POST', '/api/gateways', ADMIN, '{')).json()).toMatchObject({
      code: 'INVALID_JSON',
    });
    expect(await (await call('GET', '/api/nothing', ADMIN)).json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it("one world: what a company's caller reads is its organisation, and a reviewer's queue holds the checks", async () => {
    const application = await call('GET', '/api/onboarding', COMPANY);
    expect(application.status).toBe(200);
    const { organisation } = (await application.json()) as { organisation: { obpNumber: string } };
    const queue = await call(
      'GET',
      `/api/review-queues/legitimacy?search=${organisation.obpNumber}&status=APPROVED`,
      REVIEWER,
    );
    expect(queue.status).toBe(200);
    expect(((await queue.json()) as { items: unknown[] }).items).toEqual([
      expect.objectContaining({ obpNumber: organisation.obpNumber }),
    ]);
  });

  it('stores an upload streamed from form data, and serves it back', async () => {
    const der = new Uint8Array([0x30, 0x82, 0x02, 0x56, ...new Array(300).fill(0x42)]);
    const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${Buffer.from(der).toString('base64')}\n-----END CERTIFICATE REQUEST-----\n`;
    const form = new FormData();
    form.append('file', new Blob([pem]), 'company.csr');
    // A full-access company user whose company is testing on IQE, where the technical step is open.
    const { email } = await database.db
      .selectFrom('users')
      .innerJoin('organisations', 'organisations.id', 'users.organisationId')
      .select('users.email')
      .where('organisations.stage', '=', 'TECHNICAL_IQE')
      .where('users.status', '=', 'ACTIVE')
      .where('users.access', '=', 'FULL')
      .executeTakeFirstOrThrow();
    const uploaded = await call('POST', '/api/onboarding/technical/IQE/csr', email, form);
    expect(uploaded.status).toBe(201);
    const { file } = (await uploaded.json()) as { file: { id: string; name: string } };
    expect(file.name).toBe('company.csr');
    const download = await call('GET', `/api/files/${file.id}`, email);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(pem);
    const refused = new FormData();
    refused.append('file', new Blob(['%PDF-1.4']), 'company.csr');
    expect(
      await (await call('POST', '/api/onboarding/technical/IQE/csr', email, refused)).json(),
    ).toMatchObject({
      code: '112',
    });
  });
});
