import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { MailLogger } from './mail-logger.js';
import type { MailTransport } from './mail-transport.js';
import { claimDueMails, markFailed, markRetry, markSent } from './outbox-repository.js';
import { DEFAULT_RETRY, describeError, isPermanentRefusal, type RetryPolicy } from './retry-policy.js';

/** What one pass did. */
export interface SendCounts {
  /** Due mails this pass claimed. */
  claimed: number;
  sent: number;
  /** Failed this time, tried again later. */
  retried: number;
  /** Given up on: refused for good, or out of attempts. */
  failed: number;
}

export interface MailSenderOptions {
  db: Kysely<DB>;
  transport: MailTransport;
  logger: MailLogger;
  retry?: RetryPolicy | undefined;
  /** Mails claimed per pass. */
  batchSize?: number | undefined;
  /** How long a claim holds a mail: longer than a whole batch takes to send (node/smtp-transport.ts timeouts). */
  leaseMs?: number | undefined;
}

export const DEFAULT_BATCH_SIZE = 10;
export const DEFAULT_LEASE_MS = 10 * 60_000;

export interface MailSender {
  /** One pass: claims the due mails and sends each; tests call it directly instead of waiting on a timer. */
  sendDue(): Promise<SendCounts>;
}

/**
 * Sends the outbox. Each mail is claimed before it is sent, so several API instances never send one mail
 * twice; a mail can still go twice if an instance dies between the server's acceptance and markSent
 * (at-least-once, as with any SMTP client).
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { db, transport, logger } = options;
  const retry = options.retry ?? DEFAULT_RETRY;
  const limit = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;

  async function sendDue(): Promise<SendCounts> {
    const claimed = await claimDueMails(db, { limit, leaseMs });
    const counts: SendCounts = { claimed: claimed.length, sent: 0, retried: 0, failed: 0 };
    for (const mail of claimed) {
      // Only the hand-over is caught: a failed database write after it ends the pass instead of being
      // taken for a failed send (the mail then comes due again when its lease runs out).
      const failure = await transport
        .send({ to: mail.toAddress, subject: mail.subject, text: mail.text })
        .then(
          () => undefined,
          (error: unknown) => ({ error }),
        );
      const at = { mailId: mail.id, attempts: mail.attempts };
      if (!failure) {
        await markSent(db, mail);
        counts.sent += 1;
        logger.info(at, 'mail sent');
      } else if (isPermanentRefusal(failure.error) || mail.attempts >= retry.maxAttempts) {
        const error = describeError(failure.error);
        await markFailed(db, mail, error);
        counts.failed += 1;
        logger.error({ ...at, error }, 'mail failed for good');
      } else {
        const error = describeError(failure.error);
        const delayMs = retry.delayMs(mail.attempts);
        await markRetry(db, mail, { error, delayMs });
        counts.retried += 1;
        logger.warn({ ...at, error, retryInMs: delayMs }, 'mail not sent, will retry');
      }
    }
    return counts;
  }

  return { sendDue };
}
