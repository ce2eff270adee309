import type { MissingItem } from '@portal/domain';
import type { MouseEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { missingLabel, missingTarget } from './missing-items';
import styles from './onboarding.module.css';

/** Moves to a missing item's field: focus (the link's own jump would only scroll) and into view. */
function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'center' });
}

/**
 * What a submission still lacks, at the top of the step (the API's 400 MISSING list, or the same list
 * computed with the domain's rule first): one link per item, to its field. It takes the focus when shown.
 */
export function MissingSummary({ items, ref }: { items: readonly MissingItem[]; ref: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby="missing-summary-title"
      className={styles.summary}
    >
      <h3 id="missing-summary-title" className={styles.panelTitle}>
        {t('external.onboarding.missing.title', { count: items.length })}
      </h3>
      <p>{t('external.onboarding.missing.intro')}</p>
      <ul className={styles.summaryList}>
        {items.map((item) => (
          <li key={item.field}>
            <a
              href={`#${missingTarget(item.field)}`}
              onClick={(event) => focusField(event, missingTarget(item.field))}
            >
              {missingLabel(item, t)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
