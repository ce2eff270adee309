import type { TFunction } from 'i18next';

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

/** A value as text: strings as they are, nothing as an empty mark, a named record by its name, the rest as compact JSON. */
export function diffText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  // A record written whole (an upload's file) reads by its name.
  const name: unknown =
    typeof value === 'object' && !Array.isArray(value) ? Reflect.get(value, 'name') : null;
  if (typeof name === 'string' && name !== '') return name;
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

/**
 * The catalogue's labels of a kind of record's fields where its own screen has them (a gateway's form, the
 * storage list…): the trail names a field as the screen that changes it does.
 */
const ENTITY_FIELD_LABELS: Readonly<Record<string, string>> = {
  gateway: 'admin.gateways.fields',
  tooltip: 'admin.tooltips.fields',
  disclaimerContent: 'admin.disclaimerContents.fields',
  link: 'admin.footerLinks.fields',
  storedFile: 'admin.storage.fields',
  TestRun: 'emvo.testRuns.fields',
};

/** A field's name in words, for one the catalogue does not label: `copyOfProofFileId` → "Copy of proof file id". */
export function fieldWords(field: string): string {
  const spaced = field
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A diff's field as the trail labels it: its record's own label (ENTITY_FIELD_LABELS), else the trail's
 * (`admin.audit.changeFields`, the fields the API's audit rows carry), else its name in words; never the
 * raw name.
 */
export function diffFieldLabel(t: TFunction, entity: string, field: string): string {
  if (field === '') return '';
  const own = ENTITY_FIELD_LABELS[entity];
  const keys = [...(own ? [`${own}.${field}`] : []), `admin.audit.changeFields.${field}`];
  return t(keys, { defaultValue: fieldWords(field) });
}

/**
 * The catalogue's words of a field's codes, by kind of record and field (the words the record's own
 * screens use): a check's type and status, a token's, a user's status and access, a company's stage.
 */
const VALUE_WORDS: Readonly<Record<string, string>> = {
  'check.status': 'emvo.check.statuses',
  'check.type': 'emvo.check.types',
  'sessionToken.status': 'emvo.sessionTokens.statuses',
  'user.status': 'admin.users.statuses',
  'user.access': 'admin.users.accesses',
  'organisation.stage': 'emvo.metrics.stages',
};

/**
 * A value of a diff's line as the trail shows it: yes or no for a flag, a code in the catalogue's words
 * where its record's screens have them (VALUE_WORDS), anything else as diffText wrote it.
 */
export function diffValueWords(t: TFunction, entity: string, field: string, value: string): string {
  if (value === 'true') return t('admin.audit.yes');
  if (value === 'false') return t('admin.audit.no');
  const section = VALUE_WORDS[`${entity}.${field}`];
  return section ? t(`${section}.${value}`, { defaultValue: value }) : value;
}
