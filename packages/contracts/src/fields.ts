import { z } from 'zod';
import { EMAIL_PATTERN, NAME_PATTERN, TEL_PATTERN, URL_PATTERN } from './patterns.js';

/** An instant as the API answers it: an ISO 8601 date-time with its zone (what Date.toISOString writes). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** An optional text field: absent, null or blank mean "none" (null); other values meet the rule. */
export const optionalText = (rule: z.ZodString) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), rule.nullish())
    .transform((value) => value ?? null);

/** spec §5 field rules the API and the SPA's mock mode check alike, with the same messages. */
export const emailField = z
  .string()
  .trim()
  .max(100)
  .regex(EMAIL_PATTERN, 'Enter an email address such as name@example.com');
export const personNameField = z
  .string()
  .trim()
  .min(2)
  .max(50)
  .regex(NAME_PATTERN, 'A name has no digits or special characters');
export const urlField = z
  .string()
  .trim()
  .max(200)
  .regex(URL_PATTERN, 'Enter a web address such as https://example.com');
export const telField = z
  .string()
  .trim()
  .max(50)
  .regex(TEL_PATTERN, 'A phone number holds digits, spaces, + and parentheses');
