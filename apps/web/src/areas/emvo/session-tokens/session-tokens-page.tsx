import { SESSION_TOKEN_LIST } from '@portal/contracts';
import { SESSION_TOKEN_STATUSES, TECHNICAL_ENVIRONMENTS } from '@portal/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { sessionTokenColumns } from './session-token-columns';
import { useSessionTokenActions, useSessionTokens } from './session-tokens-api';

/** The toolbar's filters (contracts SESSION_TOKEN_LIST): status and environment. */
export const SESSION_TOKEN_FILTERS = ['status', 'environment'] as const;

/**
 * /emvo/session-tokens (domain.md Screens): the companies' token requests, oldest first,
 * on the shared table, filtered by status and environment and searched by company name, number and email;
 * each row issues or cancels its token in the shared modal. All of its state is in the URL.
 */
export function SessionTokensPage() {
  const { t, i18n } = useTranslation();
  const params = useTableParams({
    filters: SESSION_TOKEN_FILTERS,
    defaultOrder: SESSION_TOKEN_LIST.defaultOrder,
  });
  const { data, isFetching } = useSessionTokens(params.query);
  const language = i18n.resolvedLanguage ?? i18n.language;
  const calls = useSessionTokenActions();
  const columns = useMemo(() => sessionTokenColumns(t, language, calls), [t, language, calls]);
  const title = t('emvo.sessionTokens.title');

  return (
    <section>
      <div className="page-header">
        <h1>{title}</h1>
      </div>
      <p>{t('emvo.sessionTokens.intro')}</p>
      <ListToolbar
        params={params}
        filters={[
          {
            field: 'status',
            label: t('emvo.sessionTokens.columns.status'),
            options: SESSION_TOKEN_STATUSES.map((status) => ({
              value: status,
              label: t(`emvo.sessionTokens.statuses.${status}`),
            })),
          },
          {
            field: 'environment',
            label: t('emvo.sessionTokens.columns.environment'),
            options: TECHNICAL_ENVIRONMENTS.map((environment) => ({
              value: environment,
              label: environment,
            })),
          },
        ]}
      />
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
