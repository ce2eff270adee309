import { EMAIL_PATTERN, TEL_PATTERN, URL_PATTERN } from '@portal/contracts';
import { describe, expect, it } from 'vitest';

describe('spec §5 patterns', () => {
  it.each([
    [URL_PATTERN, 'https://emvo-medicines.eu', true],
    [URL_PATTERN, 'www.example.org/a?b=c', true],
    [URL_PATTERN, 'https://sub.example.com:8443/x', true],
    [URL_PATTERN, 'ftp://example.com', false],
    [URL_PATTERN, 'https://example.c', false],
    [URL_PATTERN, 'javascript:alert(1)', false],
    [EMAIL_PATTERN, 'first.last+tag@sub.example.co.uk', true],
    [EMAIL_PATTERN, 'A_B-c@Example.COM', true],
    [EMAIL_PATTERN, `${'a'.repeat(64)}@example.com`, true],
    [EMAIL_PATTERN, `${'a'.repeat(65)}@example.com`, false],
    [EMAIL_PATTERN, 'a!b@example.com', false],
    [EMAIL_PATTERN, 'ab@example.c', false],
    [EMAIL_PATTERN, 'ab@-example.com', false],
    [EMAIL_PATTERN, 'no-at-sign.example.com', false],
    [TEL_PATTERN, '+32 (0)2 123 45 67', true],
    [TEL_PATTERN, '0032123456', true],
    [TEL_PATTERN, '02-123-45-67', false],
    [TEL_PATTERN, '+32 2 CALL', false],
    [TEL_PATTERN, '+ ( )', false],
  ])('%s on %s: %s', (pattern, value, matches) => {
    expect(pattern.test(value)).toBe(matches);
  });

  it.each([
    ['URL', URL_PATTERN, `https://${'a'.repeat(5000)}!`],
    ['email', EMAIL_PATTERN, `${'a'.repeat(64)}@${'a.'.repeat(5000)}!`],
    ['tel', TEL_PATTERN, `${'1 '.repeat(5000)}x`],
  ])('answers a long %s that fails at its end at once (no runaway backtracking)', (_name, pattern, value) => {
    const start = performance.now();
    expect(pattern.test(value)).toBe(false);
    expect(performance.now() - start).toBeLessThan(100);
  });
});
