import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { tk } from '../../../i18n/i18n';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { openTooltipForm } from './tooltip-form';
import { type Tooltip, useSaveTooltip, useTooltipList } from './tooltips-api';

/** /admin/tooltips (domain.md): the texts of the tooltip icons beside form labels. */
export function TooltipsPage() {
  const { t } = useTranslation();
  const params = useTableParams({ filters: ['active'] });
  const { data, isFetching } = useTooltipList(params.query);
  const save = useSaveTooltip();
  const feedback = useActionFeedback();
  const edit = (tooltip?: Tooltip) => {
    feedback.clear();
    openTooltipForm(t, save, feedback.say, tooltip);
  };
  const columns: Column<Tooltip>[] = [
    {
      id: 'key',
      header: tk('admin.tooltips.fields.key'),
      fields: 'key',
      cell: (row) => <code>{row.key}</code>,
      width: '28%',
    },
    {
      id: 'screen',
      header: tk('admin.tooltips.fields.screen'),
      fields: 'screen',
      cell: (row) => row.screen,
      width: '10rem',
    },
    { id: 'text', wrap: true, header: tk('admin.tooltips.fields.text'), cell: (row) => row.text },
    {
      id: 'active',
      kind: 'status',
      header: tk('admin.tooltips.fields.active'),
      fields: 'active',
      cell: (row) => t(row.active ? 'lists.yes' : 'lists.no'),
      width: '6rem',
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      width: '7rem',
      cell: (row) => (
        <button
          type="button"
          onClick={() => edit(row)}
          aria-label={t('admin.tooltips.editNamed', { key: row.key })}
        >
          {t('actions.edit')}
        </button>
      ),
    },
  ];
  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.tooltips.title')}</h1>
        <div className="page-actions">
          <ActionFeedback feedback={feedback} />
          <button type="button" className="primary" onClick={() => edit()}>
            {t('admin.tooltips.create')}
          </button>
        </div>
      </div>
      <ListToolbar
        params={params}
        filters={[
          {
            field: 'active',
            label: t('admin.tooltips.fields.active'),
            options: [
              { value: 'true', label: t('lists.yes') },
              { value: 'false', label: t('lists.no') },
            ],
          },
        ]}
      />
      <DataTable<Tooltip>
        {...pagedTableProps(params, data, isFetching)}
        caption={t('admin.tooltips.title')}
        columns={columns}
        rowKey={(row) => row.id}
        size="small"
      />
    </section>
  );
}
