import { describe, expect, it } from 'vitest';
import {
  CODE_ATTEMPTS,
  CODE_REQUESTS_PER_HOUR,
  CODE_TTL_MS,
  createResetCodes,
  MAX_ENTRIES,
} from './reset-codes.js';

const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('createResetCodes', () => {
  it('makes 6-digit codes that work once, for the address they were made for', () => {
    const codes = createResetCodes({ now: () => 0 });
    const code = codes.issue('interaction-1', 'Ana@Example.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(codes.pendingEmail('interaction-1')).toBe('Ana@Example.test');
    expect(codes.check('interaction-2', code)).toEqual({ ok: false, reason: 'expired' });
    expect(codes.check('interaction-1', ` ${code} `)).toEqual({ ok: true, email: 'Ana@Example.test' });
    expect(codes.check('interaction-1', code)).toEqual({ ok: false, reason: 'expired' });
  });

  it(`spends a code after ${CODE_ATTEMPTS} wrong ones`, () => {
    const codes = createResetCodes({ now: () => 0 });
    const code = codes.issue('interaction', 'ana@example.test');
    const reasons = Array.from({ length: CODE_ATTEMPTS }, () => {
      const check = codes.check('interaction', otherThan(code));
      return check.ok ? 'ok' : check.reason;
    });
    expect(reasons).toEqual([...Array<string>(CODE_ATTEMPTS - 1).fill('wrong'), 'spent']);
    expect(codes.check('interaction', code)).toEqual({ ok: false, reason: 'expired' });
  });

  it('lets a code expire after ten minutes', () => {
    let now = 0;
    const codes = createResetCodes({ now: () => now });
    const code = codes.issue('interaction', 'ana@example.test');
    now = CODE_TTL_MS;
    expect(codes.check('interaction', code)).toEqual({ ok: false, reason: 'expired' });
  });

  it('limits the requests per address in any case, until an hour after the last', () => {
    let now = 0;
    const codes = createResetCodes({ now: () => now });
    for (let request = 0; request < CODE_REQUESTS_PER_HOUR; request += 1) {
      expect(codes.mayRequest('ana@example.test')).toBe(true);
    }
    expect(codes.mayRequest('ANA@example.test ')).toBe(false);
    expect(codes.mayRequest('bob@example.test')).toBe(true);
    now = 60 * 60 * 1000;
    expect(codes.mayRequest('ana@example.test')).toBe(true);
  });

  it('keeps an address refused for its hour, however many made-up addresses ask meanwhile', () => {
    let now = 0;
    const codes = createResetCodes({ now: () => now });
    for (let request = 0; request < CODE_REQUESTS_PER_HOUR; request += 1)
      codes.mayRequest('ana@example.test');
    expect(codes.mayRequest('ana@example.test')).toBe(false);
    for (let flood = 0; flood < 10_000; flood += 1) codes.mayRequest(`made-up-${flood}@flood.test`);
    expect(codes.mayRequest('ana@example.test')).toBe(false);

    // Addresses that used up their own requests fill the map: they stay refused, and so is a new one.
    for (let flood = 0; flood < MAX_ENTRIES; flood += 1) {
      for (let request = 0; request < CODE_REQUESTS_PER_HOUR; request += 1)
        codes.mayRequest(`spent-${flood}@flood.test`);
    }
    expect(codes.mayRequest('ana@example.test')).toBe(false);
    expect(codes.mayRequest('somebody-new@example.test')).toBe(false);
    now = 60 * 60 * 1000;
    expect(codes.mayRequest('ana@example.test')).toBe(true);
  });
});
