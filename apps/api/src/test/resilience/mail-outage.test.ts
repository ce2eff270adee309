import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueMail } from '../../mail/outbox-repository.js';
import { type Database, openDatabase } from '../../node/database.js';
import { type ApiProcess, startApiProcess } from '../api-process.js';
import { describeWithPostgres } from '../describe-with-postgres.js';
import { freePort } from '../free-port.js';
import { startJwksServer } from '../jwks-server.js';
import { startSmtpServer, type TestSmtpServer } from '../smtp-test-server.js';
import { createScratchSchema, type ScratchSchema } from '../test-database.js';
import { createTestKeys } from '../tokens.js';
import { waitFor } from '../wait-for.js';

// SMTP down: an API process whose SMTP server does not answer keeps its mails PENDING with
// each attempt and its error recorded (mail/retry-policy.ts, here a 200 ms first wait instead of 30 s), and
// sends each of them once when the server comes back on the same port.

const DATABASE_URL = process.env.DATABASE_URL;
const MAILS = 10;

describeWithPostgres('SMTP down, then back', () => {
  let schema: ScratchSchema;
  let database: Database;
  let api: ApiProcess;
  let smtp: TestSmtpServer | undefined;
  let closeJwks = async () => {};
  let smtpPort: number;

  beforeAll(async () => {
    schema = await createScratchSchema(DATABASE_URL ?? '');
    const jwks = await startJwksServer((await createTestKeys()).jwk);
    closeJwks = jwks.close;
    smtpPort = await freePort();
    api = await startApiProcess({
      name: 'mail-outage',
      databaseUrl: schema.url,
      jwksUrl: jwks.url,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_POLL_INTERVAL_MS: '100',
        MAIL_RETRY_BASE_MS: '200',
      },
    });
    database = await openDatabase({ databaseUrl: schema.url, poolSize: 2 });
  });

  afterAll(async () => {
    await api?.stop();
    await database?.close();
    await smtp?.close();
    await closeJwks();
    await schema?.drop();
  });

  it(`${MAILS} mails wait PENDING with their attempts while nothing listens, then go out once each`, async () => {
    await database.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= MAILS; n += 1) {
        await enqueueMail(trx, {
          to: `waiting-${n}@company.test`,
          subject: `Waiting ${n}`,
          text: `Mail ${n}`,
        });
      }
    });
    const outbox = () => database.db.selectFrom('outbox').selectAll().orderBy('toAddress').execute();

    // Down: every mail tried at least twice, still PENDING, the refusal kept as its last error.
    await waitFor(
      'two failed attempts of every mail',
      async () => (await outbox()).every((mail) => mail.attempts >= 2),
      20_000,
    );
    for (const mail of await outbox()) {
      expect(mail).toMatchObject({ status: 'PENDING', sentAt: null });
      expect(mail.lastError).toMatch(/ECONNREFUSED/);
    }
    expect(api.logs.some((line) => line.msg === 'mail not sent, will retry')).toBe(true);

    // Back on the same port: the next attempts deliver them.
    smtp = await startSmtpServer({ port: smtpPort });
    await waitFor(
      'every mail sent',
      async () => (await outbox()).every((mail) => mail.status === 'SENT'),
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    const rows = await outbox();
    const received = smtp.received.map((mail) => mail.to.join(',')).sort();
    expect(received).toEqual(rows.map((row) => row.toAddress));
    for (const row of rows) {
      expect(row.lastError).toBeNull();
      expect(row.sentAt).not.toBeNull();
    }
    const attempts = rows.map((row) => row.attempts);
    console.info(
      `mail outage: ${rows.length} mails sent once each after the SMTP server came back; attempts ${Math.min(...attempts)}-${Math.max(...attempts)}`,
    );
  }, 60_000);
});
