import { describe, expect, it } from 'vitest';
import { classifyRedirectError } from './b2c-errors';

describe('classifyRedirectError (spec §8 sign-in)', () => {
  it.each([
    [
      'AADB2C90118 goes to the forgot-password policy',
      'access_denied: AADB2C90118: The user has forgotten their password.',
      'reset-password',
    ],
    [
      'AADB2C90091 is ignored',
      'access_denied: AADB2C90091: The user has cancelled entering self-asserted information.',
      'ignore',
    ],
    ['any other error shows the toast', 'server_error: AADB2C90000: Something else', 'notify'],
    ['so does a network failure', 'Failed to fetch', 'notify'],
  ])('%s', (_rule, message, outcome) => {
    expect(classifyRedirectError(new Error(message))).toBe(outcome);
  });
});
