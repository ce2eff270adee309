import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { startSmtpServer } from '../test/smtp-test-server.js';
import { createTestApp, testConfig } from '../test/test-app.js';
import { createTestDatabase } from '../test/test-database.js';
import { enqueueMail } from './outbox-repository.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const INVITATION = {
  to: 'sam@example.test',
  subject: 'You are invited to the Onboarding Portal',
  text: 'Accept the invitation at https://portal.test/invitations/xyz',
  link: 'https://portal.test/invitations/xyz',
};

describe('app.mail: the outbox of the app, with its logger', () => {
  it('without SMTP_URL, logs the mail with the app logger (pino, info) and keeps it PENDING', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const database = await createTestDatabase();
    const app = await buildApp({
      config: testConfig({ DEV_OUTBOX: 'true' }),
      database,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    closers.push(() => app.close());
    await app.ready();

    const queued = await database.db.transaction().execute((trx) => app.mail.enqueue(trx, INVITATION));

    expect(app.mail.sends).toBe(false);
    expect(lines.filter((line) => line.mailId === queued.id)).toEqual([
      expect.objectContaining({
        level: 30,
        to: INVITATION.to,
        subject: INVITATION.subject,
        link: INVITATION.link,
        msg: expect.stringContaining('/api/dev/outbox'),
      }),
    ]);
    expect(await app.mail.sendDue()).toMatchObject({ claimed: 0 });
    const row = await database.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 0 });
  });

  it('with SMTP_URL, starts the sender once the app is ready and stops it on close', async () => {
    const smtp = await startSmtpServer();
    closers.push(() => smtp.close());
    const database = await createTestDatabase();
    // Queued before the app starts, as after a restart: the first pass runs as soon as the app is ready.
    const queued = await enqueueMail(database.db, INVITATION);

    const { app } = await createTestApp({ database, config: { SMTP_URL: smtp.url } });
    closers.push(() => app.close());

    expect(app.mail.sends).toBe(true);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5_000 });
    await vi.waitFor(async () => {
      const row = await database.db
        .selectFrom('outbox')
        .select('status')
        .where('id', '=', queued.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('SENT');
    });
    expect(smtp.received[0]).toMatchObject({ to: [INVITATION.to], subject: INVITATION.subject });
  });
});
