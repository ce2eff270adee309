import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueMail } from '../../mail/outbox-repository.js';
import { type Database, openDatabase } from '../../node/database.js';
import { type ApiProcess, startApiProcess } from '../api-process.js';
import { describeWithPostgres } from '../describe-with-postgres.js';
import { startJwksServer } from '../jwks-server.js';
import { auditOf, eventsOf, type Headers, reviewerHeaders, seedCheck } from '../reviews-test-kit.js';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.js';
import { createScratchSchema, type ScratchSchema } from '../test-database.js';
import { createTestKeys } from '../tokens.js';
import { waitFor } from '../wait-for.js';

// The shape in which users outgrow one machine. Two API processes (the built node/server.js)
// share one PostgreSQL (a schema of this file's own on the shared server, dropped after): concurrent
// decisions on one check through both give one success and one 409, each outbox mail goes out exactly once
// though both run the mail sender, and both answer the same list pages.

const DATABASE_URL = process.env.DATABASE_URL;
const CHECKS_DECIDED_TWICE = 20;
const MAILS_ENQUEUED = 40;

describeWithPostgres('two API instances on one PostgreSQL', () => {
  let schema: ScratchSchema;
  let database: Database;
  let smtp: TestSmtpServer;
  let instances: ApiProcess[] = [];
  let closeJwks = async () => {};
  let anna: Headers;
  let rolf: Headers;

  beforeAll(async () => {
    schema = await createScratchSchema(DATABASE_URL ?? '');
    const keys = await createTestKeys();
    const jwks = await startJwksServer(keys.jwk);
    closeJwks = jwks.close;
    smtp = await startSmtpServer();
    // Both start at once: their migrations meet on the advisory lock (node/migrate.ts), one applies them.
    const env = { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '100' };
    instances = await Promise.all(
      ['a', 'b'].map((name) => startApiProcess({ name, databaseUrl: schema.url, jwksUrl: jwks.url, env })),
    );
    database = await openDatabase({ databaseUrl: schema.url, poolSize: 2 });
    const t = { db: database.db, sign: keys.sign };
    anna = await reviewerHeaders(t, 'anna@emvo.test', { displayName: 'Anna Approver' });
    rolf = await reviewerHeaders(t, 'rolf@emvo.test', { displayName: 'Rolf Rejecter' });
  });

  afterAll(async () => {
    await Promise.allSettled(instances.map((instance) => instance.stop()));
    await database?.close();
    await smtp?.close();
    await closeJwks();
    await schema?.drop();
  });

  const [a, b] = [() => instances[0] as ApiProcess, () => instances[1] as ApiProcess];

  it(`${CHECKS_DECIDED_TWICE} checks, each decided at once through A (approve) and B (reject): one 200 and one 409 each, one decision stored`, async () => {
    const t = { db: database.db };
    const checks = await Promise.all(
      Array.from({ length: CHECKS_DECIDED_TWICE }, () => seedCheck(t, { status: 'IN_REVIEW' })),
    );
    const decide = (instance: ApiProcess, headers: Headers, checkId: string, body: object) =>
      instance.call<Array<{ code: string }>>('POST', `/api/checks/${checkId}/decisions`, { headers, body });
    // Every pair at once: 40 requests over two processes, each with a pool of 4 connections.
    const pairs = await Promise.all(
      checks.map(({ checkId }) =>
        Promise.all([
          decide(a(), anna, checkId, { action: 'APPROVE', version: 1 }),
          decide(b(), rolf, checkId, { action: 'REJECT', reason: 'No licence', version: 1 }),
        ]),
      ),
    );
    const wins = { a: 0, b: 0 };
    for (const [index, pair] of pairs.entries()) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect(pair.find((answer) => answer.status === 409)?.body).toMatchObject([
        { code: 'CHECK_DECIDED_FIRST' },
      ]);
      if (pair[0].status === 200) wins.a += 1;
      else wins.b += 1;
      const { checkId } = checks[index] ?? { checkId: '' };
      const events = await eventsOf(t, checkId);
      expect(events).toHaveLength(1);
      expect(await auditOf(t, checkId)).toHaveLength(1);
      const check = await database.db
        .selectFrom('checks')
        .select(['status', 'version'])
        .where('id', '=', checkId)
        .executeTakeFirstOrThrow();
      expect(check).toEqual({ status: pair[0].status === 200 ? 'APPROVED' : 'REJECTED', version: 2 });
    }
    console.info(
      `two instances: ${CHECKS_DECIDED_TWICE} contested decisions, won through A ${wins.a}, through B ${wins.b}`,
    );
  }, 60_000);

  it(`each outbox mail is sent exactly once, though both instances run the sender (${MAILS_ENQUEUED} enqueued, plus the decisions' mails)`, async () => {
    await database.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= MAILS_ENQUEUED; n += 1) {
        await enqueueMail(trx, {
          to: `person-${n}@company.test`,
          subject: `Resilience ${n}`,
          text: `Mail ${n}`,
        });
      }
    });
    const outbox = () => database.db.selectFrom('outbox').selectAll().execute();
    await waitFor(
      'every mail sent',
      async () => (await outbox()).every((mail) => mail.status === 'SENT'),
      30_000,
    );
    // A few more of the senders' passes (every 100 ms each): a second send would show now.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await outbox();
    expect(rows.length).toBe(MAILS_ENQUEUED + CHECKS_DECIDED_TWICE);
    // Every mail here has a recipient of its own (the seeded SPOCs, person-n), so the address names it (a
    // long subject arrives folded over two header lines).
    const received = smtp.received.map((mail) => mail.to.join(','));
    expect(new Set(received).size).toBe(received.length);
    expect(received.sort()).toEqual(rows.map((row) => row.toAddress).sort());
    // One claim per mail: neither instance took a mail the other held.
    expect(rows.every((row) => row.attempts === 1)).toBe(true);
    const sentBy = instances.map(
      (instance) => instance.logs.filter((line) => line.msg === 'mail sent').length,
    );
    expect(sentBy.reduce((sum, count) => sum + count, 0)).toBe(rows.length);
    console.info(`two instances: ${rows.length} mails, each sent once; by A ${sentBy[0]}, by B ${sentBy[1]}`);
  }, 60_000);

  it('list pages agree: the same queue pages through A and B, and a write through one shows in the other at once', async () => {
    const t = { db: database.db };
    const base = Date.parse('2026-02-02T09:00:00Z');
    for (let n = 0; n < 30; n += 1) {
      await seedCheck(t, { status: 'SUBMITTED', submittedAt: new Date(base + n * 3_600_000) });
    }
    const page = (instance: ApiProcess, query: string) =>
      instance.call<{ items: Array<{ id: string }>; total: number }>(
        'GET',
        `/api/review-queues/legitimacy?${query}`,
        { headers: anna },
      );
    const queries = [
      'limit=20&page=1',
      'limit=20&page=2',
      'status=SUBMITTED&limit=10&page=3',
      'search=Company',
    ];
    for (const query of queries) {
      const [throughA, throughB] = await Promise.all([page(a(), query), page(b(), query)]);
      expect(throughA.status).toBe(200);
      expect(throughB).toEqual(throughA);
    }
    const first = await page(a(), 'status=SUBMITTED&limit=1');
    expect(first.body.total).toBe(30);
    // START through A; B's page shows the check in review at once (no instance keeps a copy).
    const [row] = first.body.items;
    const checkId = row?.id ?? '';
    const started = await a().call('POST', `/api/checks/${checkId}/decisions`, {
      headers: anna,
      body: { action: 'START', version: 1 },
    });
    expect(started.status).toBe(200);
    const [afterA, afterB] = await Promise.all([
      page(a(), 'status=SUBMITTED&limit=1'),
      page(b(), 'status=SUBMITTED&limit=1'),
    ]);
    expect(afterB).toEqual(afterA);
    expect(afterB.body.total).toBe(29);
  }, 60_000);
});
