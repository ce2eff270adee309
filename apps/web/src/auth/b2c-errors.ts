/** What to do with an error that came back from a sign-in redirect (spec §8). */
export type RedirectErrorOutcome = 'reset-password' | 'ignore' | 'notify';

/** spec §8 sign-in: the B2C codes travel in the error's message (error_description). */
export function classifyRedirectError(error: unknown): RedirectErrorOutcome {
  const message = error instanceof Error ? error.message : String(error);
  // The user chose "Forgot your password?": send them to the reset policy.
  if (message.includes('AADB2C90118')) return 'reset-password';
  // The user cancelled the sign-in page: nothing to say.
  if (message.includes('AADB2C90091')) return 'ignore';
  return 'notify';
}

/** spec §8: the toast shown for any other sign-in error (the spec's spelling). */
export const AUTHENTICATION_ERROR_TOAST = 'Authentification error';

/**
 * spec §4: a closed popup is a login failure (MSAL's user_cancelled) and a second sign-in during an
 * interaction fails with interaction_in_progress; neither is news to the person who caused it.
 */
export function isQuietSignInFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error && 'errorCode' in error ? String(error.errorCode) : '';
  return code === 'user_cancelled' || code === 'interaction_in_progress';
}
