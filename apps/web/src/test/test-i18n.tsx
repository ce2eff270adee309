import { render } from '@testing-library/react';
import i18next, { type i18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import en from '../../public/assets/i18n/en.json';

/**
 * An i18next instance with the real English translations, ready at once, for component tests: a test that
 * finds "OK" also proves the key exists. The app's own instance (with the HTTP backend) is in i18n/.
 */
export function createTestI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Renders inside a test i18next instance. */
export function renderWithI18n(ui: ReactElement) {
  const instance = createTestI18n();
  return render(ui, {
    wrapper: ({ children }) => <I18nextProvider i18n={instance}>{children}</I18nextProvider>,
  });
}
