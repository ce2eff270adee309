import { describe, expect, it } from 'vitest';
import { changedFields, isSecretKey, REDACTED, redactSecrets } from './audit.js';

describe('isSecretKey: a key whose last word names a secret (secrets never in a diff)', () => {
  it.each([
    ['password', true],
    ['newPassword', true],
    ['client_secret', true],
    ['tokenValue', true],
    ['value', true],
    ['accessToken', true],
    ['passwordHash', true],
    ['apiKey', true],
    ['connectionString', true],
    ['tokenId', false],
    ['keyId', false],
    ['key', false],
    ['status', false],
    ['sha256', false],
    ['resendCount', false],
  ])('%s → %s', (key, secret) => {
    expect(isSecretKey(key)).toBe(secret);
  });
});

describe('redactSecrets', () => {
  it('replaces secret values at any depth, the whole { from, to } of an update, and keeps the rest', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(
      redactSecrets({
        status: { from: 'INVITED', to: 'ACTIVE' },
        password: 'set',
        nested: [{ tokenValue: { from: null, to: 'abc' }, keyId: 'k1' }],
        at,
      }),
    ).toEqual({
      status: { from: 'INVITED', to: 'ACTIVE' },
      password: REDACTED,
      nested: [{ tokenValue: REDACTED, keyId: 'k1' }],
      at: '2026-01-01T00:00:00.000Z',
    });
  });

  it('leaves plain values alone', () => {
    expect(redactSecrets('text')).toBe('text');
    expect(redactSecrets(null)).toBeNull();
    expect(redactSecrets([1, 2])).toEqual([1, 2]);
  });
});

describe('changedFields: an UPDATE diff', () => {
  it('lists only the fields that differ, as { from, to }, comparing by JSON', () => {
    expect(
      changedFields(
        { name: 'Hub', active: true, tags: ['a'], note: undefined },
        { name: 'Hub', active: false, tags: ['a'], note: 'new' },
      ),
    ).toEqual({ active: { from: true, to: false }, note: { from: null, to: 'new' } });
  });

  it('is empty when nothing changed', () => {
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({});
  });
});
