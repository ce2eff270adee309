import i18next, { type BackendModule, type i18n, type Newable, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fetchBackend } from './fetch-backend';
import { storedLanguageDetector } from './language-detector';

/** spec §1: the only language is en, which is also the default. */
export const SUPPORTED_LANGUAGES: readonly string[] = ['en'];
export const DEFAULT_LANGUAGE = 'en';
/** spec §1: the current language is stored under this local-storage key. */
export const LANGUAGE_STORAGE_KEY = 'currentLanguage';
/** spec §7: translations are fetched from /assets/i18n/{lang}.json. */
export const TRANSLATIONS_PATH = '/assets/i18n/{{lng}}.json';

export interface InitI18nOptions {
  /** The i18next instance to set up; the app uses the global one, tests pass `i18next.createInstance()`. */
  instance?: i18n;
  /** Bundled translations (tests): when given, nothing is fetched. */
  resources?: Resource;
  /** Replaces the HTTP backend (tests). */
  backend?: BackendModule | Newable<BackendModule>;
  /** Replaces SUPPORTED_LANGUAGES (tests prove the detection order with a second language). */
  supportedLanguages?: readonly string[];
}

/**
 * spec §1: the language is the one stored under `currentLanguage`, else the browser's if supported, else en;
 * it is stored back under `currentLanguage`. Resolves once the translations are loaded, so main.tsx can
 * await it before the first render (style.md example 7).
 */
export async function initI18n(options: InitI18nOptions = {}): Promise<i18n> {
  const instance = options.instance ?? i18next;
  instance.use(storedLanguageDetector(LANGUAGE_STORAGE_KEY)).use(initReactI18next);
  if (!options.resources) instance.use(options.backend ?? fetchBackend(TRANSLATIONS_PATH));
  // The HTML lang attribute follows the language: screen readers and the browser's spell checker use it.
  instance.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await instance.init({
    ...(options.resources ? { resources: options.resources } : {}),
    supportedLngs: options.supportedLanguages ?? SUPPORTED_LANGUAGES,
    fallbackLng: DEFAULT_LANGUAGE,
    // 'en-US' counts as supported 'en', and only 'en' is loaded: one file per language.
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // React escapes what it renders.
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** spec §1 and §7: the current language, sent to the API as Accept-Language with every call. */
export function currentLanguage(instance: i18n = i18next): string {
  return instance.resolvedLanguage ?? DEFAULT_LANGUAGE;
}

/**
 * Marks a string literal as a translation key for keys built away from `t(...)` (tables, menus), so the
 * key-coverage test (keys.test.ts) finds it. Returns the key unchanged.
 */
export function tk<Key extends string>(key: Key): Key {
  return key;
}
