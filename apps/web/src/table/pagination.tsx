import { useTranslation } from 'react-i18next';
import styles from './data-table.module.css';
import { estimatedPageItems, pageCount, pageItems } from './pagination-items';
import { TableIcon } from './table-icons';

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  totalEstimated: boolean;
  /** Rows on the current page: with an estimated total, a full page means a next one may exist. */
  rowCount: number;
  onPage: (page: number) => void;
}

/** What the controls show: the page links, whether next is possible, and whether to show anything at all. */
export function paginationState({
  page,
  limit,
  total,
  totalEstimated,
  rowCount,
}: Omit<PaginationProps, 'onPage'>) {
  if (totalEstimated) {
    // The last page is not known: next stays enabled while a full page came back.
    const fullPage = rowCount >= limit;
    const items = fullPage ? estimatedPageItems(page, pageCount(total, limit)) : pageItems(page, page);
    return { items, hasNext: fullPage, hidden: false };
  }
  const count = pageCount(total, limit);
  return { items: pageItems(page, count), hasNext: page < count, hidden: count <= 1 && page <= 1 };
}

/**
 * spec §2 and §9: pagination controls, hidden when there is one page; at most 7 page links; previous and
 * next arrows without visible labels, named Previous and Next. Pages are buttons: the page is not in the
 * URL (spec §2), so there is nothing to link to.
 */
export function Pagination(props: PaginationProps) {
  const { t } = useTranslation();
  const { page, onPage } = props;
  const { items, hasNext, hidden } = paginationState(props);
  if (hidden) return null;
  return (
    <nav className={styles.pagination} aria-label={t('table.pagination')}>
      <button
        type="button"
        className={styles.pageArrow}
        aria-label={t('table.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <TableIcon name="previous" />
      </button>
      <ul className={styles.pages}>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={styles.pageLink}
                aria-label={t('table.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className={styles.pageArrow}
        aria-label={t('table.next')}
        disabled={!hasNext}
        onClick={() => onPage(page + 1)}
      >
        <TableIcon name="next" />
      </button>
    </nav>
  );
}
