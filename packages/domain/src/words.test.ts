import { describe, expect, it } from 'vitest';
import { words } from './words.js';

describe('words', () => {
  it.each([
    ['a one-word status is lower case', 'ISSUED', 'issued'],
    ['underscores become spaces', 'CORRECTIONS_REQUESTED', 'corrections requested'],
    ['every underscore does', 'MOVE_TO_PRODUCTION', 'move to production'],
    ['a stage with a suffix', 'TECHNICAL_IQE', 'technical iqe'],
  ])('%s', (_rule, value, expected) => {
    expect(words(value)).toBe(expected);
  });
});
