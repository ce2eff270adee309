import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  publishRegistrationDisclaimer,
  registered,
  tokenInfo,
  useToken,
} from '../test/registration-test-kit.js';
import { createTestApp } from '../test/test-app.js';
import { REDACTED_IN_LOG, redactUrl } from './log-redaction.js';

describe('redactUrl', () => {
  it.each([
    ['/api/account-tokens/abc.DEF-123', `/api/account-tokens/${REDACTED_IN_LOG}`],
    ['/api/account-tokens/abc/use', `/api/account-tokens/${REDACTED_IN_LOG}/use`],
    ['/api/account-tokens/abc/resend?x=1', `/api/account-tokens/${REDACTED_IN_LOG}/resend?x=1`],
    ['/confirm?token=abc&lang=en', `/confirm?token=${REDACTED_IN_LOG}&lang=en`],
    ['/cb?Code=1&state=2', `/cb?Code=${REDACTED_IN_LOG}&state=2`],
    ['/api/organisations?legalName=*token*', '/api/organisations?legalName=*token*'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

describe('the request log of a registration', () => {
  const lines: string[] = [];
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await publishRegistrationDisclaimer(t);
  });
  afterAll(() => t.app.close());

  it('never holds the mailed link’s token, though every call carried it', async () => {
    const { token } = await registered(t);
    expect((await tokenInfo(t, token)).statusCode).toBe(200);
    expect((await useToken(t, token, { password: PASSWORD })).statusCode).toBe(200);
    const requests = lines.filter((line) => line.includes('/api/account-tokens/'));
    // Each call's incoming-request line is there, with the token replaced.
    expect(requests.length).toBeGreaterThanOrEqual(2);
    expect(requests.join('\n')).toContain(REDACTED_IN_LOG);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain(encodeURIComponent(token));
  });
});
