import type { LanguageDetectorModule } from 'i18next';

/**
 * spec §1: the language stored under `storageKey` first, then the browser's languages, each as its plain
 * language ('en-US' → 'en', the code the translation files are named by); i18next takes the first it
 * supports, else its fallback (en), and the detector stores the chosen one back under `storageKey`.
 * Hand-written for the few lines it takes (i18next-browser-languagedetector weighed 2.3 kB gzip of the
 * first page).
 */
export function storedLanguageDetector(storageKey: string): LanguageDetectorModule {
  return {
    type: 'languageDetector',
    detect: () => {
      const stored = readStored(storageKey);
      const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
      return [...(stored ? [stored] : []), ...browser]
        .filter((language): language is string => Boolean(language))
        .map((language) => language.split('-')[0] ?? language);
    },
    cacheUserLanguage: (language) => {
      try {
        localStorage.setItem(storageKey, language);
      } catch {
        // Storage refused (a private window's quota, say): the language is detected again next time.
      }
    },
  };
}

function readStored(storageKey: string): string | null {
  try {
    return localStorage.getItem(storageKey);
  } catch {
    return null;
  }
}
