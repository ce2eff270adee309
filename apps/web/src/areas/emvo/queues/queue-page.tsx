import type { QueueSlug, ReviewQueueRow } from '@portal/contracts';
import { DEFAULT_LIMIT } from '@portal/list-query';
import { type ReactElement, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import { pagedTableProps } from '../../../table/paged-table-props';
import { rowsPerPage } from '../../../table/sizes';
import { useReviewQueue } from '../reviews-api';
import { queueColumns } from './queue-columns';
import { type QueueParams, useQueueParams } from './queue-params';
import { QueueToolbar } from './queue-toolbar';
import styles from './queues.module.css';
import { useReviewQueueScroll } from './use-review-queue-scroll';
import { useRowKeys } from './use-row-keys';
import { type RowUpdates, useRowUpdates } from './use-row-updates';

/** spec §2: pagination or infinite scroll, never both. The reader picks; the choice stays in the URL. */
export const VIEW_PARAM = 'view';
const VIEWS = ['pages', 'scroll'] as const;
type QueueView = (typeof VIEWS)[number];

/**
 * The scrolling list's box, in px: rows per page = its height ÷ the line height (spec §9). Medium rows (the
 * spec's default): in pages a long name or status wraps onto a second line.
 */
const SCROLL_HEIGHT = 600;
const SIZE = 'medium';

/** Each queue's screen, for the router: the one page below, with its slug. */
export const QUEUE_SCREENS: Readonly<Record<QueueSlug, () => ReactElement>> = {
  legitimacy: () => <QueuePage queue="legitimacy" />,
  contractual: () => <QueuePage queue="contractual" />,
  financial: () => <QueuePage queue="financial" />,
};

/**
 * /emvo/legitimacy, /emvo/contractual, /emvo/financial (domain.md Screens): one page for the three
 * queues, the router gives the slug. Its columns, its filters and the shared table; everything it shows
 * is in the URL (the list language, the queue's flags, the view), so a link opens it as it was.
 */
export function QueuePage({ queue }: { queue: QueueSlug }) {
  const { t, i18n } = useTranslation();
  const viewName = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const view: QueueView = searchParams.get(VIEW_PARAM) === 'scroll' ? 'scroll' : 'pages';
  const params = useQueueParams(view === 'scroll' ? rowsPerPage(SCROLL_HEIGHT, SIZE) : DEFAULT_LIMIT);
  const tableBox = useRef<HTMLDivElement>(null);
  useRowKeys(tableBox);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const columns = useMemo(() => queueColumns(queue, t, language), [queue, t, language]);

  const setView = (next: QueueView) =>
    setSearchParams(
      (current) => {
        const written = new URLSearchParams(current);
        if (next === 'pages') written.delete(VIEW_PARAM);
        else written.set(VIEW_PARAM, next);
        return written;
      },
      { replace: true },
    );

  const title = t(`emvo.queues.titles.${queue}`);
  const table = { queue, params, columns, caption: title };
  return (
    <section className={styles.page}>
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <p className={styles.intro}>{t(`emvo.queues.intros.${queue}`)}</p>
      <QueueToolbar params={params} />
      <fieldset className={styles.view}>
        <legend>{t('emvo.queues.view.label')}</legend>
        {VIEWS.map((option) => (
          <label key={option} className={styles.toggle}>
            <input
              type="radio"
              name={viewName}
              value={option}
              checked={view === option}
              onChange={() => setView(option)}
            />
            {t(`emvo.queues.view.${option}`)}
          </label>
        ))}
      </fieldset>
      <p className={styles.intro}>{t('emvo.queues.keysHint')}</p>
      <div className={styles.table} ref={tableBox}>
        {view === 'scroll' ? (
          <ScrollingQueue {...table} />
        ) : (
          // Ten columns need their room: on a narrow screen the table scrolls sideways in its own box.
          <PagedQueue {...table} />
        )}
      </div>
    </section>
  );
}

interface QueueTableProps {
  queue: QueueSlug;
  params: QueueParams;
  columns: Column<ReviewQueueRow>[];
  caption: string;
}

/** What changed in place, said politely (the region is there before anything is said in it). */
function RowUpdatesAnnouncement({ updates }: { updates: RowUpdates }) {
  return (
    <p role="status" className={styles.visuallyHidden}>
      {updates.announcement}
    </p>
  );
}

function PagedQueue({ queue, params, columns, caption }: QueueTableProps) {
  const { data, isFetching } = useReviewQueue(queue, params.query, params.flags);
  const updates = useRowUpdates(data?.items);
  return (
    <>
      <DataTable<ReviewQueueRow>
        {...pagedTableProps(params.table, data, isFetching)}
        caption={caption}
        columns={columns}
        rowKey={(row) => row.id}
        size={SIZE}
        highlighted={updates.isUpdated}
      />
      <RowUpdatesAnnouncement updates={updates} />
    </>
  );
}

function ScrollingQueue({ queue, params, columns, caption }: QueueTableProps) {
  const list = useReviewQueueScroll(queue, params.query, params.flags);
  const updates = useRowUpdates(list.rows);
  return (
    <>
      <DataTable<ReviewQueueRow>
        mode="infinite"
        size={SIZE}
        height={SCROLL_HEIGHT}
        caption={caption}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => row.id}
        total={list.total}
        totalEstimated={list.totalEstimated}
        loading={list.loading}
        onLoadMore={list.loadMore}
        order={params.table.order}
        onSort={(fields: string | string[]) => params.table.toggleSort(fields)}
        highlighted={updates.isUpdated}
      />
      <RowUpdatesAnnouncement updates={updates} />
    </>
  );
}
