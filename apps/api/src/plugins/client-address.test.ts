import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../db/audit.js';
import { createTestApp } from '../test/test-app.js';

// X-Forwarded-For is believed only from the proxies TRUST_PROXY names, so a client can
// neither slip past the per-address limits nor write another address into the audit trail.

type App = Awaited<ReturnType<typeof createTestApp>>;
const LIMIT = 3;
const link = { label: 'Help', link: 'https://example.com/help' };

/** The address the audit row of a footer link's creation names. */
async function auditedAddress(t: App, headers: Record<string, string>, remoteAddress: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/links/footer-links',
    payload: { ...link, label: `Help ${Math.random()}` },
    headers: { ...(await t.bearer('EmvoPortalAdmin')), ...headers },
    remoteAddress,
  });
  expect(created.statusCode).toBe(201);
  const row = await t.db
    .selectFrom('auditLog')
    .select('address')
    .where('entity', '=', 'link')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.address;
}

describe('without TRUST_PROXY (the default): the socket’s address counts', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ config: { RATE_LIMIT_ANONYMOUS: String(LIMIT), NODE_ENV: 'production' } });
  });
  afterAll(() => t.app.close());

  it('a forged X-Forwarded-For does not get past the per-address limit', async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent <= LIMIT; sent += 1) {
      const response = await t.app.inject({
        url: '/healthz',
        remoteAddress: '198.51.100.7',
        headers: { 'x-forwarded-for': `203.0.113.${sent}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('a forged X-Forwarded-For does not change the audit’s address', async () => {
    const address = await auditedAddress(t, { 'x-forwarded-for': '203.0.113.99' }, '198.51.100.8');
    expect(address).toBe('198.51.100.8');
  });
});

describe('TRUST_PROXY=1: the one load balancer in front reports the client', () => {
  let t: App;
  beforeAll(async () => {
    t = await createTestApp({ config: { RATE_LIMIT_ANONYMOUS: String(LIMIT), TRUST_PROXY: '1' } });
  });
  afterAll(() => t.app.close());

  it('takes the address the proxy appended, not the one the client wrote before it', async () => {
    const address = await auditedAddress(t, { 'x-forwarded-for': '203.0.113.99, 192.0.2.50' }, '10.0.0.2');
    expect(address).toBe('192.0.2.50');
  });

  it('limits each client the proxy reports, whatever it wrote itself', async () => {
    const statuses: number[] = [];
    for (let sent = 0; sent <= LIMIT; sent += 1) {
      const response = await t.app.inject({
        url: '/healthz',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `203.0.113.${sent}, 192.0.2.51` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('TRUST_PROXY with the proxies’ addresses', () => {
  it('believes the header only from a listed proxy', async () => {
    const t = await createTestApp({ config: { TRUST_PROXY: '10.0.0.0/8' } });
    expect(await auditedAddress(t, { 'x-forwarded-for': '192.0.2.60' }, '10.1.2.3')).toBe('192.0.2.60');
    expect(await auditedAddress(t, { 'x-forwarded-for': '192.0.2.61' }, '198.51.100.9')).toBe('198.51.100.9');
    await t.app.close();
  });
});

describe('every audit row a request writes names its address (request.db, db/request-context.ts)', () => {
  it('a gateway created (a versioned row) and a user invited (the invitation and its mail)', async () => {
    const t = await createTestApp();
    const remoteAddress = '198.51.100.77';
    const headers = { ...(await t.bearer('EmvoPortalAdmin')) };
    const writes = [
      { url: '/api/gateways', payload: { name: 'Gateway A', type: 'PROVIDER', environments: ['IQE'] } },
      {
        url: '/api/users/invitations',
        payload: { email: 'new.reviewer@example.com', firstName: 'New', lastName: 'Reviewer', role: 'EMVO' },
      },
    ];
    for (const { url, payload } of writes) {
      const answer = await t.app.inject({ method: 'POST', url, payload, headers, remoteAddress });
      expect(answer.statusCode).toBe(201);
    }
    const rows = await t.db
      .selectFrom('auditLog')
      .select(['entity', 'address'])
      .where('entity', 'in', ['gateway', 'user'])
      .execute();
    expect(rows.map((row) => row.entity).sort()).toEqual(['gateway', 'user']);
    expect(rows.map((row) => row.address)).toEqual([remoteAddress, remoteAddress]);
    await t.app.close();
  });
});

describe('the audit row of a change no request makes', () => {
  it('names no address', async () => {
    const t = await createTestApp();
    await writeAudit(t.db, { actor: 'sweep', action: 'DELETE', entity: 'test', entityId: '1' });
    const row = await t.db
      .selectFrom('auditLog')
      .select('address')
      .where('entity', '=', 'test')
      .executeTakeFirstOrThrow();
    expect(row.address).toBeNull();
    await t.app.close();
  });
});
