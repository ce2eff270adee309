import { METRICS_COMPANY_LIST } from '@portal/contracts';
import { STAGES } from '@portal/domain';
import { lazy, Suspense, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnvironment } from '../../../config/environment-context';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { TestRunsActions } from '../test-runs/test-runs-actions';
import styles from './metrics.module.css';
import {
  METRICS_CSV_NAME,
  metricsCsvHref,
  metricsCsvQuery,
  useMetrics,
  useMetricsCompanies,
  useMetricsCsv,
  useStageMove,
} from './metrics-api';
import { metricsColumns } from './metrics-columns';
import { MetricsFigures } from './metrics-figures';
import { openStageMove } from './stage-move-dialog';

/** The chart library (uPlot) loads with this screen's charts only, never with the app. */
const MetricsCharts = lazy(async () => ({ default: (await import('./metrics-charts')).MetricsCharts }));

/** The per-company table's toolbar filters (contracts METRICS_COMPANY_LIST). */
export const METRICS_FILTERS = ['stage'] as const;

/**
 * /emvo/tests-status-metrics (domain.md Screens): the figures as cards, the charts,
 * then the per-company table on the shared DataTable, with its filters, its CSV export (the table's
 * current query) and the stage moves in the shared modal. The table's state is in the URL.
 */
export function MetricsPage() {
  const { t, i18n } = useTranslation();
  const { apiUrl } = useEnvironment();
  const metrics = useMetrics();
  const params = useTableParams({
    filters: METRICS_FILTERS,
    defaultOrder: METRICS_COMPANY_LIST.defaultOrder,
  });
  const companies = useMetricsCompanies(params.query);
  const download = useMetricsCsv();
  const exportHintId = useId();
  const { mutateAsync: moveStage } = useStageMove();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const columns = useMemo(
    () =>
      metricsColumns(t, language, (row, move) =>
        openStageMove(move, row, t, (body) => moveStage({ params: { id: row.id }, body })),
      ),
    [t, language, moveStage],
  );
  const title = t('emvo.metrics.title');
  const tableTitle = t('emvo.metrics.table.title');
  const csvHref = metricsCsvHref(apiUrl, params.query);

  return (
    <section className={styles.page}>
      <div className="page-header">
        <h1>{title}</h1>
        {/* Add runs by hand or import a CSV; a success reloads every ['metrics'] query. */}
        <TestRunsActions />
      </div>
      <p>{t('emvo.metrics.intro')}</p>
      {metrics.data ? (
        <>
          <MetricsFigures metrics={metrics.data} />
          <Suspense fallback={<p className={styles.chartPlaceholder}>{t('emvo.metrics.charts.loading')}</p>}>
            <MetricsCharts metrics={metrics.data} />
          </Suspense>
        </>
      ) : (
        <p aria-busy={metrics.isFetching}>
          {t(metrics.isError ? 'emvo.metrics.unavailable' : 'emvo.metrics.loading')}
        </p>
      )}
      <div className={styles.tableHeader}>
        <h2>{tableTitle}</h2>
        <div className={styles.export}>
          <a
            href={csvHref}
            download
            aria-describedby={exportHintId}
            onClick={(event) => {
              // The export needs the bearer token, which a plain link does not send.
              event.preventDefault();
              download.mutate({ query: metricsCsvQuery(params.query), name: METRICS_CSV_NAME });
            }}
          >
            {t('emvo.metrics.table.export')}
          </a>
          {/* The export is a report of this table; the import reads test runs, not this file. */}
          <p id={exportHintId} className={styles.exportHint}>
            {t('emvo.metrics.table.exportHint')}
          </p>
        </div>
      </div>
      <ListToolbar
        params={params}
        filters={[
          {
            field: 'stage',
            label: t('emvo.metrics.columns.stage'),
            options: STAGES.map((stage) => ({ value: stage, label: t(`emvo.metrics.stages.${stage}`) })),
          },
        ]}
      />
      <DataTable
        {...pagedTableProps(params, companies.data, companies.isFetching)}
        caption={tableTitle}
        columns={columns}
        rowKey={(row) => row.id}
        size="medium"
      />
    </section>
  );
}
