import { describe, expect, it } from 'vitest';
import { accountTokenRefusal, invitationRedeemed, tokenExpiry, tokenHolderOf } from './account-tokens.js';

describe('tokenExpiry (domain.md: a confirmation link 48 hours, an invitation a week)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('ends a confirmation link two days later and an invitation seven', () => {
    expect(tokenExpiry('CONFIRM_REGISTRATION', now).toISOString()).toBe('2026-03-03T12:00:00.000Z');
    expect(tokenExpiry('INVITATION', now).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });
});

describe('accountTokenRefusal (spec §8: unknown 105, used 405, expired 301)', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  it('refuses an unknown, a used and an expired link, in that order', () => {
    expect(accountTokenRefusal(undefined, now)).toBe('unknown');
    const expiresAt = '2026-03-01T12:00:00.000Z';
    expect(accountTokenRefusal({ usedAt: now, expiresAt }, now)).toBe('used');
    expect(accountTokenRefusal({ usedAt: null, expiresAt }, now)).toBe('expired');
    expect(
      accountTokenRefusal({ usedAt: null, expiresAt: tokenExpiry('INVITATION', now) }, now),
    ).toBeUndefined();
  });
});

describe('tokenHolderOf', () => {
  const user = { email: 'ann@emvo.test', displayName: 'Ann Lee', legalName: null };
  it("greets a registration's visitor, or an invited user with their company (EMVO for internal users)", () => {
    const registration = { email: 'bo@acme.test', firstName: 'Bo', companyName: 'Acme', id: 'r1' };
    expect(tokenHolderOf(registration, undefined)).toEqual({
      email: 'bo@acme.test',
      firstName: 'Bo',
      companyName: 'Acme',
    });
    expect(tokenHolderOf(undefined, { ...user, status: 'INVITED' })).toEqual({
      email: 'ann@emvo.test',
      firstName: 'Ann Lee',
      companyName: 'EMVO',
    });
  });

  it('refuses a withdrawn invitation and a link whose owner is gone', () => {
    expect(tokenHolderOf(undefined, { ...user, status: 'DISABLED' })).toEqual({ refusal: 'withdrawn' });
    expect(tokenHolderOf(undefined, undefined)).toEqual({ refusal: 'unknown' });
  });
});

describe('invitationRedeemed (a sign-in activates an invited user only once they used their newest link)', () => {
  it('is false while the newest invitation link is unused, true once used or when no invitation made them', () => {
    expect(invitationRedeemed({ usedAt: null })).toBe(false);
    expect(invitationRedeemed({ usedAt: new Date() })).toBe(true);
    expect(invitationRedeemed({ usedAt: '2026-01-01T00:00:00Z' })).toBe(true);
    expect(invitationRedeemed(undefined)).toBe(true);
  });
});
