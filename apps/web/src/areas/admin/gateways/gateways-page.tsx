import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { useDateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import { openModal } from '../../../modal/modal-store';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { openGatewayForm } from './gateway-form';
import {
  GATEWAY_ENVIRONMENTS,
  GATEWAY_TYPES,
  type Gateway,
  type GatewayInput,
  useGatewayMutations,
  useGateways,
} from './gateways-api';

/** /admin/gateways (domain.md): list, search, sort, filter, create, edit, deactivate, delete when unused. */
export function GatewaysPage() {
  const { t } = useTranslation();
  const format = useDateFormat();
  const params = useTableParams({ filters: ['type', 'environments', 'certified', 'active'] });
  const { data, isFetching } = useGateways(params.query);

  const { create, update, remove } = useGatewayMutations();
  const save = (input: GatewayInput, gateway: Gateway | undefined) =>
    gateway
      ? update.mutateAsync({ params: { id: gateway.id }, body: { ...input, version: gateway.version } })
      : create.mutateAsync({ body: input });
  // Each save and deletion is said beside the page's buttons, where the admin is.
  const feedback = useActionFeedback();
  const edit = (gateway?: Gateway) => {
    feedback.clear();
    openGatewayForm(t, save, feedback.say, gateway);
  };

  const confirmDelete = (gateway: Gateway) =>
    openModal({
      title: t('admin.gateways.deleteTitle', { name: gateway.name }),
      text: t('admin.gateways.deleteText'),
      primaryButton: {
        name: t('actions.delete'),
        action: () =>
          remove.mutate(
            { params: { id: gateway.id } },
            // The row and its Delete button are gone: the confirmation takes the focus.
            {
              onSuccess: () =>
                feedback.say(t('admin.gateways.deleted', { name: gateway.name }), { focus: true }),
            },
          ),
      },
    });

  const yesNo = (value: boolean) => t(value ? 'lists.yes' : 'lists.no');
  const columns: Column<Gateway>[] = [
    {
      id: 'name',
      header: tk('admin.gateways.fields.name'),
      fields: 'name',
      cell: (row) => row.name,
      width: '22%',
    },
    {
      id: 'type',
      header: tk('admin.gateways.fields.type'),
      fields: 'type',
      cell: (row) => t(`admin.gateways.types.${row.type}`),
    },
    {
      id: 'environments',
      header: tk('admin.gateways.fields.environments'),
      cell: (row) => row.environments.join(', '),
    },
    {
      id: 'certified',
      kind: 'status',
      header: tk('admin.gateways.fields.certified'),
      fields: 'certified',
      cell: (row) => yesNo(row.certified),
    },
    {
      id: 'active',
      kind: 'status',
      header: tk('admin.gateways.fields.active'),
      fields: 'active',
      cell: (row) => yesNo(row.active),
    },
    {
      id: 'updatedAt',
      kind: 'date',
      header: tk('lists.updated'),
      fields: 'updatedAt',
      cell: (row) => format.date(row.updatedAt),
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      width: '13rem',
      cell: (row) => (
        <span className="row-actions">
          <button
            type="button"
            onClick={() => edit(row)}
            aria-label={t('admin.gateways.editNamed', { name: row.name })}
          >
            {t('actions.edit')}
          </button>
          <button
            type="button"
            onClick={() => confirmDelete(row)}
            disabled={row.inUse}
            title={row.inUse ? t('admin.gateways.inUse', { count: row.organisationCount }) : undefined}
            aria-label={t('admin.gateways.deleteNamed', { name: row.name })}
          >
            {t('actions.delete')}
          </button>
        </span>
      ),
    },
  ];

  const yesNoOptions = [
    { value: 'true', label: t('lists.yes') },
    { value: 'false', label: t('lists.no') },
  ];
  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.gateways.title')}</h1>
        <div className="page-actions">
          <ActionFeedback feedback={feedback} />
          <button type="button" className="primary" onClick={() => edit()}>
            {t('admin.gateways.create')}
          </button>
        </div>
      </div>
      <ListToolbar
        params={params}
        filters={[
          {
            field: 'type',
            label: t('admin.gateways.fields.type'),
            options: GATEWAY_TYPES.map((type) => ({ value: type, label: t(`admin.gateways.types.${type}`) })),
          },
          {
            field: 'environments',
            label: t('admin.gateways.fields.environment'),
            options: GATEWAY_ENVIRONMENTS.map((environment) => ({ value: environment, label: environment })),
          },
          { field: 'certified', label: t('admin.gateways.fields.certified'), options: yesNoOptions },
          { field: 'active', label: t('admin.gateways.fields.active'), options: yesNoOptions },
        ]}
      />
      <DataTable<Gateway>
        {...pagedTableProps(params, data, isFetching)}
        caption={t('admin.gateways.title')}
        columns={columns}
        rowKey={(row) => row.id}
        size="small"
      />
    </section>
  );
}
