import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal } from '../modal/modal-store';
import { isShortcutPress } from '../modal/shortcut-press';
import styles from './layout.module.css';

/** The keys the reviewers' screens answer to, each with where it works (layout.keys in the catalogue). */
const KEYS = [
  { keys: ['/'], what: 'search' },
  { keys: ['↓', 'j'], what: 'nextRow' },
  { keys: ['↑', 'k'], what: 'previousRow' },
  { keys: ['Enter'], what: 'open' },
  { keys: ['Esc'], what: 'close' },
  { keys: ['?'], what: 'help' },
] as const;

function KeysList() {
  const { t } = useTranslation();
  return (
    <dl className={styles.keys}>
      {KEYS.map(({ keys, what }) => (
        <div key={what}>
          <dt>
            {keys.map((key, index) => (
              <span key={key}>
                {index > 0 && ` ${t('layout.keys.or')} `}
                <kbd>{key}</kbd>
              </span>
            ))}
          </dt>
          <dd>{t(`layout.keys.${what}`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Opens the list of keys in the shared modal. */
export const openKeyboardHelp = () =>
  openModal({ title: 'layout.keys.title', component: <KeysList />, secondaryButton: { hide: true } });

/** `?` (not while typing) lists the keys: mounted once, with the search, for reviewers and administrators. */
export function useKeyboardHelp() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || !isShortcutPress(event)) return;
      event.preventDefault();
      openKeyboardHelp();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}
