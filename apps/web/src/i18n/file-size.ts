import { BYTES_PER_MB } from '@portal/domain';

/** Bytes in a kilobyte, in decimal units as the limit (spec §5: megabytes × 1,000,000 bytes). */
const BYTES_PER_KB = 1000;

/**
 * spec §3 selected file size, in decimal units as the limit: bytes below a kilobyte (a 49-byte file is
 * "49 B", not "0 kB"), kB below a megabyte, else MB.
 */
export function formatFileSize(bytes: number, locale?: string): string {
  const format = (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  if (bytes < BYTES_PER_KB) return `${format(bytes)} B`;
  const kilobytes = Math.round(bytes / 100) / 10;
  // 999,990 bytes would round to "1,000 kB": from there on it is "1 MB".
  return kilobytes < 1000 ? `${format(kilobytes)} kB` : `${format(bytes / BYTES_PER_MB)} MB`;
}
