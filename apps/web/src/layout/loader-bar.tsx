import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import styles from './layout.module.css';

/**
 * spec §2/§4: the top loader bar shows while any request is in flight and hides when the queue empties.
 * The queue is the query client's (style.md: from query state, not a hand-kept counter), plus the
 * router's own loading of a page.
 */
export function LoaderBar() {
  const { t } = useTranslation();
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const busy = fetching + mutating > 0 || navigation.state !== 'idle';
  if (!busy) return null;
  return <div className={styles.loaderBar} role="progressbar" aria-label={t('layout.loading')} />;
}
