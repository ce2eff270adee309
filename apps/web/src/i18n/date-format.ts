import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from './number-format';

/**
 * Issue 23 item 23: the portal writes dates one way and date-times one way, in the user's language
 * ("Nov 25, 2026" and "Nov 25, 2026, 2:46 PM"). A plain day ("2026-11-25", as the API sends SLA days and
 * metrics weeks) is that day wherever the reader is; a moment is shown in the reader's time zone.
 */
export interface DateFormat {
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
}

const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;
const formats = new Map<string, DateFormat>();

export function dateFormat(language: string): DateFormat {
  const locale = localeOf(language);
  let format = formats.get(locale);
  if (!format) {
    const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const utcDay = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    const moment = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    format = {
      date: (iso) => (PLAIN_DAY.test(iso) ? utcDay : day).format(new Date(iso)),
      dateTime: (iso) => moment.format(new Date(iso)),
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
