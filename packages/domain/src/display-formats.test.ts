import { describe, expect, it } from 'vitest';
import {
  CURRENCY_SETTING,
  currencyOf,
  DEFAULT_CURRENCY,
  formatAmount,
  formatDay,
  formatMoment,
  MAIL_DATES,
} from './display-formats.js';

describe('amounts', () => {
  it('spec §1: the default currency is USD, what an amount is written in when nothing is configured', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(currencyOf(undefined)).toBe('USD');
    expect(formatAmount(675_000, 'en-US', currencyOf(undefined))).toBe('$6,750.00');
  });

  it('the portal is configured to EUR (its fees, domain.md): every amount reads the setting', () => {
    expect(CURRENCY_SETTING).toBe('EUR');
    expect(currencyOf(CURRENCY_SETTING)).toBe('EUR');
    expect(formatAmount(1_800_000)).toBe('€18,000.00');
    expect(formatAmount(450_050, 'en-US')).toBe('€4,500.50');
  });
});

describe('dates: one format for screens and mails, the zone said where a time is shown', () => {
  const at = '2026-11-30T04:25:00Z';
  it.each([
    ['a moment in a mail (UTC)', formatMoment(new Date(at), MAIL_DATES), 'Nov 30, 2026, 4:25 AM UTC'],
    [
      'a moment on a screen in Brussels',
      formatMoment(at, { timeZone: 'Europe/Brussels' }),
      'Nov 30, 2026, 5:25 AM GMT+1',
    ],
    ['a day in a mail', formatDay(new Date(at), MAIL_DATES), 'Nov 30, 2026'],
    ['a plain day, in any zone', formatDay('2026-11-30', { timeZone: 'America/New_York' }), 'Nov 30, 2026'],
  ])('%s: %s', (_case, shown, expected) => {
    expect(shown).toBe(expected);
  });
});
