import type { Kysely, Transaction } from 'kysely';
import type { DB, OutboxMail } from '../db/schema.js';
import type { MailLogger } from './mail-logger.js';
import { createMailSender, DEFAULT_BATCH_SIZE, type SendCounts } from './mail-sender.js';
import type { MailTransport } from './mail-transport.js';
import { enqueueMail, type MailInput } from './outbox-repository.js';
import type { RetryPolicy } from './retry-policy.js';
import { createSenderLoop } from './sender-loop.js';

/**
 * The mail outbox of one API process, created once in buildApp and decorated as `app.mail`.
 * domain.md: mails go to the outbox table, and out by SMTP when one is configured.
 */
export interface Outbox {
  /** True when SMTP_URL is set: a sender in this process sends the due mails. */
  readonly sends: boolean;
  /**
   * Writes a mail in the caller's transaction (a feature passes its `trx`). Without SMTP it logs the
   * mail's address, subject and link, so a person running the portal locally can follow the link.
   */
  enqueue(trx: Kysely<DB> | Transaction<DB>, mail: MailInput): Promise<OutboxMail>;
  /** One sending pass (see mail-sender.ts); without SMTP it sends nothing and the mails stay PENDING. */
  sendDue(): Promise<SendCounts>;
  /** Starts the timer that calls sendDue (only with SMTP); the app calls it once it is ready. */
  start(): void;
  /** Stops the timer, waits for a pass under way and closes the transport; the app calls it on close. */
  stop(): Promise<void>;
}

export interface OutboxOptions {
  db: Kysely<DB>;
  logger: MailLogger;
  /** SMTP when SMTP_URL is set (node/smtp-transport.ts); none: nothing is sent. */
  transport: MailTransport | undefined;
  /** In production nothing warns of a missing SMTP_URL but this flag. */
  production: boolean;
  /**
   * Whether an unsent mail's link (a single-use credential) is logged: only for a person running the portal
   * locally (DEV_OUTBOX), never in production. Default: outside production.
   */
  logLinks?: boolean | undefined;
  retry?: RetryPolicy | undefined;
  batchSize?: number | undefined;
  leaseMs?: number | undefined;
  /** How often the timer looks for due mails (a few seconds: a confirmation mail should not wait). */
  pollIntervalMs?: number | undefined;
}

const NO_COUNTS: SendCounts = { claimed: 0, sent: 0, retried: 0, failed: 0 };

export function createOutbox(options: OutboxOptions): Outbox {
  const { db, logger, production, transport } = options;
  const logLinks = !production && (options.logLinks ?? true);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const sender = transport
    ? createMailSender({ db, transport, logger, retry: options.retry, batchSize, leaseMs: options.leaseMs })
    : undefined;
  const loop = sender
    ? createSenderLoop({
        sendDue: sender.sendDue,
        intervalMs: options.pollIntervalMs ?? 5_000,
        batchSize,
        logger,
      })
    : undefined;
  if (!transport && production) {
    logger.warn({}, 'SMTP_URL is not set: mails are written to the outbox table and never sent');
  }

  function logUnsent(row: OutboxMail): void {
    const details = { mailId: row.id, to: row.toAddress, subject: row.subject };
    if (!logLinks) {
      logger.info(details, 'mail queued; not sent, SMTP_URL is not set');
      return;
    }
    logger.info({ ...details, link: row.link }, 'mail queued (no SMTP_URL): GET /api/dev/outbox lists it');
  }

  return {
    sends: transport !== undefined,
    async enqueue(trx, mail) {
      const row = await enqueueMail(trx, mail);
      // Logged when written, not when committed: a rolled-back transaction may log a mail never stored.
      if (!transport) logUnsent(row);
      return row;
    },
    sendDue: () => (sender ? sender.sendDue() : Promise.resolve({ ...NO_COUNTS })),
    start: () => loop?.start(),
    async stop() {
      await loop?.stop();
      transport?.close();
    },
  };
}
