import type { Metrics } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { localeOf } from '../../../i18n/number-format';
import styles from './metrics.module.css';

/** The figures as cards, each a term and its value (a description list). */
export function MetricsFigures({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(localeOf(i18n.resolvedLanguage ?? i18n.language), {
    maximumFractionDigits: 1,
  });
  const companies = metrics.companiesPerStage.reduce((sum, entry) => sum + entry.count, 0);
  const inTests = metrics.companiesPerStage
    .filter((entry) => entry.stage === 'TECHNICAL_IQE' || entry.stage === 'TECHNICAL_PRD')
    .reduce((sum, entry) => sum + entry.count, 0);
  const lastWeek = [...metrics.iqePassRate].reverse().find((week) => week.rate !== null);
  const cards = [
    {
      id: 'companies',
      value: number.format(companies),
      hint: t('emvo.metrics.figures.companiesHint', { count: inTests }),
    },
    {
      id: 'passRate',
      value: lastWeek?.rate == null ? '—' : `${number.format(lastWeek.rate)} %`,
      hint: lastWeek
        ? t('emvo.metrics.figures.passRateHint', { runs: lastWeek.runs })
        : t('emvo.metrics.noRuns'),
    },
    {
      id: 'openTokenRequests',
      value: number.format(metrics.openTokenRequests),
      hint: t('emvo.metrics.figures.openTokenRequestsHint'),
    },
    {
      id: 'medianDays',
      value: metrics.medianDaysToProduction === null ? '—' : number.format(metrics.medianDaysToProduction),
      hint: t('emvo.metrics.figures.medianDaysHint', { count: metrics.productionMoves }),
    },
  ] as const;
  return (
    <dl className={styles.figures}>
      {cards.map((card) => (
        <div key={card.id} className={styles.card}>
          <dt>{t(`emvo.metrics.figures.${card.id}`)}</dt>
          <dd className={styles.value}>{card.value}</dd>
          <dd className={styles.hint}>{card.hint}</dd>
        </div>
      ))}
    </dl>
  );
}
