import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-handle.js';
import { createSmtpTransport } from '../node/smtp-transport.js';
import { freePort } from '../test/free-port.js';
import { recordingLogger } from '../test/recording-logger.js';
import { type Refusal, startSmtpServer, type TestSmtpServer } from '../test/smtp-test-server.js';
import { createTestDatabase } from '../test/test-database.js';
import { createOutbox, type Outbox } from './outbox.js';
import { claimDueMails, enqueueMail, type MailInput, markSent } from './outbox-repository.js';
import { DEFAULT_RETRY } from './retry-policy.js';

let database: Database;
let smtp: TestSmtpServer;
const outboxes: Outbox[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});
beforeEach(async () => {
  await database.db.deleteFrom('outbox').execute();
  smtp.received.length = 0;
  smtp.refusal = undefined;
});
afterEach(async () => {
  await Promise.all(outboxes.splice(0).map((outbox) => outbox.stop()));
});

const FROM = 'Onboarding Portal <no-reply@portal.test>';

function senderTo(smtpUrl: string, batchSize?: number) {
  const logger = recordingLogger();
  const transport = createSmtpTransport(smtpUrl, FROM);
  const outbox = createOutbox({ db: database.db, logger, transport, production: false, batchSize });
  outboxes.push(outbox);
  return outbox;
}

const mail = (n: number): MailInput => ({
  to: `person${n}@example.test`,
  subject: `Mail ${n}`,
  text: `Hello ${n}, confirm at https://portal.test/confirm/${n}`,
  link: `https://portal.test/confirm/${n}`,
});
const enqueue = (input: MailInput) => enqueueMail(database.db, input);
const rowOf = (id: string) =>
  database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** Brings every pending mail's next attempt to now, instead of waiting out its backoff. */
const makeDue = () =>
  database.db
    .updateTable('outbox')
    .set({ nextAttemptAt: sql<Date>`now() - interval '1 second'` })
    .where('status', '=', 'PENDING')
    .execute();
/** How far ahead of the database's clock a mail's next attempt is. */
async function waitAheadMs(id: string): Promise<number> {
  const { rows } = await sql<{ now: Date }>`select now() as now`.execute(database.db);
  const now = rows[0]?.now ?? new Date();
  return (await rowOf(id)).nextAttemptAt.getTime() - now.getTime();
}

describe('sendDue: the outbox goes out by SMTP', () => {
  it('delivers a due mail once, from MAIL_FROM, and marks it SENT', async () => {
    const outbox = senderTo(smtp.url);
    const queued = await enqueue(mail(1));

    expect(await outbox.sendDue()).toEqual({ claimed: 1, sent: 1, retried: 0, failed: 0 });
    expect(await outbox.sendDue()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });

    expect(smtp.received).toHaveLength(1);
    const [delivered] = smtp.received;
    expect(delivered).toMatchObject({
      from: 'no-reply@portal.test',
      to: ['person1@example.test'],
      subject: 'Mail 1',
    });
    expect(delivered?.raw).toContain('From: Onboarding Portal <no-reply@portal.test>');
    expect(delivered?.raw).toContain('https://portal.test/confirm/1');
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'SENT',
      attempts: 1,
      lastError: null,
      sentAt: expect.any(Date),
    });
  });

  it('leaves a mail that is not due yet for later', async () => {
    const outbox = senderTo(smtp.url);
    const queued = await enqueue(mail(1));
    await database.db
      .updateTable('outbox')
      .set({ nextAttemptAt: sql<Date>`now() + interval '1 minute'` })
      .execute();
    expect(await outbox.sendDue()).toMatchObject({ claimed: 0 });
    expect(await rowOf(queued.id)).toMatchObject({ status: 'PENDING', attempts: 0 });
  });

  it('two senders over the same database, run concurrently, send each mail exactly once', async () => {
    const subjects = Array.from({ length: 25 }, (_, i) => `Mail ${i + 1}`);
    for (let n = 1; n <= 25; n++) await enqueue(mail(n));
    const [first, second] = [senderTo(smtp.url, 4), senderTo(smtp.url, 4)];

    async function drain(outbox: Outbox) {
      let sent = 0;
      for (;;) {
        const counts = await outbox.sendDue();
        if (counts.claimed === 0) return sent;
        sent += counts.sent;
      }
    }
    const [sentByFirst, sentBySecond] = await Promise.all([drain(first), drain(second)]);

    expect(sentByFirst + sentBySecond).toBe(25);
    expect(sentByFirst).toBeGreaterThan(0);
    expect(sentBySecond).toBeGreaterThan(0);
    expect(smtp.received.map((received) => received.subject).sort()).toEqual([...subjects].sort());
    const rows = await database.db.selectFrom('outbox').select(['status', 'attempts']).execute();
    expect(rows.every((row) => row.status === 'SENT' && row.attempts === 1)).toBe(true);
  });
});

describe('sendDue: refusals and outages', () => {
  const refusals: Array<[string, Refusal, 'FAILED' | 'PENDING']> = [
    [
      'a recipient refused for good (550 to RCPT TO) fails at once',
      { at: 'RCPT TO', responseCode: 550, message: 'No such user' },
      'FAILED',
    ],
    [
      'a message refused for good (554 to DATA) fails at once',
      { at: 'DATA', responseCode: 554, message: 'Rejected as spam' },
      'FAILED',
    ],
    [
      'a recipient refused for now (451 to RCPT TO) is retried in 30 s',
      { at: 'RCPT TO', responseCode: 451, message: 'Try again later' },
      'PENDING',
    ],
    [
      'a message refused for now (452 to DATA) is retried in 30 s',
      { at: 'DATA', responseCode: 452, message: 'Mailbox full for now' },
      'PENDING',
    ],
  ];

  it.each(refusals)('%s', async (_rule, refusal, status) => {
    const outbox = senderTo(smtp.url);
    smtp.refusal = refusal;
    const queued = await enqueue(mail(1));

    const counts = await outbox.sendDue();

    expect(counts).toMatchObject({ claimed: 1, sent: 0, failed: status === 'FAILED' ? 1 : 0 });
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status, attempts: 1, sentAt: null });
    expect(row.lastError).toContain(String(refusal.responseCode));
    expect(row.lastError).toContain(refusal.message);
    if (status === 'PENDING') expect(await waitAheadMs(queued.id)).toBeCloseTo(30_000, -4);
    expect(smtp.received).toEqual([]);
  });

  it('retries a mail refused for now with a doubling wait, and fails it at the last attempt', async () => {
    const outbox = senderTo(smtp.url);
    smtp.refusal = { at: 'RCPT TO', responseCode: 451, message: 'Greylisted' };
    const queued = await enqueue(mail(1));

    const waits: number[] = [];
    for (let attempt = 1; attempt < DEFAULT_RETRY.maxAttempts; attempt++) {
      await makeDue();
      expect(await outbox.sendDue()).toMatchObject({ claimed: 1, retried: 1 });
      waits.push(Math.round((await waitAheadMs(queued.id)) / 1000));
    }
    // issue: 30 s × 2^(attempts-1), capped at an hour.
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);

    await makeDue();
    expect(await outbox.sendDue()).toMatchObject({ claimed: 1, failed: 1 });
    expect(await rowOf(queued.id)).toMatchObject({ status: 'FAILED', attempts: 10 });
    await makeDue();
    expect(await outbox.sendDue()).toMatchObject({ claimed: 0 });
  });

  it('keeps a mail PENDING while the server is down, and sends it once the server is up again', async () => {
    const port = await freePort();
    const outbox = senderTo(`smtp://127.0.0.1:${port}`);
    const queued = await enqueue(mail(1));

    expect(await outbox.sendDue()).toEqual({ claimed: 1, sent: 0, retried: 1, failed: 0 });
    const waiting = await rowOf(queued.id);
    expect(waiting).toMatchObject({ status: 'PENDING', attempts: 1, sentAt: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED/);
    expect(await waitAheadMs(queued.id)).toBeGreaterThan(25_000);
    // Not due again before its backoff has passed.
    expect(await outbox.sendDue()).toMatchObject({ claimed: 0 });

    const restarted = await startSmtpServer({ port });
    try {
      await makeDue();
      expect(await outbox.sendDue()).toMatchObject({ claimed: 1, sent: 1 });
      expect(restarted.received.map((received) => received.subject)).toEqual(['Mail 1']);
      expect(await rowOf(queued.id)).toMatchObject({ status: 'SENT', attempts: 2, lastError: null });
    } finally {
      await restarted.close();
    }
  });
});

describe('claims: a lease, not a lock held while sending', () => {
  it('moves a claimed mail a lease ahead, so it comes due again if its sender dies', async () => {
    const queued = await enqueue(mail(1));
    const [claimed] = await claimDueMails(database.db, { limit: 10, leaseMs: 60_000 });
    expect(claimed).toMatchObject({ id: queued.id, attempts: 1 });
    expect(await waitAheadMs(queued.id)).toBeCloseTo(60_000, -4);
    expect(await claimDueMails(database.db, { limit: 10, leaseMs: 60_000 })).toEqual([]);

    await makeDue();
    expect(await claimDueMails(database.db, { limit: 10, leaseMs: 60_000 })).toMatchObject([{ attempts: 2 }]);
  });

  it('ignores the late outcome of a claim another sender has taken over', async () => {
    const queued = await enqueue(mail(1));
    const [lost] = await claimDueMails(database.db, { limit: 10, leaseMs: 60_000 });
    await makeDue();
    const [current] = await claimDueMails(database.db, { limit: 10, leaseMs: 60_000 });
    if (!lost || !current) throw new Error('expected two claims');

    await markSent(database.db, lost);
    expect(await rowOf(queued.id)).toMatchObject({ status: 'PENDING', attempts: 2 });
    await markSent(database.db, current);
    expect(await rowOf(queued.id)).toMatchObject({ status: 'SENT', attempts: 2 });
  });
});
