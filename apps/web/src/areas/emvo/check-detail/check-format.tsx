import { formatAmount } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../../i18n/date-format';
import { localeOf } from '../../../i18n/number-format';

/** How the detail view writes dates, amounts and countries for people, in the UI's language. */
export interface Formatters {
  /** A day: "Mar 5, 2026" (i18n/date-format). */
  day: (iso: string) => string;
  /** A moment: "Mar 5, 2026, 2:30 PM" (the reader's time zone). */
  moment: (iso: string) => string;
  /** Cents as an amount in the portal's currency (packages/domain formatAmount): "€6,750.00". */
  euros: (cents: number) => string;
  /** An ISO country code as its name ("NL" → "Netherlands"); the code when the browser has no name. */
  country: (code: string) => string;
}

export function formatters(language: string): Formatters {
  const locale = localeOf(language);
  const dates = dateFormat(language);
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    regions = undefined;
  }
  return {
    day: dates.date,
    moment: dates.dateTime,
    euros: (cents) => formatAmount(cents, locale),
    country: (code) => {
      try {
        return regions?.of(code) ?? code;
      } catch {
        return code;
      }
    },
  };
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  return useMemo(() => formatters(i18n.language), [i18n.language]);
}

/** A date as people read it, with the machine-readable value beside it. */
export function When({ iso, precision = 'moment' }: { iso: string; precision?: 'day' | 'moment' }) {
  const format = useFormatters();
  return <time dateTime={iso}>{precision === 'day' ? format.day(iso) : format.moment(iso)}</time>;
}
