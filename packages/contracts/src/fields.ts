import { z } from 'zod/mini';
import { EMAIL_PATTERN, NAME_PATTERN, ONE_LINE_PATTERN, TEL_PATTERN, URL_PATTERN } from './patterns.js';

/** An instant as the API answers it: an ISO 8601 date-time with its zone (what Date.toISOString writes). */
export const isoDateTime = z.iso.datetime({ offset: true });

/**
 * zod/mini has no `preprocess`: this is classic zod's, a pipe from `fn` into `schema`, typed as classic types
 * it (the field is as optional as `schema`; what it takes is unknown).
 */
export const preprocess = <S extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: S) =>
  z.pipe(z.transform(fn), schema) as unknown as z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, S> &
    z.core.$ZodPreprocess<S>;

/** An optional text field: absent, null or blank mean "none" (null); other values meet the rule. */
export const optionalText = (rule: z.ZodMiniString) =>
  z.pipe(
    preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), z.nullish(rule)),
    z.transform((value) => value ?? null),
  );

/**
 * spec §5 text input defaults: what a text field allows when its contract says nothing narrower. The SPA's
 * fields take them as their attributes (maxlength, minlength); the fields below are written with them.
 */
export const TEXT_MIN_LENGTH = 2;
export const TEXT_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 100;
/** spec §5: type number minlength 1. */
export const NUMBER_MIN_LENGTH = 1;

/**
 * What a contract's own rule (a refinement) may say to a form besides its message, in the issue's `params`:
 * `code`, the API's error code of the same rule (the SPA shows the catalogue's errors.back.<code>), or
 * `pattern`, the spec §5 pattern it is (the SPA shows errors.form.pattern.<pattern>). The API answers the
 * message either way.
 */
export interface RuleParams {
  code?: string;
  pattern?: string;
}

/** A refinement's `when`: it runs once the checks before it (a string's lengths) passed, one issue each. */
export const lengthsPassed = (payload: z.core.ParsePayload): boolean => payload.issues.length === 0;

/** spec §5 field rules the API and the SPA's forms check alike, with the same messages. */
export const emailField = z
  .string()
  .check(
    z.trim(),
    z.maxLength(EMAIL_MAX_LENGTH),
    z.regex(EMAIL_PATTERN, 'Enter an email address such as name@example.com'),
  );
export const personNameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(TEXT_MIN_LENGTH),
    z.maxLength(TEXT_MAX_LENGTH),
    z.regex(NAME_PATTERN, 'A name has no digits or special characters'),
  );
/** A company's (legal) name: any text of 2 to 100 characters, on one line (patterns.ts ONE_LINE_PATTERN). */
export const companyNameField = z
  .string()
  .check(
    z.trim(),
    z.minLength(TEXT_MIN_LENGTH),
    z.maxLength(100),
    z.regex(ONE_LINE_PATTERN, 'A name is one line of text, without control characters'),
  );
export const urlField = z
  .string()
  .check(z.trim(), z.maxLength(200), z.regex(URL_PATTERN, 'Enter a web address such as https://example.com'));
export const telField = z
  .string()
  .check(
    z.trim(),
    z.maxLength(TEXT_MAX_LENGTH),
    z.regex(TEL_PATTERN, 'A phone number holds digits, spaces, + and parentheses'),
  );
