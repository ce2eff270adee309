import {
  EMAIL_PATTERN,
  HOUSE_NUMBER_PATTERN,
  NAME_PATTERN,
  ONE_LINE_PATTERN,
  TEL_PATTERN,
  URL_PATTERN,
} from '@portal/contracts';
import { tk } from '../i18n/i18n';

/**
 * spec §5 named patterns, as the contracts write them (packages/contracts patterns.ts): a form finds a
 * contract's regex here to say the pattern's own message.
 */
export const patterns = {
  email: EMAIL_PATTERN,
  name: NAME_PATTERN,
  oneLine: ONE_LINE_PATTERN,
  tel: TEL_PATTERN,
  url: URL_PATTERN,
  houseNumber: HOUSE_NUMBER_PATTERN,
} as const satisfies Record<string, RegExp>;

/**
 * spec §5: each named pattern has its own message (translation keys). `password` and `sessionTokenValue`
 * are rules a contract names in its issue (`params.pattern`, packages/contracts fields.ts RuleParams).
 */
export const PATTERN_MESSAGES = {
  email: tk('errors.form.pattern.email'),
  password: tk('errors.form.pattern.password'),
  name: tk('errors.form.pattern.name'),
  oneLine: tk('errors.form.pattern.oneLine'),
  tel: tk('errors.form.pattern.tel'),
  url: tk('errors.form.pattern.url'),
  houseNumber: tk('errors.form.pattern.houseNumber'),
  sessionTokenValue: tk('errors.form.pattern.sessionTokenValue'),
} as const;

export type PatternName = keyof typeof PATTERN_MESSAGES;
