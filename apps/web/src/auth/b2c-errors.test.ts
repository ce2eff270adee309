import { describe, expect, it } from 'vitest';
import { classifyRedirectError, isQuietSignInFailure } from './b2c-errors';

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

describe('isQuietSignInFailure (spec §4)', () => {
  it.each([
    ['a closed popup', { errorCode: 'user_cancelled' }, true],
    ['a second sign-in during an interaction', { errorCode: 'interaction_in_progress' }, true],
    ['a server error', { errorCode: 'server_error' }, false],
    ['anything else', new Error('boom'), false],
  ])('%s', (_case, error, quiet) => {
    expect(isQuietSignInFailure(error)).toBe(quiet);
  });
});
