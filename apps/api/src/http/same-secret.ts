import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret a caller sent is the expected one, in constant time: the connector's secret, the
 * anti-forgery token, the metrics scraper's bearer. Byte lengths are compared first (timingSafeEqual throws
 * on buffers of different lengths, which a multi-byte character of the same string length would give).
 */
export function sameSecret(given: string, expected: string): boolean {
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}
