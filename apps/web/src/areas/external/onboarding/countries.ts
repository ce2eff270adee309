import { EEA_COUNTRIES } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListItem } from '../../../ui/items';

/**
 * The EEA countries (packages/domain) as select items: the code as value, the name in the UI's language
 * (the browser's own country names), sorted by that name.
 */
export function eeaCountryItems(language: string): ListItem[] {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = undefined;
  }
  return EEA_COUNTRIES.map(({ code, name }) => ({ id: code, name: names?.of(code) ?? name })).sort((a, b) =>
    a.name.localeCompare(b.name, language),
  );
}

/** The EEA country items in the UI's language. */
export function useEeaCountries(): ListItem[] {
  const { i18n } = useTranslation();
  return useMemo(() => eeaCountryItems(i18n.language), [i18n.language]);
}
