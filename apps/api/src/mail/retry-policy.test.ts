import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, describeError, exponentialRetry, isPermanentRefusal } from './retry-policy.js';

describe('DEFAULT_RETRY: 30 s × 2^(attempts-1), capped at an hour, ten attempts', () => {
  it.each([
    [1, 30_000],
    [2, 60_000],
    [3, 120_000],
    [7, 1_920_000],
    [8, 3_600_000],
    [20, 3_600_000],
  ])('after %i failed attempt(s) waits %i ms', (attempts, wait) => {
    expect(DEFAULT_RETRY.delayMs(attempts)).toBe(wait);
  });

  it('gives up after the tenth attempt', () => {
    expect(DEFAULT_RETRY.maxAttempts).toBe(10);
  });
});

describe('exponentialRetry: another base (MAIL_RETRY_BASE_MS), the same doubling and cap', () => {
  it('doubles from 200 ms and still stops at an hour', () => {
    const retry = exponentialRetry(200);
    expect([1, 2, 3, 4].map((attempts) => retry.delayMs(attempts))).toEqual([200, 400, 800, 1600]);
    expect(retry.delayMs(40)).toBe(3_600_000);
    expect(retry.maxAttempts).toBe(10);
  });
});

describe('isPermanentRefusal: only a 5xx to this recipient or this message fails a mail at once', () => {
  const smtpError = (fields: object) => Object.assign(new Error('refused'), fields);
  it.each([
    ['a recipient refused (550 to RCPT TO)', smtpError({ command: 'RCPT TO', responseCode: 550 }), true],
    ['a message refused (554 to DATA)', smtpError({ command: 'DATA', responseCode: 554 }), true],
    ['a recipient refused for now (451)', smtpError({ command: 'RCPT TO', responseCode: 451 }), false],
    ['a bad sequence of commands (503)', smtpError({ command: 'DATA', responseCode: 503 }), false],
    ['our sender refused (550 to MAIL FROM)', smtpError({ command: 'MAIL FROM', responseCode: 550 }), false],
    ['authentication required (530)', smtpError({ command: 'MAIL FROM', responseCode: 530 }), false],
    ['a server that is down', smtpError({ code: 'ESOCKET', command: 'CONN' }), false],
    ['something thrown that is not an error', 'boom', false],
  ])('%s: %s', (_case, error, permanent) => {
    expect(isPermanentRefusal(error)).toBe(permanent);
  });
});

describe('describeError: what outbox.last_error keeps', () => {
  it.each([
    [
      'the client code, the reply code and the message',
      Object.assign(new Error('Message failed: 554 Spam'), { code: 'EMESSAGE', responseCode: 554 }),
      'EMESSAGE 554: Message failed: 554 Spam',
    ],
    ['a plain error', new Error('timeout'), 'timeout'],
    ['anything else', 42, '42'],
  ])('%s', (_case, error, text) => {
    expect(describeError(error)).toBe(text);
  });

  it('keeps at most 1,000 characters', () => {
    expect(describeError(new Error('x'.repeat(5000)))).toHaveLength(1000);
  });
});
