import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { configuredTokenKey, createTokenCipher, keyIdOf, TokenDecryptionError } from './token-cipher.js';

describe('token cipher (AES-256-GCM)', () => {
  const key = randomBytes(32);
  const cipher = createTokenCipher(key);

  it('round-trips a value and names its key', () => {
    const value = 'eyJhbGciOi.session-token/with+chars=';
    const encrypted = cipher.encrypt(value);
    expect(encrypted.keyId).toBe(keyIdOf(key));
    expect(encrypted.keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(encrypted.ciphertext).not.toContain('session-token');
    expect(cipher.decrypt(encrypted)).toBe(value);
  });

  it('uses a fresh nonce per value: the same value encrypts differently', () => {
    const a = cipher.encrypt('same value');
    const b = cipher.encrypt('same value');
    expect(a.nonce).not.toBe(b.nonce);
    expect(a.ciphertext).not.toBe(b.ciphertext);
    expect(Buffer.from(a.nonce, 'base64')).toHaveLength(12);
  });

  it('fails with a wrong key, even under the same key id, and on a tampered value', () => {
    const encrypted = cipher.encrypt('secret');
    const other = createTokenCipher(randomBytes(32));
    expect(() => other.decrypt(encrypted)).toThrow(TokenDecryptionError);
    expect(() => other.decrypt({ ...encrypted, keyId: other.keyId })).toThrow(TokenDecryptionError);
    const body = Buffer.from(encrypted.ciphertext, 'base64');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => cipher.decrypt({ ...encrypted, ciphertext: body.toString('base64') })).toThrow(
      TokenDecryptionError,
    );
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createTokenCipher(randomBytes(16))).toThrow();
  });
});

describe('configuredTokenKey', () => {
  it('reads TOKEN_ENCRYPTION_KEY as base64', async () => {
    const key = randomBytes(32);
    expect((await configuredTokenKey(key.toString('base64'))()).equals(key)).toBe(true);
  });

  it('refuses to make up a key when none is configured', async () => {
    await expect(configuredTokenKey(undefined)()).rejects.toThrow('TOKEN_ENCRYPTION_KEY is not set');
  });
});
