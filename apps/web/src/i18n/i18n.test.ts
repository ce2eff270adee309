import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLanguage, initI18n, LANGUAGE_STORAGE_KEY, tk } from './i18n';

const resources = {
  en: { translation: { greeting: 'Hello' } },
  fr: { translation: { greeting: 'Bonjour' } },
};

function browserLanguages(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/** A backend that answers from memory and records which files were asked for. */
function fakeBackend() {
  const requested: string[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init: () => {},
    read: (language: string, _namespace: string, callback: ReadCallback) => {
      requested.push(language);
      // Asynchronous, like the network: initI18n must still wait for it.
      setTimeout(() => callback(null, { greeting: `Hello from ${language}.json` }), 5);
    },
  };
  return { backend, requested };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the language (spec §1)', () => {
  // Two languages here (the product has only en) so that the order of the rules shows.
  const choices: Array<{ rule: string; stored?: string; browser: string[]; expected: string }> = [
    {
      rule: 'the language stored under currentLanguage wins',
      stored: 'fr',
      browser: ['en-US'],
      expected: 'fr',
    },
    { rule: 'else the browser language, if supported', browser: ['fr-FR', 'en'], expected: 'fr' },
    { rule: 'else en', browser: ['de-DE'], expected: 'en' },
    { rule: 'an unsupported stored language is passed over', stored: 'de', browser: ['fr'], expected: 'fr' },
    {
      rule: 'an unsupported stored and browser language fall back to en',
      stored: 'de',
      browser: ['es'],
      expected: 'en',
    },
  ];

  it.each(choices)('$rule', async ({ stored, browser, expected }) => {
    if (stored) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    browserLanguages(...browser);
    const instance = await initI18n({
      instance: i18next.createInstance(),
      resources,
      supportedLanguages: ['en', 'fr'],
    });
    expect(currentLanguage(instance)).toBe(expected);
  });

  it('with the product settings (en only), any stored or browser language resolves to en', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    browserLanguages('fr-FR', 'de');
    const instance = await initI18n({ instance: i18next.createInstance(), resources });
    expect(currentLanguage(instance)).toBe('en');
    expect(instance.t('greeting')).toBe('Hello');
  });

  it('reads en-US as en, and stores the current language under currentLanguage', async () => {
    browserLanguages('en-US');
    const instance = await initI18n({ instance: i18next.createInstance(), resources });
    expect(currentLanguage(instance)).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('resolves once the translations are loaded, loading only the language file', async () => {
    browserLanguages('en-GB');
    const { backend, requested } = fakeBackend();
    const instance = await initI18n({ instance: i18next.createInstance(), backend });
    expect(instance.t('greeting')).toBe('Hello from en.json');
    expect(requested).toEqual(['en']);
  });

  it('fetches the translations from /assets/i18n/{lang}.json (spec §7)', async () => {
    browserLanguages('en-US');
    const fetch = vi.fn(async (_url: RequestInfo | URL) => Response.json({ greeting: 'Hi' }));
    vi.stubGlobal('fetch', fetch);
    const instance = await initI18n({ instance: i18next.createInstance() });
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/assets/i18n/en.json']);
    expect(instance.t('greeting')).toBe('Hi');
  });

  it('does not escape interpolated values: React does', async () => {
    const instance = await initI18n({
      instance: i18next.createInstance(),
      resources: { en: { translation: { quote: 'Said {{text}}' } } },
    });
    expect(instance.t('quote', { text: '<b>&</b>' })).toBe('Said <b>&</b>');
  });

  it('currentLanguage is en before any language is resolved', () => {
    expect(currentLanguage(i18next.createInstance())).toBe('en');
  });
});

describe('tk, the key marker', () => {
  it('returns the key unchanged', () => {
    expect(tk('errors.notFound')).toBe('errors.notFound');
  });
});
