import { companyPagePath, type MetricsCompanyRow } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { dateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import type { Column } from '../../../table/column';
import styles from './metrics.module.css';

/** A pass rate cell: the percentage, or a dash said in words when the environment has no runs. */
function Rate({ value, t }: { value: number | null; t: TFunction }) {
  if (value === null) {
    return (
      <span className={styles.none} title={t('emvo.metrics.noRuns')}>
        —
      </span>
    );
  }
  return <>{`${value} %`}</>;
}

/**
 * Company, OBP number, stage, last run, pass rate per environment; item 4: the move a
 * reviewer may make now (packages/domain allowedStageMoves, answered by the API with each row).
 */
export function metricsColumns(
  t: TFunction,
  language: string,
  onMove: (row: MetricsCompanyRow, move: MetricsCompanyRow['allowedMoves'][number]) => void,
): Column<MetricsCompanyRow>[] {
  const date = dateFormat(language);
  const rate = (id: string, header: string, field: 'passRateIte' | 'passRateIqe' | 'passRatePrd') => ({
    id,
    header,
    fields: field,
    cell: (row: MetricsCompanyRow) => <Rate value={row[field]} t={t} />,
    width: '5rem',
    align: 'end' as const,
  });
  return [
    {
      id: 'obpNumber',
      header: tk('emvo.metrics.columns.obpNumber'),
      fields: 'obpNumber',
      cell: (row) => row.obpNumber,
      width: '8rem',
    },
    {
      id: 'legalName',
      header: tk('emvo.metrics.columns.company'),
      fields: 'legalName',
      cell: (row) => <Link to={companyPagePath(row.obpNumber)}>{row.legalName}</Link>,
      // Read whole, on two lines if need be, rather than cut (table/README.md: names wrap).
      kind: 'name',
    },
    {
      id: 'stage',
      header: tk('emvo.metrics.columns.stage'),
      fields: 'stage',
      cell: (row) => t(`emvo.metrics.stages.${row.stage}`),
      width: '9rem',
    },
    {
      id: 'lastRunAt',
      header: tk('emvo.metrics.columns.lastRun'),
      fields: 'lastRunAt',
      cell: (row) =>
        row.lastRunAt ? (
          date.date(row.lastRunAt)
        ) : (
          <span className={styles.none}>{t('emvo.metrics.noRuns')}</span>
        ),
      width: '8rem',
    },
    rate('ite', tk('emvo.metrics.columns.ite'), 'passRateIte'),
    rate('iqe', tk('emvo.metrics.columns.iqe'), 'passRateIqe'),
    rate('prd', tk('emvo.metrics.columns.prd'), 'passRatePrd'),
    {
      id: 'actions',
      header: tk('emvo.metrics.columns.actions'),
      cell: (row) =>
        row.allowedMoves.map((move) => (
          <button
            key={move}
            type="button"
            className={styles.rowAction}
            aria-label={t(`emvo.metrics.moves.${move}.named`, { name: row.legalName })}
            onClick={() => onMove(row, move)}
          >
            {t(`emvo.metrics.moves.${move}.action`)}
          </button>
        )),
      width: '12rem',
    },
  ];
}
