import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { useDateFormat } from '../../../i18n/date-format';
import { tk } from '../../../i18n/i18n';
import { openModal } from '../../../modal/modal-store';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import { MarkdownText } from '../../../ui/markdown-text';
import styles from './disclaimer-contents.module.css';
import {
  DISCLAIMER_TYPES,
  type DisclaimerContent,
  type DisclaimerType,
  useDisclaimerMutations,
  useDisclaimerVersions,
  useSaveDraft,
} from './disclaimer-contents-api';
import { openDisclaimerDraftForm } from './disclaimer-draft-form';

/**
 * /admin/disclaimer-contents: the texts by type (LOGIN, REGISTRATION, PA_TICKBOX, IIF,
 * FOOTER_LEGAL, PRIVACY), each type's versions newest first (the history); a draft is edited, published
 * after a confirmation (which archives the published version) or deleted; any version can be read.
 */
export function DisclaimerTextsSection() {
  const { t } = useTranslation();
  const { date } = useDateFormat();
  const day = (value: string | null) => (value ? date(value) : '');
  const [type, setType] = useState<DisclaimerType>('LOGIN');
  const { data, isFetching } = useDisclaimerVersions(type);
  const { publish, remove } = useDisclaimerMutations();
  const save = useSaveDraft(type);
  const versions = data?.items ?? [];
  const hasDraft = versions.some((version) => version.status === 'DRAFT');
  const typeName = (value: DisclaimerType) => t(`admin.disclaimerContents.types.${value}`);
  const named = (row: DisclaimerContent) => ({ title: row.title, version: row.versionNumber });

  const feedback = useActionFeedback();
  const edit = (draft?: DisclaimerContent) => {
    feedback.clear();
    openDisclaimerDraftForm(t, type, save, feedback.say, draft);
  };
  const read = (row: DisclaimerContent) =>
    openModal({
      title: t('admin.disclaimerContents.readTitle', named(row)),
      component: <MarkdownText markdown={row.body} />,
      isLarge: true,
      secondaryButton: { hide: true },
    });
  const confirmPublish = (row: DisclaimerContent) =>
    openModal({
      title: t('admin.disclaimerContents.publishTitle', named(row)),
      text: t(
        row.requiresAcceptance
          ? 'admin.disclaimerContents.publishTextAcceptance'
          : 'admin.disclaimerContents.publishText',
      ),
      primaryButton: {
        name: t('admin.disclaimerContents.publish'),
        action: () =>
          publish.mutate(
            { params: { id: row.id }, body: { version: row.version } },
            // Said beside the section's buttons; the row's Publish button is gone, so the words take the focus.
            {
              onSuccess: () =>
                feedback.say(t('admin.disclaimerContents.published', named(row)), { focus: true }),
            },
          ),
      },
    });
  const confirmDelete = (row: DisclaimerContent) =>
    openModal({
      title: t('admin.disclaimerContents.deleteTitle', named(row)),
      text: t('admin.disclaimerContents.deleteText'),
      primaryButton: {
        name: t('actions.delete'),
        action: () =>
          remove.mutate(
            { params: { id: row.id }, query: { version: row.version } },
            {
              onSuccess: () =>
                feedback.say(t('admin.disclaimerContents.deleted', named(row)), { focus: true }),
            },
          ),
      },
    });

  const columns: Column<DisclaimerContent>[] = [
    {
      id: 'versionNumber',
      kind: 'number',
      header: tk('admin.disclaimerContents.fields.versionNumber'),
      cell: (row) => row.versionNumber,
      width: '6rem',
    },
    { id: 'title', header: tk('admin.disclaimerContents.fields.title'), cell: (row) => row.title },
    {
      id: 'status',
      kind: 'status',
      header: tk('admin.disclaimerContents.fields.status'),
      cell: (row) => t(`admin.disclaimerContents.statuses.${row.status}`),
      width: '8rem',
    },
    {
      id: 'requiresAcceptance',
      kind: 'status',
      header: tk('admin.disclaimerContents.fields.requiresAcceptance'),
      cell: (row) => t(row.requiresAcceptance ? 'lists.yes' : 'lists.no'),
      width: '8rem',
    },
    {
      id: 'publishedAt',
      header: tk('admin.disclaimerContents.fields.published'),
      cell: (row) => (row.publishedAt ? `${day(row.publishedAt)} ${row.publishedBy ?? ''}`.trim() : ''),
    },
    {
      id: 'updatedAt',
      kind: 'date',
      header: tk('lists.updated'),
      cell: (row) => day(row.updatedAt),
      width: '8rem',
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      width: '20rem',
      cell: (row) =>
        row.status === 'DRAFT' ? (
          <span className="row-actions">
            <button
              type="button"
              onClick={() => edit(row)}
              aria-label={t('admin.disclaimerContents.editNamed', named(row))}
            >
              {t('actions.edit')}
            </button>
            <button
              type="button"
              onClick={() => confirmPublish(row)}
              aria-label={t('admin.disclaimerContents.publishNamed', named(row))}
            >
              {t('admin.disclaimerContents.publish')}
            </button>
            <button
              type="button"
              onClick={() => confirmDelete(row)}
              aria-label={t('admin.disclaimerContents.deleteNamed', named(row))}
            >
              {t('actions.delete')}
            </button>
          </span>
        ) : (
          <span className="row-actions">
            <button
              type="button"
              onClick={() => read(row)}
              aria-label={t('admin.disclaimerContents.readNamed', named(row))}
            >
              {t('admin.disclaimerContents.read')}
            </button>
          </span>
        ),
    },
  ];

  return (
    <section aria-labelledby="disclaimer-texts-title">
      <div className="page-header">
        <h2 id="disclaimer-texts-title">{t('admin.disclaimerContents.texts')}</h2>
        <div className="page-actions">
          <ActionFeedback feedback={feedback} />
          <button type="button" className="primary" disabled={hasDraft} onClick={() => edit()}>
            {t('admin.disclaimerContents.create', { type: typeName(type) })}
          </button>
        </div>
      </div>
      <p>{t('admin.disclaimerContents.intro')}</p>
      <fieldset className={styles.typeChooser}>
        <legend>{t('admin.disclaimerContents.fields.type')}</legend>
        {/* The chosen text is filled and ticked, not only pressed for a screen reader. */}
        {DISCLAIMER_TYPES.map((value) => (
          <button key={value} type="button" aria-pressed={value === type} onClick={() => setType(value)}>
            {value === type && (
              <span className={styles.chosenMark} aria-hidden="true" data-chosen-mark="">
                ✓
              </span>
            )}
            {typeName(value)}
          </button>
        ))}
      </fieldset>
      {/* Where the chosen type's published text appears, as the portal shows it. */}
      <p>{t(`admin.disclaimerContents.where.${type}`)}</p>
      {hasDraft && <p>{t('admin.disclaimerContents.oneDraft')}</p>}
      <DataTable<DisclaimerContent>
        mode="pagination"
        caption={t('admin.disclaimerContents.versionsOf', { type: typeName(type) })}
        columns={columns}
        rows={versions}
        rowKey={(row) => row.id}
        order={[]}
        onSort={() => {}}
        total={versions.length}
        page={1}
        limit={Math.max(versions.length, 1)}
        onPage={() => {}}
        loading={isFetching}
        size="small"
      />
    </section>
  );
}
