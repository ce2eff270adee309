import { INTERNAL_ROLES, USER_LIST, USER_STATUSES } from '@portal/contracts';
import { isFilter, type ListQuery } from '@portal/list-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { userColumns } from './user-columns';
import { openInviteDialog } from './user-dialogs';
import { useUserActions, useUsers } from './users-api';

/** The toolbar's filters (contracts USER_LIST): role and status; the company is typed (see below). */
export const USER_FILTERS = ['roles', 'status', 'companyName'] as const;

/** How long typing in the company filter waits before it filters (spec §9: 200 ms, as the search). */
const COMPANY_DEBOUNCE_MS = 200;

const companyOf = (query: ListQuery): string => {
  const entry = query.where.companyName;
  return isFilter(entry) && typeof entry.value === 'string' ? entry.value : '';
};

/**
 * /admin/users (domain.md Screens, issue 13 item 1): every user on the shared table, filtered by role,
 * status and company and searched by name and email; invite an internal user, and each row's changes in
 * the shared modal. A change takes effect at the user's next sign-in (the roles travel in the token), and
 * the page says so. All of its state is in the URL.
 */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const params = useTableParams({ filters: USER_FILTERS, defaultOrder: USER_LIST.defaultOrder });
  const { data, isFetching } = useUsers(params.query);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const actions = useUserActions();
  const columns = useMemo(() => userColumns(t, language, actions), [t, language, actions]);
  const title = t('admin.users.title');

  const filtered = companyOf(params.query);
  const [company, setCompany] = useState(filtered);
  const { setFilter } = params;
  useEffect(() => {
    if (company === filtered) return;
    const timer = setTimeout(
      () =>
        setFilter('companyName', company.trim() ? { type: 'contains', value: company.trim() } : undefined),
      COMPANY_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [company, filtered, setFilter]);

  return (
    <section>
      <div className="page-header">
        <h1>{title}</h1>
        <button type="button" className="primary" onClick={() => openInviteDialog(t, actions)}>
          {t('admin.users.invite.action')}
        </button>
      </div>
      <p>
        {t('admin.users.intro')} {t('admin.users.nextSignIn')}
      </p>
      <ListToolbar
        params={params}
        filters={[
          {
            field: 'roles',
            label: t('admin.users.columns.roles'),
            options: [...INTERNAL_ROLES, 'EXTERNAL' as const].map((role) => ({
              value: role,
              label: t(`admin.users.roles.${role}`),
            })),
          },
          {
            field: 'status',
            label: t('admin.users.columns.status'),
            options: USER_STATUSES.map((status) => ({
              value: status,
              label: t(`admin.users.statuses.${status}`),
            })),
          },
        ]}
      />
      <div className="field">
        <label htmlFor={`${id}-company`}>{t('admin.users.columns.company')}</label>
        <input
          id={`${id}-company`}
          type="search"
          value={company}
          onChange={(event) => setCompany(event.target.value)}
        />
      </div>
      <DataTable
        {...pagedTableProps(params, data, isFetching)}
        caption={title}
        columns={columns}
        rowKey={(row) => row.id}
        size="medium"
        emptyMessage={t('admin.users.empty')}
      />
    </section>
  );
}
