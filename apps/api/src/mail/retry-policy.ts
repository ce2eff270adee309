/** When a mail that failed is tried again, and when the outbox gives up on it. */
export interface RetryPolicy {
  /** After this many attempts a mail that still fails is marked FAILED. */
  maxAttempts: number;
  /** The wait before the next attempt, given the attempts made so far (1 after the first failure). */
  delayMs(attempts: number): number;
}

/** Exponential backoff: baseMs × 2^(attempts-1), capped at an hour; ten attempts. */
export const exponentialRetry = (baseMs: number): RetryPolicy => ({
  maxAttempts: 10,
  delayMs: (attempts) => Math.min(baseMs * 2 ** Math.max(attempts - 1, 0), 3_600_000),
});

/**
 * issue: exponential backoff, 30 s × 2^(attempts-1) capped at an hour; ten attempts span about three hours
 * (30 s, 1, 2, 4, 8, 16, 32 min, then hourly), long enough to ride out an SMTP relay's outage or restart.
 * MAIL_RETRY_BASE_MS changes the 30 s (tests of an SMTP outage use a fraction of a second).
 */
export const DEFAULT_RETRY: RetryPolicy = exponentialRetry(30_000);

/** What the SMTP client attaches to an error (nodemailer's NodemailerError), read without trusting it. */
interface SmtpErrorFields {
  code?: unknown;
  command?: unknown;
  responseCode?: unknown;
}

const fieldsOf = (error: unknown): SmtpErrorFields =>
  typeof error === 'object' && error !== null ? (error as SmtpErrorFields) : {};

/**
 * A refusal that retrying the same mail would get again: a 5xx reply (RFC 5321; 503 only says the session
 * was in the wrong state) to this recipient (RCPT TO) or this message (DATA). Such a mail fails at once.
 * A 5xx to MAIL FROM or to authentication says our settings (MAIL_FROM, SMTP_URL's credentials) are wrong
 * for every mail alike, so those are retried like an outage, giving the operator time to fix them.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const { command, responseCode } = fieldsOf(error);
  const permanent = typeof responseCode === 'number' && responseCode >= 500 && responseCode !== 503;
  return permanent && (command === 'RCPT TO' || command === 'DATA');
}

/** The error as stored in outbox.last_error: the client's code, the server's reply and the message. */
export function describeError(error: unknown): string {
  const { code, responseCode } = fieldsOf(error);
  const message = error instanceof Error ? error.message : String(error);
  const prefix = [code, responseCode].filter((part) => typeof part === 'string' || typeof part === 'number');
  const text = prefix.length > 0 ? `${prefix.join(' ')}: ${message}` : message;
  return text.slice(0, 1000);
}
