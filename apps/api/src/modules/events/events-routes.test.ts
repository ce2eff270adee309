import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChangeEvent, EventTicket, PresenceEvent, StreamMark } from '@portal/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenedStream,
  openEventStream,
  opened,
  type StreamMessage,
} from '../../test/event-stream-client.js';
import { externalHeaders, type Headers } from '../../test/onboarding-test-kit.js';
import { reviewerHeaders, seedCheck } from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { changeUser, seedUser } from '../../test/users-test-kit.js';
import { waitFor } from '../../test/wait-for.js';
import { CHANGE_WINDOW_MS, sweepEvents } from './events-sweep.js';

// Tickets, streams and presence through real HTTP (an EventSource cannot be inject()ed): tickets, what each role
// receives, Last-Event-ID replay and reset, the per-user limit, heartbeats and presence on a check.

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let dataDir: string;
let origin: string;
let rita: Headers;
let ada: Headers;
/** Two companies, each with a check SUBMITTED and a user of its own. */
const companies: Array<{ organisationId: string; checkId: string; headers: Headers }> = [];

const STREAMS_PER_USER = 2;
const HEARTBEAT_MS = 500;
/** How old a user's standing may be: the auth plugin's cache and the open streams' check. */
const STANDING_CHECK_MS = 300;
const open: OpenedStream[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'events-'));
  t = await createTestApp({
    config: {
      DATA_DIR: dataDir,
      EVENTS_STREAMS_PER_USER: String(STREAMS_PER_USER),
      EVENTS_HEARTBEAT_MS: String(HEARTBEAT_MS),
      STANDING_CHECK_MS: String(STANDING_CHECK_MS),
    },
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  rita = await reviewerHeaders(t, 'rita@emvo.test', { displayName: 'Rita Reviewer' });
  ada = await reviewerHeaders(t, 'ada@admin.test', { displayName: 'Ada Admin', roles: ['EmvoPortalAdmin'] });
  // The directory grants what her token does: a ticket carries only the roles both grant.
  await t.db
    .updateTable('users')
    .set({ roles: ['ADMIN'] })
    .where('email', '=', 'ada@admin.test')
    .execute();
  for (const name of ['a', 'b']) {
    const { organisationId, checkId } = await seedCheck(t, { status: 'SUBMITTED' });
    const email = `user-${name}@company-${name}.test`;
    await t.db
      .insertInto('users')
      .values({
        email,
        displayName: `User ${name}`,
        externalId: `oid-user-${name}`,
        roles: ['EXTERNAL'],
        organisationId,
        createdBy: 'test',
        updatedBy: 'test',
      })
      .execute();
    companies.push({ organisationId, checkId, headers: await externalHeaders(t, `oid-user-${name}`, email) });
  }
}, 60_000);

// A test that failed half-way leaves no stream open for the next one to count against the limit.
afterEach(() => {
  for (const stream of open.splice(0)) stream.close();
});

afterAll(async () => {
  await t?.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const company = (index: 0 | 1) => {
  const found = companies[index];
  if (!found) throw new Error('the companies are seeded in beforeAll');
  return found;
};

async function ticketFor(headers: Headers): Promise<string> {
  const response = await t.app.inject({ method: 'POST', url: '/api/events/tickets', headers });
  expect(response.statusCode).toBe(201);
  return response.json<EventTicket>().ticket;
}

const streamUrl = (ticket: string, query = '') =>
  `${origin}/api/events?ticket=${encodeURIComponent(ticket)}${query}`;

/**
 * A stream of the caller's, opened and read up to its `ready`. A stream the test before closed may not have
 * left the server's count yet (its socket's close comes a moment later): a 429 is tried again, briefly.
 */
async function connect(headers: Headers, options: { lastEventId?: string; query?: string } = {}) {
  const attempt = async () =>
    openEventStream(streamUrl(await ticketFor(headers), options.query), {
      ...(options.lastEventId ? { lastEventId: options.lastEventId } : {}),
    });
  let answer = await attempt();
  for (let tries = 0; answer.status === 429 && tries < 20; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    answer = await attempt();
  }
  const stream = opened(answer);
  open.push(stream);
  const ready = await stream.next((message) => message.event === 'ready');
  return { stream, ready: ready.data as StreamMark };
}

const isChange = (message: StreamMessage) => message.event === 'change';
const changeOf = (message: StreamMessage) => message.data as ChangeEvent;
const nextChange = async (stream: OpenedStream) => changeOf(await stream.next(isChange));

/** A check's change at a version, as touchCheck answers it. */
interface Touched {
  checkId: string;
  version: number;
}

/**
 * The stream's next change naming this check at this version. A notification of an earlier test's change
 * may reach a stream opened just after it (on a busy machine the listener hears it a little later): the
 * tests wait for the change they made, not for whichever comes next.
 */
const changeFor = async (stream: OpenedStream, touched: Touched) =>
  changeOf(
    await stream.next(
      (message) =>
        isChange(message) &&
        changeOf(message).entityId === touched.checkId &&
        changeOf(message).version === touched.version,
    ),
  );

/** A reviewer's decision through the API (the check's current version read first). */
async function decide(checkId: string, action: string, headers: Headers = rita) {
  const { version } = await t.db
    .selectFrom('checks')
    .select('version')
    .where('id', '=', checkId)
    .executeTakeFirstOrThrow();
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/checks/${checkId}/decisions`,
    headers,
    payload: {
      action,
      version,
      ...(action === 'REQUEST_CORRECTIONS' ? { reason: 'A page is missing' } : {}),
    },
  });
  expect(response.statusCode).toBe(200);
}

/** A change of the given company's check (its review started, again and again): its version after. */
async function touchCheck(index: 0 | 1): Promise<Touched> {
  const { checkId } = company(index);
  const { status } = await t.db
    .selectFrom('checks')
    .select('status')
    .where('id', '=', checkId)
    .executeTakeFirstOrThrow();
  if (status === 'SUBMITTED') await decide(checkId, 'START');
  else {
    // IN_REVIEW: back to SUBMITTED straight in the table, then START again through the API.
    await t.db.updateTable('checks').set({ status: 'SUBMITTED' }).where('id', '=', checkId).execute();
    await decide(checkId, 'START');
  }
  const { version } = await t.db
    .selectFrom('checks')
    .select('version')
    .where('id', '=', checkId)
    .executeTakeFirstOrThrow();
  return { checkId, version };
}

describe('tickets: POST /api/events/tickets opens one GET /api/events, once, for a minute', () => {
  it('opens a stream answering text/event-stream with the security headers, then refuses the same ticket', async () => {
    const ticket = await ticketFor(rita);
    const stream = opened(await openEventStream(streamUrl(ticket)));
    open.push(stream);
    const ready = await stream.next((message) => message.event === 'ready');
    expect(ready.data).toHaveProperty('lastEventId');
    const again = await openEventStream(streamUrl(ticket));
    expect(again).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    stream.close();
  });

  it.each([
    ['an unknown ticket', 'not-a-ticket'],
    ['a ticket of the right shape never issued', 'A'.repeat(43)],
  ])('refuses %s with 401 UNAUTHORIZED', async (_name, ticket) => {
    expect(await openEventStream(streamUrl(ticket))).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });

  it('refuses an expired ticket', async () => {
    const ticket = await ticketFor(rita);
    await t.db
      .updateTable('eventTickets')
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .execute();
    expect(await openEventStream(streamUrl(ticket))).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED' },
    });
  });

  it('answers 400 without a ticket, and a ticket only to a signed-in user acting for a company', async () => {
    expect((await openEventStream(`${origin}/api/events`)).status).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/events/tickets' });
    expect(anonymous.statusCode).toBe(401);
    const homeless = await externalHeaders(t, 'oid-nobody', 'nobody@nowhere.test');
    await t.db
      .insertInto('users')
      .values({
        email: 'nobody@nowhere.test',
        displayName: 'Nobody',
        externalId: 'oid-nobody',
        roles: ['EXTERNAL'],
        createdBy: 'test',
        updatedBy: 'test',
      })
      .execute();
    const refused = await t.app.inject({ method: 'POST', url: '/api/events/tickets', headers: homeless });
    expect(refused.statusCode).toBe(403);
    // The ticket is stored as its hash only.
    const stored = await t.db.selectFrom('eventTickets').select('ticketHash').execute();
    expect(stored.every((row) => row.ticketHash.length === 32)).toBe(true);
  });
});

describe('what each caller receives ("filtered per caller by the same access rules as the routes")', () => {
  it("a company its own organisation's changes only, without who; reviewers and admins every change, with who", async () => {
    const reviewer = (await connect(rita)).stream;
    const admin = (await connect(ada)).stream;
    const a = (await connect(company(0).headers)).stream;
    const b = (await connect(company(1).headers)).stream;

    await touchCheck(0);
    await touchCheck(1);

    const reviewerSaw = [await nextChange(reviewer), await nextChange(reviewer)];
    const adminSaw = [await nextChange(admin), await nextChange(admin)];
    expect(reviewerSaw.map((change) => change.entityId)).toEqual([company(0).checkId, company(1).checkId]);
    expect(adminSaw).toEqual(reviewerSaw);
    expect(reviewerSaw[0]).toMatchObject({
      kind: 'check',
      action: 'START',
      organisationId: company(0).organisationId,
      checkType: 'LEGITIMACY',
      actor: 'rita@emvo.test',
      actorName: 'Rita Reviewer',
    });
    // Each company's first change is its own: the other's, written before or after, never reaches it.
    const aSaw = await nextChange(a);
    const bSaw = await nextChange(b);
    expect(aSaw).toMatchObject({ entityId: company(0).checkId, actor: null, actorName: null });
    expect(bSaw).toMatchObject({ entityId: company(1).checkId, actor: null, actorName: null });
    await touchCheck(1);
    expect((await nextChange(b)).organisationId).toBe(company(1).organisationId);
    await touchCheck(0);
    expect((await nextChange(a)).organisationId).toBe(company(0).organisationId);
    for (const stream of [a, b]) {
      const ids = stream.messages.filter(isChange).map((message) => changeOf(message).organisationId);
      expect(new Set(ids).size).toBe(1);
    }
    for (const stream of [reviewer, admin, a, b]) stream.close();
  });

  it('presence reaches the reviewers only; announcing and leaving answer and announce who', async () => {
    const reviewer = (await connect(rita)).stream;
    const admin = (await connect(ada)).stream;
    const a = (await connect(company(0).headers)).stream;
    const { checkId, organisationId } = company(0);

    const announced = await t.app.inject({
      method: 'POST',
      url: `/api/checks/${checkId}/presence`,
      headers: rita,
    });
    expect(announced.statusCode).toBe(200);
    expect(announced.json()).toMatchObject({
      viewers: [{ viewer: 'rita@emvo.test', viewerName: 'Rita Reviewer' }],
    });
    const joined = await reviewer.next((message) => message.event === 'presence');
    expect(joined.id).toBeUndefined();
    expect(joined.data).toMatchObject({
      checkId,
      organisationId,
      viewer: 'rita@emvo.test',
      viewerName: 'Rita Reviewer',
      state: 'viewing',
    } satisfies Partial<PresenceEvent>);
    // A renewal moves the expiry without a new announcement; the viewers are the same.
    const renewed = await t.app.inject({
      method: 'POST',
      url: `/api/checks/${checkId}/presence`,
      headers: rita,
    });
    expect(renewed.json<{ viewers: unknown[] }>().viewers).toHaveLength(1);
    const viewers = await t.app.inject({
      method: 'GET',
      url: `/api/checks/${checkId}/presence`,
      headers: rita,
    });
    expect(viewers.json<{ viewers: unknown[] }>().viewers).toHaveLength(1);

    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/checks/${checkId}/presence`,
      headers: rita,
    });
    expect(left.statusCode).toBe(204);
    expect((await reviewer.next((message) => message.event === 'presence')).data).toMatchObject({
      state: 'left',
      expiresAt: null,
    });

    // A change after the presence: the admin's and the company's next message is that change.
    await touchCheck(0);
    expect((await admin.next()).event).toBe('change');
    expect((await a.next()).event).toBe('change');
    expect([...admin.messages, ...a.messages].some((message) => message.event === 'presence')).toBe(false);
    for (const stream of [reviewer, admin, a]) stream.close();
  });

  it('refuses presence on a check that does not exist, and to anyone but a reviewer', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/checks/${unknown}/presence`,
      headers: rita,
    });
    expect(missing.statusCode).toBe(404);
    const url = `/api/checks/${company(0).checkId}/presence`;
    for (const headers of [ada, company(0).headers]) {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        expect((await t.app.inject({ method, url, headers })).statusCode).toBe(403);
      }
    }
  });
});

describe('Last-Event-ID: a bounded replay, or a reset', () => {
  it('replays what was written while the browser was away, from the header or the query, then ready', async () => {
    const first = await connect(rita);
    const seen = await changeFor(first.stream, await touchCheck(0));
    first.stream.close();
    await touchCheck(1);
    await touchCheck(0);
    const written = await t.db
      .selectFrom('changeEvents')
      .select(sql<string>`id::text`.as('id'))
      .where('id', '>', seen.id)
      .orderBy('id')
      .execute();
    expect(written).toHaveLength(2);

    for (const resume of [{ lastEventId: seen.id }, { query: `&lastEvent=${seen.id}` }]) {
      const stream = opened(
        await openEventStream(streamUrl(await ticketFor(rita), resume.query ?? ''), resume),
      );
      open.push(stream);
      const ready = await stream.next((message) => message.event === 'ready');
      const replayed = stream.messages
        .slice(0, stream.messages.indexOf(ready))
        .filter(isChange)
        .map((message) => message.id);
      // Both changes written meanwhile, in order; the ones just before (the overlap) may come again.
      expect(replayed.slice(-2)).toEqual(written.map((row) => row.id));
      expect(replayed.every((id) => BigInt(id ?? '0') <= BigInt(ready.id ?? '0'))).toBe(true);
      expect(stream.messages.some((message) => message.event === 'reset')).toBe(false);
      stream.close();
    }
  });

  it("replays to a company only its own organisation's changes", async () => {
    const { stream, ready } = await connect(company(0).headers);
    stream.close();
    await touchCheck(1);
    await touchCheck(0);
    const resumed = await connect(company(0).headers, { lastEventId: ready.lastEventId ?? '' });
    const replayed = resumed.stream.messages.filter(isChange).map(changeOf);
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.every((change) => change.organisationId === company(0).organisationId)).toBe(true);
    expect(replayed.every((change) => change.actor === null)).toBe(true);
    resumed.stream.close();
  });

  it('sends reset when the last event is no longer kept (swept, or never written), then carries on', async () => {
    const { stream, ready } = await connect(rita);
    stream.close();
    await touchCheck(0);
    // The day's window passes: the sweep deletes every change written so far.
    const swept = await sweepEvents(t.db, new Date(Date.now() + 25 * 3_600_000));
    expect(swept.changes).toBeGreaterThan(0);
    await touchCheck(1);
    for (const lastEventId of [ready.lastEventId ?? '1', '999999999', 'garbage']) {
      const resumed = opened(await openEventStream(streamUrl(await ticketFor(rita)), { lastEventId }));
      open.push(resumed);
      const reset = await resumed.next();
      expect(reset.event).toBe('reset');
      const latest = (reset.data as StreamMark).lastEventId;
      expect(reset.id).toBe(latest ?? undefined);
      expect((await resumed.next()).event).toBe('ready');
      const live = await changeFor(resumed, await touchCheck(0));
      expect(BigInt(live.id)).toBeGreaterThan(BigInt(latest ?? '0'));
      resumed.close();
    }
  });
});

describe("a page's first stream catches up on what changed while the page read (catchUpMs)", () => {
  /** The changes a stream sent before its `ready`. */
  const beforeReady = (stream: OpenedStream) => {
    const ready = stream.messages.findIndex((message) => message.event === 'ready');
    return stream.messages.slice(0, ready).filter(isChange).map(changeOf);
  };
  const latestOf = async (checkId: string) =>
    (
      await t.db
        .selectFrom('changeEvents')
        .select(sql<string>`id::text`.as('id'))
        .where('entityId', '=', checkId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).id;

  it("replays the changes of the page's age to the callers who may read them, then ready; none without it", async () => {
    const touched = await touchCheck(0);
    const id = await latestOf(touched.checkId);
    const reviewer = await connect(rita, { query: '&catchUpMs=30000' });
    expect(beforeReady(reviewer.stream).map((change) => change.id)).toContain(id);
    expect(reviewer.stream.messages.some((message) => message.event === 'reset')).toBe(false);
    const own = await connect(company(0).headers, { query: '&catchUpMs=30000' });
    expect(beforeReady(own.stream).map((change) => change.id)).toContain(id);
    // Another company's page is sent none of it, as live.
    const other = await connect(company(1).headers, { query: '&catchUpMs=30000' });
    expect(
      beforeReady(other.stream).every((change) => change.organisationId === company(1).organisationId),
    ).toBe(true);
    const plain = await connect(rita);
    expect(beforeReady(plain.stream)).toEqual([]);
    for (const opened of [reviewer, own, other, plain]) opened.stream.close();
  });

  it('sends reset for a page older than the changes kept, and refuses a catch-up that is no number (400)', async () => {
    const { stream } = await connect(rita, { query: `&catchUpMs=${CHANGE_WINDOW_MS + 1}` });
    expect(stream.messages[0]?.event).toBe('reset');
    stream.close();
    for (const query of ['&catchUpMs=soon', '&catchUpMs=-1', '&catchUpMs=1.5']) {
      expect((await openEventStream(streamUrl(await ticketFor(rita), query))).status).toBe(400);
    }
  });
});

describe('the per-user connection limit and heartbeats', () => {
  it(`refuses a user's stream past ${STREAMS_PER_USER} with 429 TOO_MANY_REQUESTS, and lets one in once one closes`, async () => {
    const streams = [(await connect(rita)).stream, (await connect(rita)).stream];
    const refused = await openEventStream(streamUrl(await ticketFor(rita)));
    expect(refused).toMatchObject({ status: 429, body: { code: 'TOO_MANY_REQUESTS' } });
    // Another user is not counted against this one.
    const other = (await connect(ada)).stream;
    streams[0]?.close();
    let reopened: OpenedStream | undefined;
    await waitFor(
      'the closed stream to free its place',
      async () => {
        const attempt = await openEventStream(streamUrl(await ticketFor(rita)));
        if (attempt.status === 200) reopened = opened(attempt);
        return attempt.status === 200;
      },
      5_000,
    );
    for (const stream of [...streams, other, reopened]) stream?.close();
  });

  it('sends a heartbeat comment on a quiet stream', async () => {
    const { stream } = await connect(rita);
    await waitFor('two heartbeats', () => stream.heartbeats() >= 2, 5 * HEARTBEAT_MS);
    stream.close();
  });

  it('ends every stream when the app closes, so a shutdown never waits on them', async () => {
    const own = await createTestApp({ config: { DATA_DIR: dataDir } });
    await own.app.listen({ host: '127.0.0.1', port: 0 });
    const port = (own.app.server.address() as AddressInfo).port;
    const ticket = (
      await own.app.inject({
        method: 'POST',
        url: '/api/events/tickets',
        // A reviewer of this app's directory: a ticket carries the roles the directory still grants.
        headers: await reviewerHeaders(own, 'rita@emvo.test'),
      })
    ).json<EventTicket>().ticket;
    const stream = opened(await openEventStream(`http://127.0.0.1:${port}/api/events?ticket=${ticket}`));
    await stream.next((message) => message.event === 'ready');
    const started = Date.now();
    await own.app.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(5_000);
    // A second app on a fresh database: its start (migrations) takes seconds on a busy machine.
  }, 30_000);
});

/** Resolves once the server has ended the stream; rejects if it has not within a few standing checks. */
const endedWithin = (stream: OpenedStream, ms = 20 * STANDING_CHECK_MS) =>
  Promise.race([
    stream.ended.then(() => 'ended'),
    new Promise((_resolve, reject) => setTimeout(() => reject(new Error(`not ended within ${ms} ms`)), ms)),
  ]);

const askTicket = (headers: Headers) => t.app.inject({ method: 'POST', url: '/api/events/tickets', headers });

describe('a role or standing withdrawn: no ticket for it, and the open streams end within the standing check', () => {
  it("an administrator removes a reviewer's EMVO: their old token gets no ticket, their open stream ends", async () => {
    const reviewer = await seedUser(t, 'Former Reviewer', { roles: ['EMVO'] });
    const { stream } = await connect(reviewer.headers);
    const changed = await changeUser(t, ada, reviewer.id, { roles: ['ADMIN'], version: reviewer.version });
    expect(changed.statusCode).toBe(200);
    // The token still says EMVO, and its standing is fine: the ticket goes by the directory's roles.
    const refused = await askTicket(reviewer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await endedWithin(stream)).toBe('ended');
  });

  it('a reviewer and administrator who keeps ADMIN only: the stream ends, a new one receives no presence', async () => {
    const both = await seedUser(t, 'Was Both', { roles: ['ADMIN', 'EMVO'] });
    const before = await connect(both.headers);
    const changed = await changeUser(t, ada, both.id, { roles: ['ADMIN'], version: both.version });
    expect(changed.statusCode).toBe(200);
    expect(await endedWithin(before.stream)).toBe('ended');

    // The old token (ADMIN and EMVO) opens a stream of the administrator's: changes with who, no presence.
    const after = (await connect(both.headers)).stream;
    const { checkId } = company(1);
    const announced = await t.app.inject({
      method: 'POST',
      url: `/api/checks/${checkId}/presence`,
      headers: rita,
    });
    expect(announced.statusCode).toBe(200);
    const touched = await touchCheck(1);
    expect(await changeFor(after, touched)).toMatchObject({ actor: 'rita@emvo.test' });
    expect(after.messages.some((message) => message.event === 'presence')).toBe(false);
    await t.app.inject({ method: 'DELETE', url: `/api/checks/${checkId}/presence`, headers: rita });
    after.close();
  });

  it('a disabled reviewer: no ticket with the old token, and the open stream ends', async () => {
    const reviewer = await seedUser(t, 'Disabled Reviewer', { roles: ['EMVO'] });
    const { stream } = await connect(reviewer.headers);
    const changed = await changeUser(t, ada, reviewer.id, { status: 'DISABLED', version: reviewer.version });
    expect(changed.statusCode).toBe(200);
    expect(await endedWithin(stream)).toBe('ended');
    const refused = await askTicket(reviewer.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'ACCESS_WITHDRAWN' });
  });

  it("a company's user keeps their stream while nothing changes", async () => {
    const { stream } = await connect(company(0).headers);
    await new Promise((resolve) => setTimeout(resolve, 4 * STANDING_CHECK_MS));
    const touched = await touchCheck(0);
    expect((await changeFor(stream, touched)).entityId).toBe(touched.checkId);
    stream.close();
  });
});
