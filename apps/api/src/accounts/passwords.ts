import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

/**
 * scrypt at OWASP's minimum cost, stored as scrypt$N$r$p$salt$hash (base64). Of the five settings OWASP's
 * Password Storage Cheat Sheet gives as equivalent (N=2^17 r=8 p=1 … N=2^13 r=8 p=10), the last: it needs
 * 8 MiB where the first needs 128, and takes about a fifth of its time on a small server (160 against
 * 750 ms here), which a person signing in waits for.
 */
const N = 8_192;
const R = 8;
const P = 10;
const KEY_LENGTH = 32;
const MAX_MEM = 256 * N * R;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEM });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/**
 * A stored hash of the same cost as hashPassword's that no password matches (its salt and hash are random
 * bytes): checking a sign-in for an address without a password against it takes as long as a wrong
 * password does, so the time tells nobody which addresses have accounts.
 */
export function unusableHash(): string {
  return [
    'scrypt',
    N,
    R,
    P,
    randomBytes(16).toString('base64'),
    randomBytes(KEY_LENGTH).toString('base64'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * Number(n) * Number(r),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a stored hash is of hashPassword's cost today (an older one is upgraded at the next sign-in). */
export function hasCurrentCost(stored: string): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme === 'scrypt' && Number(n) === N && Number(r) === R && Number(p) === P;
}
