import { useTranslation } from 'react-i18next';
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

export function KeysList() {
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
