import { extensionOf } from '@portal/domain';

/** Long enough for any real document title, short enough for every file system and header. */
export const MAX_NAME_LENGTH = 150;

/**
 * issue: the name a user gave, made safe to store and to hand back in Content-Disposition: its base name
 * only (no folders, so no path traversal), without control or invisible format characters (such as the
 * right-to-left override that makes `exe.pdf` look like `fdp.exe`), without characters Windows forbids,
 * without leading dots (no hidden files) or trailing dots and spaces, and at most MAX_NAME_LENGTH
 * characters, keeping its extension. The stored blob never uses it: its key is generated.
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/gu, ' ')
    .replace(/^[\s.]+/u, '')
    .replace(/[\s.]+$/u, '');
  const name = cleaned || 'file';
  const characters = [...name];
  if (characters.length <= MAX_NAME_LENGTH) return name;
  const extension = extensionOf(name);
  const suffix = extension ? `.${extension}` : '';
  const stem = characters.slice(0, MAX_NAME_LENGTH - [...suffix].length).join('');
  return `${stem.replace(/[\s.]+$/u, '')}${suffix}`;
}

/** RFC 5987 attr-char: what encodeURIComponent leaves alone, less ' ( ) *. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * `attachment; filename="…"` with an ASCII stand-in, plus RFC 6266/5987 `filename*=UTF-8''…` when the name
 * has other characters, which every current browser prefers.
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${ascii}"`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
