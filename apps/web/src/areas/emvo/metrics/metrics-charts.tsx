import type { Metrics } from '@portal/contracts';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/number-format';
import styles from './metrics.module.css';
import { UPlotChart } from './uplot-chart';

interface ChartFigureProps {
  title: string;
  /** The accessible table's two column headers. */
  columns: [string, string];
  rows: ReadonlyArray<[string, string]>;
  children: ReactNode;
}

/**
 * A chart with its title, and the same numbers as a table for screen readers (accessible
 * charts). The canvas is hidden from them; the table from sight.
 */
function ChartFigure({ title, columns, rows, children }: ChartFigureProps) {
  return (
    <figure className={styles.chart}>
      <figcaption className={styles.chartTitle}>{title}</figcaption>
      {children}
      <table className={styles.visuallyHidden}>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{columns[0]}</th>
            <th scope="col">{columns[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/**
 * The metrics screen's charts: companies per stage (bars) and the IQE pass rate per week (a line). This
 * module and uPlot load lazily, with this screen only (metrics-page.tsx).
 */
export function MetricsCharts({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation();
  const locale = localeOf(i18n.resolvedLanguage ?? i18n.language);
  const week = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const stages = metrics.companiesPerStage;
  const stageLabels = useMemo(
    () => stages.map((entry) => t(`emvo.metrics.stages.${entry.stage}`)),
    [stages, t],
  );
  const stageSeries = useMemo(
    () => ({
      label: t('emvo.metrics.charts.companies'),
      values: stages.map((entry) => entry.count),
      kind: 'bars' as const,
    }),
    [stages, t],
  );
  const weeks = metrics.iqePassRate;
  const weekKey = weeks.map((entry) => entry.weekStart).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the weeks are compared by their dates.
  const weekLabels = useMemo(
    () => weeks.map((entry) => week.format(new Date(entry.weekStart))),
    [weekKey, locale],
  );
  const rateSeries = useMemo(
    () => ({
      label: t('emvo.metrics.charts.passRate'),
      values: weeks.map((entry) => entry.rate),
      kind: 'line' as const,
    }),
    [weeks, t],
  );
  const percent = (rate: number | null, runs: number) =>
    rate === null ? t('emvo.metrics.charts.noRuns') : t('emvo.metrics.charts.rateOfRuns', { rate, runs });

  return (
    <div className={styles.charts}>
      <ChartFigure
        title={t('emvo.metrics.charts.stagesTitle')}
        columns={[t('emvo.metrics.charts.stage'), t('emvo.metrics.charts.companies')]}
        rows={stages.map((entry, index) => [stageLabels[index] ?? entry.stage, String(entry.count)])}
      >
        <UPlotChart labels={stageLabels} series={stageSeries} />
      </ChartFigure>
      <ChartFigure
        title={t('emvo.metrics.charts.passRateTitle', { weeks: weeks.length })}
        columns={[t('emvo.metrics.charts.week'), t('emvo.metrics.charts.passRate')]}
        rows={weeks.map((entry, index) => [
          weekLabels[index] ?? entry.weekStart,
          percent(entry.rate, entry.runs),
        ])}
      >
        <UPlotChart labels={weekLabels} series={rateSeries} range={[0, 100]} />
      </ChartFigure>
    </div>
  );
}
