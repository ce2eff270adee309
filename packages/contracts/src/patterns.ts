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

/** spec §5 name: no digits and none of , ; : = + * " ! ? / ( ) & § $ € _ @ # < > ^ % ² ³. */
export const NAME_PATTERN = /^[^0-9,;:=+*"!?/()&§$€_@#<>^%²³]+$/;

/** spec §5 houseNumber: digits followed by optional letters (12, 12a, 12AB). */
export const HOUSE_NUMBER_PATTERN = /^[0-9]+[A-Za-z]*$/;
