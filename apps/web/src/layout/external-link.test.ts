import { describe, expect, it } from 'vitest';
import { externalHref } from './external-link';

describe('externalHref', () => {
  it.each([
    ['keeps an https link', 'https://emvo-medicines.eu', 'https://emvo-medicines.eu'],
    ['keeps an http link', 'http://example.com/a', 'http://example.com/a'],
    ['keeps the scheme whatever its case', 'HTTPS://example.com', 'HTTPS://example.com'],
    ['adds https to a bare domain', 'emvo-medicines.eu/contact', 'https://emvo-medicines.eu/contact'],
  ])('%s', (_rule, link, expected) => {
    expect(externalHref(link)).toBe(expected);
  });
});
