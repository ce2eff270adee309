import { AUDIT_ACTIONS, AUDIT_ENTITIES, type UserRow, usersApi } from '@portal/contracts';
import { createListQuery, SEARCH_KEY } from '@portal/list-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../http/api-call';
import { useHttp } from '../../../http/http-context';
import { useDateFormat } from '../../../i18n/date-format';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { useCompanyItems } from '../storage/company-items';
import { type FilterItem, SelectFilter } from '../storage/select-filter';
import { useUsers } from '../users/users-api';
import { type AuditRow, useAuditRows } from './audit-api';
import { actionText, auditColumns, entityText } from './audit-columns';
import { AuditDateRange } from './audit-date-range';

/** The people offered by the Who filter: every user, by name (the API's page maximum). */
const WHO_QUERY = createListQuery({ limit: 100, order: ['name'] });

/**
 * /admin/audit (an entry of the administrators' menu, and linked from the landing page): the AuditLog on the
 * shared table, newest first, filters by actor, entity, action and date range, each diff readable.
 */
export function AuditPage() {
  const { t } = useTranslation();
  const params = useTableParams({ filters: ['actor', 'organisationId', 'entity', 'action', 'at'] });
  const { data, isFetching } = useAuditRows(params.query);
  const format = useDateFormat();

  const columns = useMemo(() => auditColumns(t, format), [t, format]);
  const http = useHttp();
  const users = useUsers(WHO_QUERY);
  const personOf = (user: UserRow): FilterItem => ({ id: user.email, name: `${user.name} (${user.email})` });
  const who = (users.data?.items ?? []).map(personOf);
  // Typing finds anyone on the API (name or email), not only the first page's people.
  const searchWho = async (text: string) => {
    const list = createListQuery({ limit: 100, order: ['name'], whereMulti: { [SEARCH_KEY]: text } });
    return (await callApi(http, usersApi.list, { query: { list } })).items.map(personOf);
  };
  // A company's rows through the trail's own index (organisationId), at any size.
  const companies = useCompanyItems((company) => company.id);
  const entities = AUDIT_ENTITIES.map((entity) => ({ id: entity, name: entityText(t, entity) }));
  const actions = AUDIT_ACTIONS.map((action) => ({ id: action, name: actionText(t, action) }));

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.audit.title')}</h1>
      </div>
      <ListToolbar params={params} filters={[]}>
        <SelectFilter
          params={params}
          field="actor"
          label={t('admin.audit.fields.actor')}
          items={who}
          loading={users.isFetching}
          search={searchWho}
          placeholder={t('admin.audit.allWho')}
        />
        <SelectFilter
          params={params}
          field="organisationId"
          label={t('admin.audit.company')}
          items={companies.items}
          loading={companies.loading}
          search={companies.search}
          placeholder={t('admin.audit.allCompanies')}
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
      </ListToolbar>
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
