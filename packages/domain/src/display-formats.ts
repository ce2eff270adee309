/**
 * How amounts and dates read for people, the same on the portal's screens and in its mails: one home, so a
 * mail never says "2026-11-30 04:25 UTC" where the screen says "Nov 30, 2026, 4:25 AM".
 */

/** spec §1: the default locale. */
export const DEFAULT_LOCALE = 'en-US';

/** spec §1: the default currency, what an amount is written in when no currency is configured. */
export const DEFAULT_CURRENCY = 'USD';

/**
 * The portal's currency setting, which every amount's format reads. This portal's amounts are its onboarding
 * fees, which domain.md states in EUR (fees.ts keeps them in EUR cents): it is configured to EUR. Leaving it
 * unset (undefined) falls back to the spec's USD.
 */
export const CURRENCY_SETTING: string | undefined = 'EUR';

/** The currency amounts are written in: the setting, else the spec's default. */
export const currencyOf = (setting: string | undefined): string => setting ?? DEFAULT_CURRENCY;

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An amount in cents, in the portal's currency: "€18,000.00" (en-US). */
export function formatAmount(
  cents: number,
  locale: string = DEFAULT_LOCALE,
  currency: string = currencyOf(CURRENCY_SETTING),
): string {
  const key = `${locale}|${currency}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    numberFormats.set(key, format);
  }
  return format.format(cents / 100);
}

/** A plain day as the API sends it ("2026-11-30"): that day wherever the reader is. */
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateTimeFormat(
  locale: string,
  timeZone: string | undefined,
  withTime: boolean,
): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone ?? ''}|${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    // dateStyle cannot be combined with timeZoneName: the same fields, spelled out.
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } : {}),
      ...(timeZone ? { timeZone } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

export interface DateOptions {
  locale?: string;
  /** The zone the reader is in: the browser's own on a screen; a mail, read anywhere, says UTC. */
  timeZone?: string;
}

/** A day: "Nov 30, 2026". A plain day ("2026-11-30") is that day in every zone. */
export function formatDay(date: Date | string, options: DateOptions = {}): string {
  const plain = typeof date === 'string' && PLAIN_DAY.test(date);
  return dateTimeFormat(options.locale ?? DEFAULT_LOCALE, plain ? 'UTC' : options.timeZone, false).format(
    new Date(date),
  );
}

/** A moment, with the zone it is written in: "Nov 30, 2026, 4:25 AM UTC". */
export function formatMoment(date: Date | string, options: DateOptions = {}): string {
  return dateTimeFormat(options.locale ?? DEFAULT_LOCALE, options.timeZone, true).format(new Date(date));
}

/** How a mail writes amounts and dates: the screens' formats, in UTC, the zone said. */
export const MAIL_DATES: DateOptions = { locale: DEFAULT_LOCALE, timeZone: 'UTC' };
