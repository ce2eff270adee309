import { describe, expect, it } from 'vitest';
import {
  isCsrPem,
  isTechnicalOpen,
  isTokenRevealable,
  SESSION_TOKEN_LIFETIME_MS,
  sessionTokenStatusAt,
  tokenExpiresAt,
} from './technical.js';

/** A real PKCS#10 request's shape: base64 of a DER SEQUENCE, wrapped at 64. */
const base64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes));
const body = base64([0x30, 0x82, 0x01, 0x0a, ...Array<number>(120).fill(7)])
  .match(/.{1,64}/g)
  ?.join('\n');
const CSR = `-----BEGIN CERTIFICATE REQUEST-----\n${body}\n-----END CERTIFICATE REQUEST-----\n`;

describe('isCsrPem', () => {
  it('accepts a PEM certificate request, with CRLF, a BOM, leading blank lines, or the NEW form', () => {
    expect(isCsrPem(CSR)).toBe(true);
    expect(isCsrPem(CSR.replaceAll('\n', '\r\n'))).toBe(true);
    expect(isCsrPem(`\uFEFF\n\n${CSR}`)).toBe(true);
    expect(isCsrPem(CSR.replaceAll('CERTIFICATE REQUEST', 'NEW CERTIFICATE REQUEST'))).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['plain text', 'hello, this is my certificate request\n'],
    ['no END line', `-----BEGIN CERTIFICATE REQUEST-----\n${body}\n`],
    ['an empty body', '-----BEGIN CERTIFICATE REQUEST-----\n-----END CERTIFICATE REQUEST-----\n'],
    ['a body that is not base64', CSR.replace(body ?? '', 'not base64 at all!')],
    ['a certificate, not a request', CSR.replaceAll('CERTIFICATE REQUEST', 'CERTIFICATE')],
    ['mismatched BEGIN and END', CSR.replace('END CERTIFICATE REQUEST', 'END NEW CERTIFICATE REQUEST')],
    ['text after the END line', `${CSR}trailing text\n`],
    ['a body that is no DER sequence', CSR.replace(body ?? '', base64(Array<number>(64).fill(1)))],
  ])('refuses %s', (_name, text) => {
    expect(isCsrPem(text)).toBe(false);
  });
});

describe('isTechnicalOpen', () => {
  it('opens IQE from TECHNICAL_IQE and PRD from TECHNICAL_PRD, never while suspended or withdrawn', () => {
    expect(isTechnicalOpen('APPROVALS')).toBe(false);
    expect(isTechnicalOpen('TECHNICAL_IQE')).toBe(true);
    expect(isTechnicalOpen('TECHNICAL_IQE', 'PRD')).toBe(false);
    expect(isTechnicalOpen('TECHNICAL_PRD', 'PRD')).toBe(true);
    expect(isTechnicalOpen('MAINTENANCE', 'PRD')).toBe(true);
    expect(isTechnicalOpen('SUSPENDED')).toBe(false);
    expect(isTechnicalOpen('WITHDRAWN', 'PRD')).toBe(false);
  });
});

describe('session tokens', () => {
  const issuedAt = new Date('2026-11-20T10:00:00Z');
  const expiresAt = tokenExpiresAt(issuedAt);

  it('expire 24 h after issue', () => {
    expect(expiresAt.getTime() - issuedAt.getTime()).toBe(SESSION_TOKEN_LIFETIME_MS);
    expect(sessionTokenStatusAt({ status: 'ISSUED', expiresAt }, new Date(expiresAt.getTime() - 1))).toBe(
      'ISSUED',
    );
    expect(sessionTokenStatusAt({ status: 'ISSUED', expiresAt }, expiresAt)).toBe('EXPIRED');
    expect(sessionTokenStatusAt({ status: 'REQUESTED', expiresAt: null }, expiresAt)).toBe('REQUESTED');
  });

  it('are revealable once: issued, unexpired, not shown', () => {
    const now = new Date(issuedAt.getTime() + 1000);
    expect(isTokenRevealable({ status: 'ISSUED', expiresAt, shownAt: null }, now)).toBe(true);
    expect(isTokenRevealable({ status: 'ISSUED', expiresAt, shownAt: now }, now)).toBe(false);
    expect(isTokenRevealable({ status: 'ISSUED', expiresAt, shownAt: null }, expiresAt)).toBe(false);
    expect(isTokenRevealable({ status: 'CANCELLED', expiresAt: null, shownAt: null }, now)).toBe(false);
  });
});
