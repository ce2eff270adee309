import { formatDay, formatMoment } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from './number-format';

/**
 * The portal writes dates one way and date-times one way, in the user's language, as its mails do
 * (packages/domain display-formats): "Nov 25, 2026" and "Nov 25, 2026, 2:46 PM GMT+1". A plain day
 * ("2026-11-25", as the API sends SLA days and metrics weeks) is that day wherever the reader is; a moment
 * is shown in the reader's time zone, which it names.
 */
export interface DateFormat {
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
}

const formats = new Map<string, DateFormat>();

export function dateFormat(language: string): DateFormat {
  const locale = localeOf(language);
  let format = formats.get(locale);
  if (!format) {
    format = {
      date: (iso) => formatDay(iso, { locale }),
      dateTime: (iso) => formatMoment(iso, { locale }),
    };
    formats.set(locale, format);
  }
  return format;
}

/** The date formats in the UI's language. */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  return useMemo(() => dateFormat(i18n.language), [i18n.language]);
}
