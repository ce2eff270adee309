import { describe, expect, it } from 'vitest';
import { sameSecret } from './same-secret.js';

describe('sameSecret', () => {
  it('says whether two secrets are equal, and answers false (not a throw) when their bytes differ in length', () => {
    expect(sameSecret('token-123', 'token-123')).toBe(true);
    expect(sameSecret('token-124', 'token-123')).toBe(false);
    expect(sameSecret('short', 'token-123')).toBe(false);
    // Same string length, more bytes: timingSafeEqual alone would throw (the anti-forgery check did).
    expect(sameSecret('abé', 'abc')).toBe(false);
  });
});
