import { describe, expect, it } from 'vitest';
import { QUOTED_MAX_LENGTH, quoted } from './quoted.js';

describe('quoted: caller-written text as a mail quotes it', () => {
  it.each([
    ['ACME NV', '“ACME NV”'],
    [
      'ACME\n\nSECURITY NOTICE: reset at https://evil.test',
      '“ACME SECURITY NOTICE: reset at https://evil.test”',
    ],
    ['Tab\there\r\nand\u2028there', '“Tab here and there”'],
    ['bidi \u202eexe.txt', '“bidi exe.txt”'],
    ['  spaced   out  ', '“spaced out”'],
  ])('%j → %j', (text, shown) => {
    expect(quoted(text)).toBe(shown);
  });

  it(`cuts a long text to ${QUOTED_MAX_LENGTH} characters (or the length given) with an ellipsis`, () => {
    const long = `${'A'.repeat(40)} ${'B'.repeat(100)}`;
    const shown = quoted(long);
    expect([...shown]).toHaveLength(QUOTED_MAX_LENGTH + 2);
    expect(shown.endsWith('…”')).toBe(true);
    expect(quoted('abcdef', 4)).toBe('“abc…”');
    expect(quoted('abcd', 4)).toBe('“abcd”');
    // A character outside the basic plane is never split in two.
    expect(quoted('😀😀😀😀😀', 3)).toBe('“😀😀…”');
  });
});
