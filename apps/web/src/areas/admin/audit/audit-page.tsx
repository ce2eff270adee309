import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import styles from '../storage/admin-lists.module.css';
import { TextFilter } from '../storage/text-filter';
import { type AuditRow, useAuditRows } from './audit-api';
import { AuditDateRange } from './audit-date-range';
import { AuditDiffView } from './audit-diff-view';

/**
 * /admin/audit (issue 13 item 4; a hidden menu entry linked from the landing page): the AuditLog on the
 * shared table, newest first, filters by actor, entity, action and date range, each diff readable.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const params = useTableParams({ filters: ['actor', 'entity', 'action', 'at'] });
  const { data, isFetching } = useAuditRows(params.query);
  const format = useDateFormat();

  const columns: Column<AuditRow>[] = [
    {
      id: 'at',
      header: tk('admin.audit.fields.at'),
      fields: 'at',
      cell: (row) => format.dateTime(row.at),
    },
    {
      id: 'actor',
      header: tk('admin.audit.fields.actor'),
      fields: 'actor',
      // The client address the change came from (issue 21), under who made it; none for background work.
      cell: (row) =>
        row.address ? (
          <>
            {row.actor}
            <br />
            <small>{row.address}</small>
          </>
        ) : (
          row.actor
        ),
    },
    { id: 'action', header: tk('admin.audit.fields.action'), fields: 'action', cell: (row) => row.action },
    { id: 'entity', header: tk('admin.audit.fields.entity'), fields: 'entity', cell: (row) => row.entity },
    {
      id: 'entityId',
      header: tk('admin.audit.fields.entityId'),
      fields: 'entityId',
      cell: (row) => row.entityId,
    },
    {
      id: 'diff',
      header: tk('admin.audit.fields.diff'),
      cell: (row) => <AuditDiffView diff={row.diff} />,
      width: '35%',
    },
  ];

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.audit.title')}</h1>
      </div>
      <ListToolbar params={params} filters={[]} />
      <div className={styles.filters}>
        <TextFilter params={params} field="actor" label={t('admin.audit.fields.actor')} />
        <TextFilter params={params} field="entity" label={t('admin.audit.fields.entity')} type="equal" />
        <TextFilter params={params} field="action" label={t('admin.audit.fields.action')} type="equal" />
        <AuditDateRange params={params} />
      </div>
      <DataTable<AuditRow>
        {...pagedTableProps(params, data, isFetching)}
        caption={t('admin.audit.title')}
        columns={columns}
        rowKey={(row) => row.id}
        size="small"
      />
    </section>
  );
}
