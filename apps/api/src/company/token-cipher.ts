import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * domain.md SessionToken: "value (stored encrypted, shown once …)". AES-256-GCM with a fresh 12-byte nonce
 * per value; the ciphertext carries its 16-byte authentication tag at the end, so a changed byte or a
 * wrong key fails to decrypt. The key comes from TOKEN_ENCRYPTION_KEY (32 bytes, base64) or, when that is
 * unset, from a key generated once under DATA_DIR (node/token-key-file.ts). Each value names the
 * key it was encrypted with (key id: the first 8 hex digits of the key's sha256), so a changed key is told
 * apart from a tampered value.
 */

const ALGORITHM = 'aes-256-gcm';
export const KEY_BYTES = 32;
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

/** Where the key comes from, asked once on first use: TOKEN_ENCRYPTION_KEY, or a server's key file. */
export type TokenKeySource = () => Promise<Buffer>;

/**
 * TOKEN_ENCRYPTION_KEY (base64). The API without a server has no key file to fall back on
 * (node/token-key-file.ts keeps a server's): it names its key.
 */
export const configuredTokenKey =
  (tokenEncryptionKey: string | undefined): TokenKeySource =>
  async () => {
    if (!tokenEncryptionKey) throw new Error('TOKEN_ENCRYPTION_KEY is not set');
    return Buffer.from(tokenEncryptionKey, 'base64');
  };

/** The cipher of the key, loaded once on first use (no key file is written before it is needed). */
export function lazyTokenCipher(key: TokenKeySource): () => Promise<TokenCipher> {
  let cipher: Promise<TokenCipher> | undefined;
  return () => {
    cipher ??= key().then(createTokenCipher);
    cipher.catch(() => {
      cipher = undefined;
    });
    return cipher;
  };
}
