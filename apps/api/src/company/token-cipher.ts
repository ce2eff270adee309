import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';

/**
 * domain.md SessionToken: "value (stored encrypted, shown once …)". AES-256-GCM with a fresh 12-byte nonce
 * per value; the ciphertext carries its 16-byte authentication tag at the end, so a changed byte or a
 * wrong key fails to decrypt. The key comes from TOKEN_ENCRYPTION_KEY (32 bytes, base64) or, when that is
 * unset, from a key generated once under DATA_DIR (token-encryption.key, mode 0600). Each value names the
 * key it was encrypted with (key id: the first 8 hex digits of the key's sha256), so a changed key is told
 * apart from a tampered value.
 */

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** A value as session_tokens stores it: base64 ciphertext (with the tag), base64 nonce, key id. */
export interface EncryptedValue {
  ciphertext: string;
  nonce: string;
  keyId: string;
}

export interface TokenCipher {
  keyId: string;
  encrypt(value: string): EncryptedValue;
  /** Throws TokenDecryptionError for another key's value, a tampered one, or a wrong key. */
  decrypt(encrypted: EncryptedValue): string;
}

export class TokenDecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenDecryptionError';
  }
}

export const keyIdOf = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 8);

export function createTokenCipher(key: Buffer): TokenCipher {
  if (key.length !== KEY_BYTES) throw new Error(`The token encryption key must be ${KEY_BYTES} bytes`);
  const keyId = keyIdOf(key);
  return {
    keyId,
    encrypt(value) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(keyId));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return { ciphertext: body.toString('base64'), nonce: nonce.toString('base64'), keyId };
    },
    decrypt(encrypted) {
      if (encrypted.keyId !== keyId) {
        throw new TokenDecryptionError(`The value was encrypted with key ${encrypted.keyId}, not ${keyId}`);
      }
      const body = Buffer.from(encrypted.ciphertext, 'base64');
      const nonce = Buffer.from(encrypted.nonce, 'base64');
      if (body.length < TAG_BYTES || nonce.length !== NONCE_BYTES) {
        throw new TokenDecryptionError('The encrypted value is malformed');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(keyId));
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new TokenDecryptionError('The encrypted value does not decrypt with this key');
      }
    },
  };
}

/** The generated key's file under DATA_DIR. */
export const keyFileOf = (dataDir: string) => join(dataDir, 'token-encryption.key');

/**
 * The key from TOKEN_ENCRYPTION_KEY when set, else the one kept under DATA_DIR, generated (and written with
 * mode 0600, never overwritten: two instances starting together keep the first one's) on first use.
 */
export async function loadTokenKey(options: {
  tokenEncryptionKey?: string;
  dataDir: string;
}): Promise<Buffer> {
  if (options.tokenEncryptionKey) return Buffer.from(options.tokenEncryptionKey, 'base64');
  // Loaded only here: mock mode's API (in-browser/) runs in a browser, with a configured key and no files.
  const { chmod, mkdir, readFile, writeFile } = await import('node:fs/promises');
  const file = keyFileOf(options.dataDir);
  const read = async () => {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== KEY_BYTES) throw new Error(`${file} does not hold a ${KEY_BYTES}-byte base64 key`);
    return key;
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dirname(file), { recursive: true });
  try {
    await writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

/** The cipher of the configured key, loaded once on first use (no key file is written before it is needed). */
export function lazyTokenCipher(options: {
  tokenEncryptionKey?: string;
  dataDir: string;
}): () => Promise<TokenCipher> {
  let cipher: Promise<TokenCipher> | undefined;
  return () => {
    cipher ??= loadTokenKey(options).then(createTokenCipher);
    cipher.catch(() => {
      cipher = undefined;
    });
    return cipher;
  };
}
