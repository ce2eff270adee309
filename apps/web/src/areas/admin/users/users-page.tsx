import { INTERNAL_ROLES, USER_LIST, USER_STATUSES } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../auth/auth-context';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { useCompanyItems } from '../storage/company-items';
import { SelectFilter } from '../storage/select-filter';
import { userColumns } from './user-columns';
import { openInviteDialog } from './user-dialogs';
import { useUserActions, useUsers } from './users-api';

/** The toolbar's filters (contracts USER_LIST): role and status; the company is the searchable select's. */
export const USER_FILTERS = ['roles', 'status', 'companyName'] as const;

/**
 * /admin/users (domain.md Screens): every user on the shared table, filtered by role,
 * status and company and searched by name and email; invite an internal user, and each row's changes in
 * the shared modal. A change takes effect at the user's next sign-in (the roles travel in the token), and
 * the page says so. All of its state is in the URL.
 */
export function UsersPage() {
  const { t, i18n } = useTranslation();
  const params = useTableParams({ filters: USER_FILTERS, defaultOrder: USER_LIST.defaultOrder });
  const { data, isFetching } = useUsers(params.query);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const actions = useUserActions();
  const ownEmail = useSessionUser()?.username;
  const feedback = useActionFeedback();
  const { say } = feedback;
  const columns = useMemo(
    () => userColumns(t, language, actions, say, ownEmail),
    [t, language, actions, say, ownEmail],
  );
  const title = t('admin.users.title');

  const companies = useCompanyItems((company) => company.legalName);

  return (
    <section>
      <div className="page-header">
        <h1>{title}</h1>
        <div className="page-actions">
          <ActionFeedback feedback={feedback} />
          <button type="button" className="primary" onClick={() => openInviteDialog(t, actions, say)}>
            {t('admin.users.invite.action')}
          </button>
        </div>
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
      >
        <SelectFilter
          params={params}
          field="companyName"
          label={t('admin.users.columns.company')}
          items={companies.items}
          loading={companies.loading}
          search={companies.search}
          placeholder={t('lists.all')}
        />
      </ListToolbar>
      <DataTable
        {...pagedTableProps(params, data, isFetching)}
        caption={title}
        columns={columns}
        rowKey={(row) => row.id}
        size="medium"
      />
    </section>
  );
}
