/** spec §5: a password needs a lowercase letter, an uppercase letter, a digit and a special character. */
export const PASSWORD_MIN_LENGTH = 8;

/** Keeps a form from making scrypt hash a novel; B2C's own limit. */
export const PASSWORD_MAX_LENGTH = 64;

export const PASSWORD_RULE_MESSAGE =
  'The password must have 8 to 64 characters, with a lowercase letter, an uppercase letter, a digit and a special character.';

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}
