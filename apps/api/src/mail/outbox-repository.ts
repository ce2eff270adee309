import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, OutboxMail } from '../db/schema.js';

/** A mail as a feature writes it. */
export interface MailInput {
  to: string;
  subject: string;
  /** The whole plain-text body; when the mail carries a link, the body contains it. */
  text: string;
  /** The one link the person must follow (a confirmation, an invitation): logged and listed locally. */
  link?: string | undefined;
}

/**
 * Writes a mail to the outbox inside the caller's transaction (issue: the mail exists exactly when the
 * business change that causes it commits). It is sent later by the sender; nothing is sent here.
 * Features call `app.mail.enqueue(trx, mail)`, which also logs the mail when no SMTP is configured.
 */
export async function enqueueMail(trx: Kysely<DB> | Transaction<DB>, mail: MailInput): Promise<OutboxMail> {
  // The link is stored beside the body for logs and tests; a body without it would reach nobody's inbox.
  if (mail.link && !mail.text.includes(mail.link)) {
    throw new Error(`The text of the mail '${mail.subject}' does not contain its link`);
  }
  return trx
    .insertInto('outbox')
    .values({ toAddress: mail.to.trim(), subject: mail.subject, text: mail.text, link: mail.link ?? null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const seconds = (ms: number) => ms / 1000;
const nowPlus = (ms: number) => sql<Date>`now() + make_interval(secs => ${seconds(ms)})`;

/**
 * Claims up to `limit` due mails in one statement: the inner select locks them and skips rows another
 * instance holds (architecture.md: FOR UPDATE SKIP LOCKED), the update counts the attempt and moves
 * next_attempt_at a lease ahead, so a mail whose sender dies mid-way comes due again after the lease
 * rather than never. The database's clock decides what is due, the same for every instance.
 */
export async function claimDueMails(
  db: Kysely<DB>,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<OutboxMail[]> {
  return db
    .updateTable('outbox')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), nextAttemptAt: nowPlus(leaseMs) }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'PENDING')
        .where('nextAttemptAt', '<=', sql<Date>`now()`)
        .orderBy('nextAttemptAt')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
}

/**
 * Writes the outcome of a claimed mail only while the claim is still ours: if the lease ran out and
 * another instance claimed the mail again, attempts has moved on and this late write changes nothing.
 */
const ownClaim = (db: Kysely<DB>, claimed: OutboxMail) =>
  db
    .updateTable('outbox')
    .where('id', '=', claimed.id)
    .where('status', '=', 'PENDING')
    .where('attempts', '=', claimed.attempts);

export async function markSent(db: Kysely<DB>, claimed: OutboxMail): Promise<void> {
  await ownClaim(db, claimed).set({ status: 'SENT', sentAt: sql<Date>`now()`, lastError: null }).execute();
}

export async function markRetry(
  db: Kysely<DB>,
  claimed: OutboxMail,
  { error, delayMs }: { error: string; delayMs: number },
): Promise<void> {
  await ownClaim(db, claimed)
    .set({ lastError: error, nextAttemptAt: nowPlus(delayMs) })
    .execute();
}

export async function markFailed(db: Kysely<DB>, claimed: OutboxMail, error: string): Promise<void> {
  await ownClaim(db, claimed).set({ status: 'FAILED', lastError: error }).execute();
}

/** The newest mails, to one address (case-insensitive, as mail addresses are in practice) or to anyone. */
export async function listRecentMails(
  db: Kysely<DB>,
  { to, limit }: { to?: string | undefined; limit: number },
): Promise<OutboxMail[]> {
  let query = db.selectFrom('outbox').selectAll();
  // lower(to_address) matches the index outbox_to_idx (migration 0003).
  if (to) query = query.where((eb) => eb(eb.fn('lower', ['toAddress']), '=', to.trim().toLowerCase()));
  // Mails enqueued in one transaction share created_at; the id orders them the same way on every call.
  return query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}
