import { scryptAsync } from '@noble/hashes/scrypt.js';

// What the API's code imports from node:crypto, in the browser (vite.config.ts points node:crypto here):
// crypto-browserify's hashes, HMACs, random bytes and AES-GCM; scrypt (a confirmed account's password)
// from @noble/hashes; a random UUID from getRandomValues, which (unlike crypto.randomUUID) a page served
// from a LAN address has too.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'crypto-browserify';

// Named, not `export *`: Vite's development server cannot see through a CommonJS module's exports.
export { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes };

export function randomUUID(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type ScryptOptions = { N: number; r: number; p: number; maxmem?: number };

/** Node's callback scrypt (apps/api passwords.ts promisifies it). */
export function scrypt(
  password: string,
  salt: Uint8Array,
  keylen: number,
  { N, r, p, maxmem }: ScryptOptions,
  callback: (error: Error | null, key?: Buffer) => void,
): void {
  scryptAsync(password, salt, { N, r, p, dkLen: keylen, ...(maxmem ? { maxmem } : {}) }).then(
    (key) => callback(null, Buffer.from(key)),
    (error: Error) => callback(error),
  );
}

/** Node's constant-time comparison of two equal-length byte arrays. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) throw new RangeError('Input buffers must have the same byte length');
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= (a[index] ?? 0) ^ (b[index] ?? 0);
  return difference === 0;
}

/** As `import crypto from 'node:crypto'` reads it (nodemailer, bundled with the outbox and never sending). */
// biome-ignore lint/style/noDefaultExport: node:crypto's default import (nodemailer's) needs one.
export default {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  randomBytes,
  randomUUID,
  scrypt,
  timingSafeEqual,
};
