/**
 * spec §5 patterns, shared by every module that validates the fields the SPA's forms check with the same
 * rules. Written without nested quantifiers that overlap, so no input can make them backtrack for long.
 */

/** A domain with a 2+ letter top level: labels of letters, digits and inner hyphens. */
const DOMAIN = String.raw`([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}`;

/** spec §5 url: optional http(s), then a domain with a 2+ letter top level, an optional port and path. */
export const URL_PATTERN = new RegExp(String.raw`^(https?:\/\/)?${DOMAIN}(:\d{1,5})?(\/\S*)?$`, 'i');

/**
 * spec §5 email: a local part of up to 64 letters, digits, underscore, hyphen, plus or dot, then a domain
 * with a 2+ letter top level.
 */
export const EMAIL_PATTERN = new RegExp(`^[a-z0-9_+.-]{1,64}@${DOMAIN}$`, 'i');

/** spec §5 tel: digits, spaces, plus and parentheses (and at least one digit). */
export const TEL_PATTERN = /^[+() ]*\d[\d +()]*$/;

/** domain.md: a tooltip key, like onboarding.company.vatnumber. */
export const TOOLTIP_KEY_PATTERN = /^[a-z0-9.]+$/;

/**
 * What no name holds, whoever writes it: control characters (C0 with tab and line breaks, DEL, C1), the
 * line and paragraph separators, and the bidirectional overrides and isolates that reorder what a reader
 * sees. A name is one line of text: a mail or a screen quoting it cannot be made to show lines of its own.
 */
const NOT_IN_A_NAME = String.raw`\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069`;

/** A run of what no name holds, anywhere in a text (global): what a one-line quotation of it replaces. */
export const NOT_ONE_LINE = new RegExp(`[${NOT_IN_A_NAME}]+`, 'g');

/** A name that is not a person's (a company's legal name): any text on one line (NOT_IN_A_NAME). */
export const ONE_LINE_PATTERN = new RegExp(`^[^${NOT_IN_A_NAME}]+$`);

/**
 * spec §5 name: no digits and none of , ; : = + * " ! ? / ( ) & § $ € _ @ # < > ^ % ² ³, on one line
 * (NOT_IN_A_NAME).
 */
export const NAME_PATTERN = new RegExp(`^[^0-9,;:=+*"!?/()&§$€_@#<>^%²³${NOT_IN_A_NAME}]+$`);

/** spec §5 houseNumber: digits followed by optional letters (12, 12a, 12AB). */
export const HOUSE_NUMBER_PATTERN = /^[0-9]+[A-Za-z]*$/;

/**
 * What a request id looks like (apps/api http/request-id.ts), a proxy's or the API's own
 * UUID; the SPA quotes one only when it is this (its error handler, on the first page: no zod here).
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
