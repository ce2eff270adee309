import { companyPagePath, FILE_PURPOSES } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { useFileDownloads } from '../../../http/stored-file-download';
import { useDateFormat } from '../../../i18n/date-format';
import { formatFileSize } from '../../../i18n/file-size';
import { tk } from '../../../i18n/i18n';
import { openModal } from '../../../modal/modal-store';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import { ListToolbar } from '../../../table/list-toolbar';
import { pagedTableProps } from '../../../table/paged-table-props';
import { useTableParams } from '../../../table/use-table-params';
import { StoredFileLink } from '../../../ui/stored-file-link';
import { useCompanyItems } from './company-items';
import { SelectFilter } from './select-filter';
import { type StoredFileRow, useStorageMutations, useStoredFiles, useUpload } from './storage-api';
import { StorageUsageTotals } from './storage-usage-totals';
import { openUploadForm } from './upload-form';

/**
 * /admin/storage (domain.md): the stored files by container and company, with size, type,
 * sha256, uploader, date and reference count; upload, download, delete when nothing references the file
 * (the API answers 409 FILE_IN_USE otherwise, which the error catalogue shows); usage per container.
 */
export function StoragePage() {
  const { t, i18n } = useTranslation();
  const format = useDateFormat();
  const params = useTableParams({ filters: ['purpose', 'organisationId', 'organisationName'] });
  const { data, isFetching } = useStoredFiles(params.query);
  const companies = useCompanyItems((company) => company.id);
  const { remove } = useStorageMutations();
  const downloads = useFileDownloads();

  const uploadFile = useUpload();
  // Each upload and deletion is said beside the page's buttons, where the admin is.
  const feedback = useActionFeedback();
  const upload = () => {
    feedback.clear();
    openUploadForm(t, uploadFile, feedback.say);
  };

  const confirmDelete = (file: StoredFileRow) =>
    openModal({
      title: t('admin.storage.deleteTitle', { name: file.name }),
      text: t('admin.storage.deleteText'),
      primaryButton: {
        name: t('actions.delete'),
        action: () =>
          remove.mutate(
            { params: { id: file.id }, query: { version: file.version } },
            // Every delete confirms where the admin is.
            {
              onSuccess: () => feedback.say(t('admin.storage.deleted', { name: file.name }), { focus: true }),
            },
          ),
      },
    });

  const columns: Column<StoredFileRow>[] = [
    {
      id: 'name',
      header: tk('admin.storage.fields.name'),
      fields: 'name',
      cell: (row) => <StoredFileLink file={row} downloads={downloads} />,
      width: '20%',
    },
    {
      id: 'purpose',
      header: tk('admin.storage.fields.purpose'),
      fields: 'purpose',
      cell: (row) => t(`admin.storage.purposes.${row.purpose}`),
    },
    {
      id: 'organisationName',
      header: tk('admin.storage.fields.company'),
      fields: 'organisationName',
      cell: (row) =>
        row.organisationName && row.obpNumber ? (
          <Link to={companyPagePath(row.obpNumber)}>{row.organisationName}</Link>
        ) : (
          (row.organisationName ?? t('admin.storage.portal'))
        ),
    },
    {
      id: 'size',
      kind: 'number',
      header: tk('admin.storage.fields.size'),
      fields: 'size',
      cell: (row) => formatFileSize(row.size, i18n.language),
    },
    { id: 'mime', header: tk('admin.storage.fields.mime'), fields: 'mime', cell: (row) => row.mime },
    {
      id: 'sha256',
      header: tk('admin.storage.fields.sha256'),
      // The whole hash is in the title; twelve characters tell files apart on screen.
      cell: (row) => <code title={row.sha256}>{row.sha256.slice(0, 12)}…</code>,
    },
    {
      id: 'uploadedBy',
      header: tk('admin.storage.fields.uploadedBy'),
      fields: 'uploadedBy',
      cell: (row) => row.uploadedBy,
    },
    {
      id: 'createdAt',
      kind: 'date',
      header: tk('admin.storage.fields.createdAt'),
      fields: 'createdAt',
      cell: (row) => format.date(row.createdAt),
    },
    {
      id: 'referenceCount',
      kind: 'number',
      header: tk('admin.storage.fields.referenceCount'),
      fields: 'referenceCount',
      cell: (row) => row.referenceCount,
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      cell: (row) => (
        <span className="row-actions">
          <button
            type="button"
            onClick={() => confirmDelete(row)}
            disabled={row.referenceCount > 0}
            title={
              row.referenceCount > 0 ? t('admin.storage.inUse', { count: row.referenceCount }) : undefined
            }
            aria-label={t('admin.storage.deleteNamed', { name: row.name })}
          >
            {t('actions.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <section>
      <div className="page-header">
        <h1>{t('admin.storage.title')}</h1>
        <div className="page-actions">
          <ActionFeedback feedback={feedback} />
          <button type="button" className="primary" onClick={upload}>
            {t('admin.storage.upload')}
          </button>
        </div>
      </div>
      <StorageUsageTotals />
      <ListToolbar
        params={params}
        filters={[
          {
            field: 'purpose',
            label: t('admin.storage.fields.purpose'),
            options: FILE_PURPOSES.map((purpose) => ({
              value: purpose,
              label: t(`admin.storage.purposes.${purpose}`),
            })),
          },
        ]}
      >
        <SelectFilter
          params={params}
          field="organisationId"
          label={t('admin.storage.fields.company')}
          items={companies.items}
          loading={companies.loading}
          search={companies.search}
          placeholder={t('lists.all')}
        />
      </ListToolbar>
      <DataTable<StoredFileRow>
        {...pagedTableProps(params, data, isFetching)}
        caption={t('admin.storage.title')}
        columns={columns}
        rowKey={(row) => row.id}
        size="small"
      />
    </section>
  );
}
