import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '@portal/contracts';
import { createListQuery } from '@portal/list-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../i18n/date-format';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import styles from '../storage/admin-lists.module.css';
import { SelectFilter } from '../storage/select-filter';
import { useUsers } from '../users/users-api';
import { type AuditRow, useAuditRows } from './audit-api';
import { actionText, auditColumns, entityText } from './audit-columns';
import { AuditDateRange } from './audit-date-range';

/** The people offered by the Who filter: every user, by name (the API's page maximum). */
const WHO_QUERY = createListQuery({ limit: 100, order: ['name'] });

/**
 * /admin/audit (issue 13 item 4; a hidden menu entry linked from the landing page): the AuditLog on the
 * shared table, newest first, filters by actor, entity, action and date range, each diff readable.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const params = useTableParams({ filters: ['actor', 'entity', 'action', 'at'] });
  const { data, isFetching } = useAuditRows(params.query);
  const format = useDateFormat();

  const columns = useMemo(() => auditColumns(t, format), [t, format]);
  const users = useUsers(WHO_QUERY);
  const who = (users.data?.items ?? []).map((user) => ({
    id: user.email,
    name: `${user.name} (${user.email})`,
  }));
  const entities = AUDIT_ENTITIES.map((entity) => ({ id: entity, name: entityText(t, entity) }));
  const actions = AUDIT_ACTIONS.map((action) => ({ id: action, name: actionText(t, action) }));

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.audit.title')}</h1>
      </div>
      <ListToolbar params={params} filters={[]} />
      <p className={styles.hint}>{t('admin.audit.companyHint')}</p>
      <div className={styles.filters}>
        <SelectFilter
          params={params}
          field="actor"
          label={t('admin.audit.fields.actor')}
          items={who}
          loading={users.isFetching}
          placeholder={t('admin.audit.allWho')}
        />
        <SelectFilter
          params={params}
          field="entity"
          label={t('admin.audit.fields.entity')}
          items={entities}
          placeholder={t('admin.audit.allEntities')}
        />
        <SelectFilter
          params={params}
          field="action"
          label={t('admin.audit.fields.action')}
          items={actions}
          placeholder={t('admin.audit.allActions')}
        />
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
