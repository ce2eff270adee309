import { describe, expect, it } from 'vitest';
import { meetsPasswordRule } from './password-rule.js';

describe('spec §5 password rule', () => {
  it.each([
    ['Portal-demo-2026!', true],
    ['Aa1!aaaa', true],
    ['Aa1!aaa', false], // 7 characters
    ['aa1!aaaa', false], // no uppercase letter
    ['AA1!AAAA', false], // no lowercase letter
    ['Aa!aaaaa', false], // no digit
    ['Aa1aaaaa', false], // no special character
    [`Aa1!${'a'.repeat(61)}`, false], // 65 characters
  ])('%s → %s', (password, expected) => {
    expect(meetsPasswordRule(password)).toBe(expected);
  });
});
