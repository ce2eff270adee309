import { BYTES_PER_MB } from '@portal/domain';

/** spec §3 selected file size, in decimal units as the limit: kB below a megabyte, else MB. */
export function formatFileSize(bytes: number, locale?: string): string {
  const format = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  const kilobytes = Math.round(bytes / 100) / 10;
  // 999,990 bytes would round to "1,000 kB": from there on it is "1 MB".
  return kilobytes < 1000 ? `${format(kilobytes)} kB` : `${format(bytes / BYTES_PER_MB)} MB`;
}
