import { whenIdle } from '../scheduling/yield-to-main';

/** spec §1: the default locale is en-US; the only language, en, formats as en-US (numbers and dates). */
export const localeOf = (language: string) => (language === 'en' ? 'en-US' : language);

const formats = new Map<string, Intl.NumberFormat>();

/** One number format per locale, made once: making the first costs a page about 20 ms (below). */
export function numberFormat(locale: string): Intl.NumberFormat {
  let format = formats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    formats.set(locale, format);
  }
  return format;
}

/**
 * The first Intl format a page makes starts the browser's ICU formatting, about 20 ms on a
 * desktop (80 on a slow phone) in one piece. Made while the browser is idle after the start (the first
 * page waits for its data then), it does not lengthen the task that renders the page; later formats,
 * numbers or dates, cost about 2 ms.
 */
export function warmUpNumberFormat(language: string): void {
  whenIdle(() => void numberFormat(localeOf(language)));
}
