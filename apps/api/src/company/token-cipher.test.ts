import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTokenCipher, keyFileOf, keyIdOf, loadTokenKey, TokenDecryptionError } from './token-cipher.js';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

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

describe('loadTokenKey', () => {
  it('takes TOKEN_ENCRYPTION_KEY when set', async () => {
    const key = randomBytes(32);
    const loaded = await loadTokenKey({
      tokenEncryptionKey: key.toString('base64'),
      dataDir: '/nonexistent',
    });
    expect(loaded.equals(key)).toBe(true);
  });

  it('else generates a key once under DATA_DIR, mode 0600, and reads the same one after', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'token-key-'));
    dirs.push(dataDir);
    const first = await loadTokenKey({ dataDir });
    const second = await loadTokenKey({ dataDir });
    expect(first).toHaveLength(32);
    expect(second.equals(first)).toBe(true);
    expect((await stat(keyFileOf(dataDir))).mode & 0o777).toBe(0o600);
    expect((await readFile(keyFileOf(dataDir), 'utf8')).trim()).toBe(first.toString('base64'));
  });
});
