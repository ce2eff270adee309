import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database-handle.js';
import { recordingLogger } from '../test/recording-logger.js';
import { createTestDatabase } from '../test/test-database.js';
import { createOutbox } from './outbox.js';
import type { MailInput } from './outbox-repository.js';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.deleteFrom('outbox').execute();
});

const CONFIRMATION: MailInput = {
  to: ' Ana.Peeters@Example.test ',
  subject: 'Confirm your registration',
  text: 'Welcome. Confirm your registration at https://portal.test/confirm/abc123 within 48 hours.',
  link: 'https://portal.test/confirm/abc123',
};

function outboxWithoutSmtp(production = false) {
  const logger = recordingLogger();
  const outbox = createOutbox({
    db: database.db,
    logger,
    transport: undefined,
    production,
  });
  return { outbox, logger };
}
const rows = () => database.db.selectFrom('outbox').selectAll().execute();

describe('enqueue: a mail is written in the transaction that causes it', () => {
  it('stores the mail PENDING, due now, with no attempt yet, once the transaction commits', async () => {
    const { outbox } = outboxWithoutSmtp();
    const queued = await database.db.transaction().execute((trx) => outbox.enqueue(trx, CONFIRMATION));
    expect(await rows()).toEqual([
      {
        id: queued.id,
        toAddress: 'Ana.Peeters@Example.test',
        subject: CONFIRMATION.subject,
        text: CONFIRMATION.text,
        link: CONFIRMATION.link,
        status: 'PENDING',
        attempts: 0,
        nextAttemptAt: expect.any(Date),
        lastError: null,
        sentAt: null,
        createdAt: expect.any(Date),
      },
    ]);
  });

  it('stores nothing when the business transaction rolls back', async () => {
    const { outbox } = outboxWithoutSmtp();
    const failing = database.db.transaction().execute(async (trx) => {
      await outbox.enqueue(trx, CONFIRMATION);
      throw new Error('the business change failed');
    });
    await expect(failing).rejects.toThrow('the business change failed');
    expect(await rows()).toEqual([]);
  });

  it('refuses a mail whose text leaves out its link (the person could not follow it)', async () => {
    const { outbox } = outboxWithoutSmtp();
    await expect(outbox.enqueue(database.db, { ...CONFIRMATION, text: 'Welcome.' })).rejects.toThrow(
      /does not contain its link/,
    );
    expect(await rows()).toEqual([]);
  });

  it('takes a mail without a link', async () => {
    const { outbox } = outboxWithoutSmtp();
    const queued = await outbox.enqueue(database.db, {
      to: 'a@example.test',
      subject: 'Decision',
      text: 'Approved.',
    });
    expect(queued).toMatchObject({ link: null, status: 'PENDING' });
  });
});

describe('without SMTP_URL: mails stay in the outbox and are logged', () => {
  it('logs the address, subject and link at info, sends nothing, and leaves the mail PENDING', async () => {
    const { outbox, logger } = outboxWithoutSmtp();
    const queued = await outbox.enqueue(database.db, CONFIRMATION);

    expect(outbox.sends).toBe(false);
    expect(logger.lines).toEqual([
      {
        level: 'info',
        details: {
          mailId: queued.id,
          to: 'Ana.Peeters@Example.test',
          subject: CONFIRMATION.subject,
          link: CONFIRMATION.link,
        },
        message: expect.stringContaining('GET /api/dev/outbox'),
      },
    ]);
    expect(await outbox.sendDue()).toEqual({ claimed: 0, sent: 0, retried: 0, failed: 0 });
    outbox.start();
    await outbox.stop();
    expect(await rows()).toMatchObject([{ status: 'PENDING', attempts: 0 }]);
  });

  it('in production warns that nothing is sent, and keeps the single-use link out of the logs', async () => {
    const { outbox, logger } = outboxWithoutSmtp(true);
    await outbox.enqueue(database.db, CONFIRMATION);
    expect(logger.lines).toEqual([
      { level: 'warn', details: {}, message: expect.stringContaining('never sent') },
      {
        level: 'info',
        details: {
          mailId: expect.any(String),
          to: 'Ana.Peeters@Example.test',
          subject: CONFIRMATION.subject,
        },
        message: expect.stringContaining('not sent'),
      },
    ]);
  });
});
