import { type AuditRow, auditActivityOf, companyPagePath } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { ActivitySentence } from '../../../activity/activity-sentence';
import type { DateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import type { Column } from '../../../table/column';
import styles from '../storage/admin-lists.module.css';
import { diffLines } from './audit-diff';
import { AuditDiffView } from './audit-diff-view';

/** An action in words (the catalogue's), an unknown code as it is. */
export const actionText = (t: TFunction, action: string) =>
  t(`admin.audit.actions.${action}`, { defaultValue: action });

/** A kind of record in words, an unknown one as it is. */
export const entityText = (t: TFunction, entity: string) =>
  t(`admin.audit.entities.${entity}`, { defaultValue: entity });

/**
 * /admin/audit's columns: when; who by name (their address and the client address under it); what
 * happened, in the words of the one renderer, linked to its record; its company by name (linked to its
 * page) and OBP number; the changes folded, "Show the changes (3)" opening them.
 */
export function auditColumns(t: TFunction, format: DateFormat): Column<AuditRow>[] {
  return [
    {
      id: 'at',
      kind: 'dateTime',
      header: tk('admin.audit.fields.at'),
      fields: 'at',
      cell: (row) => format.dateTime(row.at),
    },
    {
      id: 'actor',
      header: tk('admin.audit.fields.actor'),
      fields: 'actor',
      // Who, by name, wraps rather than being cut; the narrower width keeps the six columns in 1366 px.
      kind: 'name',
      width: '9rem',
      cell: (row) => (
        <>
          {row.actorName ?? row.actor}
          {row.actorName && (
            <>
              <br />
              <small>{row.actor}</small>
            </>
          )}
          {row.address && (
            <>
              <br />
              <small>{row.address}</small>
            </>
          )}
        </>
      ),
    },
    {
      id: 'action',
      header: tk('admin.audit.fields.what'),
      fields: 'action',
      // What happened in words, as the company page and a check's timeline say it (one renderer).
      kind: 'name',
      width: '22rem',
      cell: (row) => <ActivitySentence event={auditActivityOf(row)} />,
    },
    {
      id: 'company',
      header: tk('admin.audit.company'),
      fields: 'companyName',
      // The company's name on two lines rather than cut (table/README.md: names wrap).
      kind: 'name',
      cell: (row) =>
        row.companyName && row.obpNumber ? (
          <>
            <Link to={companyPagePath(row.obpNumber)}>{row.companyName}</Link>
            <br />
            <small>{row.obpNumber}</small>
          </>
        ) : (
          '—'
        ),
    },
    {
      id: 'diff',
      header: tk('admin.audit.fields.diff'),
      wrap: true,
      width: '14rem',
      cell: (row) => <FoldedDiff diff={row.diff} entity={row.entity} t={t} />,
    },
  ];
}

/** A row's changes, closed until asked for: one row stays one row. */
function FoldedDiff({ diff, entity, t }: { diff: unknown; entity: string; t: TFunction }) {
  const count = diffLines(diff).length;
  if (count === 0) return <span>{t('admin.audit.noDiff')}</span>;
  return (
    <details className={styles.changes}>
      <summary>{t('admin.audit.showChanges', { count })}</summary>
      <AuditDiffView diff={diff} entity={entity} />
    </details>
  );
}
