/** One field of a diff as the screen shows it: a change (before → after) or a value written. */
export type DiffLine =
  | { field: string; kind: 'change'; from: string; to: string }
  | { field: string; kind: 'value'; value: string };

const isChange = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' &&
  value !== null &&
  'from' in value &&
  'to' in value &&
  Object.keys(value).length === 2;

/** A value as text: strings as they are, nothing as an empty mark, the rest as compact JSON. */
export function diffText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/**
 * "each row's diff readable". An audit diff (apps/api db/audit.ts) is an UPDATE's
 * { field: { from, to } }, a CREATE's values, or anything else a writer chose: each top-level field
 * becomes a line, a { from, to } one as before → after.
 */
export function diffLines(diff: unknown): DiffLine[] {
  if (diff === null || diff === undefined) return [];
  if (typeof diff !== 'object' || Array.isArray(diff))
    return [{ field: '', kind: 'value', value: diffText(diff) }];
  return Object.entries(diff).map(([field, value]) =>
    isChange(value)
      ? { field, kind: 'change', from: diffText(value.from), to: diffText(value.to) }
      : { field, kind: 'value', value: diffText(value) },
  );
}
