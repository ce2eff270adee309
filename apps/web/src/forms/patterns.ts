/**
 * spec §5 patterns. Each is anchored, has no `g` flag (so `test` keeps no state between calls) and no
 * nested quantifier that can match the same text in many ways, so a long hostile input fails in linear (at
 * worst quadratic) time, never exponential.
 */
export const patterns = {
  /** A local part of 1 to 64 letters, digits, _ - + . then a domain whose top level has 2+ letters. */
  email: /^[A-Za-z0-9_+.-]{1,64}@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}$/,
  /**
   * A lowercase letter, an uppercase letter, a digit and a special character (anything that is neither a
   * letter, a digit nor white space), in any order. Unicode-aware: 'é' is a lowercase letter, not special.
   */
  password: /^(?=.*\p{Ll})(?=.*\p{Lu})(?=.*\p{Nd})(?=.*[^\p{L}\p{N}\s]).+$/u,
  /** Anything but digits and , ; : = + * " ! ? / ( ) & § $ € _ @ # < > ^ % ² ³. */
  name: /^[^0-9,;:=+*"!?/()&§$€_@#<>^%²³]+$/,
  /** Digits, spaces, plus and parentheses. */
  tel: /^[0-9 +()]+$/,
  /** An optional http:// or https://, a domain with a 2+ letter top level, then an optional path. */
  url: /^(?:https?:\/\/)?(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,}(?:[/?#]\S*)?$/i,
  /** Digits followed by optional letters: 12, 12a, 12AB. */
  houseNumber: /^[0-9]+[A-Za-z]*$/,
} as const satisfies Record<string, RegExp>;

export type PatternName = keyof typeof patterns;
