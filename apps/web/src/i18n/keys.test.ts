import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Key coverage: every translation key the code names exists in en.json (spec §1: the UI is translated).
 * Found: t('key'), t("key"), i18nKey="key", and tk('key'), the marker for keys built away from t().
 * Keys built at run time (t(`errors.back.${code}`)) cannot be seen here: mark them with tk() where they are
 * written, or cover them with a test of their own (the error catalogue has one).
 */

const SRC = join(import.meta.dirname, '..');
const EN_JSON = join(import.meta.dirname, '../../public/assets/i18n/en.json');

const CALL = /(?<![\w$])(?:t|tk)\(\s*(['"`])([^'"`$\s]+)\1/g;
const I18N_KEY = /\bi18nKey\s*=\s*\{?\s*(['"`])([^'"`$\s]+)\1/g;
/** i18next plural forms (JSON v4): t('items', { count }) reads items_one, items_other... */
const PLURAL_SUFFIXES = ['zero', 'one', 'two', 'few', 'many', 'other'];

interface Source {
  file: string;
  text: string;
}

interface KeyUse {
  key: string;
  file: string;
  line: number;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    const isSource =
      /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts');
    return isSource ? [path] : [];
  });
}

function keyUses({ file, text }: Source): KeyUse[] {
  return [...text.matchAll(CALL), ...text.matchAll(I18N_KEY)].flatMap((match) => {
    const key = match[2];
    if (key === undefined) return [];
    const line = text.slice(0, match.index).split('\n').length;
    return [{ key, file, line }];
  });
}

/** The dotted paths of every string in nested JSON. */
function flattenKeys(json: unknown, prefix = ''): string[] {
  if (typeof json !== 'object' || json === null) return prefix ? [prefix] : [];
  return Object.entries(json).flatMap(([name, value]) =>
    flattenKeys(value, prefix ? `${prefix}.${name}` : name),
  );
}

function findMissingKeys(sources: Source[], translations: unknown): KeyUse[] {
  const known = new Set(flattenKeys(translations));
  const exists = (key: string) =>
    known.has(key) || PLURAL_SUFFIXES.some((suffix) => known.has(`${key}_${suffix}`));
  return sources
    .flatMap(keyUses)
    .filter((use) => !exists(use.key))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

function report(missing: KeyUse[]): string {
  return `Keys missing from public/assets/i18n/en.json:\n${missing
    .map((use) => `  ${use.key}  (${use.file}:${use.line})`)
    .join('\n')}`;
}

const translations: unknown = JSON.parse(readFileSync(EN_JSON, 'utf8'));
const sources: Source[] = sourceFiles(SRC).map((path) => ({
  file: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

describe('translation keys (spec §1)', () => {
  it('every key used in apps/web/src exists in en.json', () => {
    const missing = findMissingKeys(sources, translations);
    expect(missing, report(missing)).toEqual([]);
  });

  it('the scan reaches the code: it finds the keys the error handler marks', () => {
    const found = sources.flatMap(keyUses).map((use) => use.key);
    expect(found).toContain('errors.debug');
  });

  it('fails, listing each one, when keys are missing (synthetic source)', () => {
    const synthetic: Source = {
      file: 'synthetic.tsx',
      text: [
        "const title = t('errors.notFound');",
        'const double = t("nope.doubleQuoted");',
        '<Trans i18nKey="nope.trans" /> <Trans i18nKey={\'nope.braced\'} />',
        "const marked = tk('nope.marked');",
        "const items = t('home.awaiting', { count });",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text holds a template literal.
        "const built = t(`errors.back.${code}`); split('not.a.key'); it('is not a key');",
      ].join('\n'),
    };
    const catalogue = { errors: { notFound: 'Not found' }, home: { awaiting_one: '1', awaiting_other: 'n' } };
    const missing = findMissingKeys([synthetic], catalogue);
    expect(missing).toEqual([
      { key: 'nope.doubleQuoted', file: 'synthetic.tsx', line: 2 },
      { key: 'nope.trans', file: 'synthetic.tsx', line: 3 },
      { key: 'nope.braced', file: 'synthetic.tsx', line: 3 },
      { key: 'nope.marked', file: 'synthetic.tsx', line: 4 },
    ]);
    expect(report(missing)).toContain('nope.marked  (synthetic.tsx:4)');
  });

  it('reads nested JSON as dotted paths', () => {
    expect(flattenKeys({ errors: { back: { FORBIDDEN: 'x' } }, top: 'y' })).toEqual([
      'errors.back.FORBIDDEN',
      'top',
    ]);
  });
});
