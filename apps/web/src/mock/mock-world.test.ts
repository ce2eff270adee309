// vitest: isolate
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type MockWorld, openMockWorld } from './mock-world';

let world: MockWorld;
const report = vi.fn();

beforeAll(async () => {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  world = await openMockWorld(client, { origin: 'http://portal.test', report });
}, 60_000);

/** A call as mock auth makes it: the token names a role's demo account or a user's email. */
const call = (path: string, who: string, init: RequestInit = {}) =>
  world.fetch(
    new Request(`http://portal.test${path}`, {
      ...init,
      headers: { authorization: `Bearer mock.${who}`, 'content-type': 'application/json' },
    }),
  );

describe("mock mode's world", () => {
  it("answers as the API, over the demo world the API's seed inserts", async () => {
    const gateways = await call('/api/gateways?limit=1', 'ADMIN');
    expect(gateways.status).toBe(200);
    expect(((await gateways.json()) as { total: number }).total).toBeGreaterThan(1);
    // The reviewer's role does not open the administrators' users.
    expect((await call('/api/users', 'EMVO')).status).toBe(403);
  });

  it("signs in a user of the directory by email, and writes a company's registration to the outbox", async () => {
    expect(await world.accountOf(DEMO_ACCOUNTS.external.email.toUpperCase())).toMatchObject({
      email: DEMO_ACCOUNTS.external.email,
      roles: ['EXTERNAL'],
    });
    expect(await world.accountOf('nobody@acme.example')).toBeUndefined();
    const disclaimer = (await (await call('/api/disclaimers/REGISTRATION', 'none')).json()) as {
      version: number;
    };
    const registration = {
      ...{ email: 'spoc@acme.example', firstName: 'Ada', lastName: 'Lovelace', companyName: 'Acme' },
      ...{ orgType: 'OPM', disclaimerVersion: disclaimer.version, acceptsDisclaimer: true },
    };
    const registered = await call('/api/registrations', 'none', {
      method: 'POST',
      body: JSON.stringify(registration),
    });
    expect(registered.status).toBe(202);
    const mails = (await (await call('/api/dev/outbox?to=spoc@acme.example', 'none')).json()) as Array<{
      link: string;
    }>;
    expect(mails[0]?.link).toMatch(/^http:\/\/portal\.test\/confirm\?token=/);
    expect(report).toHaveBeenCalledWith('info', expect.stringContaining('mail queued'), expect.anything());
  });
});
