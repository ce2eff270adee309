import { useTranslation } from 'react-i18next';
import { ActionFeedback, useActionFeedback } from '../../../forms/action-feedback';
import { tk } from '../../../i18n/i18n';
import { openModal } from '../../../modal/modal-store';
import type { Column } from '../../../table/column';
import { DataTable } from '../../../table/data-table';
import {
  FOOTER_LINKS,
  type LinkItem,
  linkUpdate,
  swapOrder,
  useLinkMutations,
  useManagedLinks,
  useSaveLink,
} from './footer-links-api';
import { openLinkForm } from './link-form';

/**
 * /admin/disclaimer-contents (domain.md), its footer-links part, managed through the spec's /links calls:
 * add, edit, reorder, delete.
 */
export function FooterLinksSection() {
  const { t } = useTranslation();
  const { data: links = [], isFetching } = useManagedLinks();
  const { update, remove } = useLinkMutations();
  const nextOrder = Math.max(0, ...links.map((link) => link.order)) + 1;

  const save = useSaveLink(nextOrder);
  const feedback = useActionFeedback();
  const edit = (link?: LinkItem) => {
    feedback.clear();
    openLinkForm(t, save, feedback.say, link);
  };
  const move = async (index: number, direction: -1 | 1) => {
    for (const changed of swapOrder(links, index, direction)) {
      await update.mutateAsync(linkUpdate(changed));
    }
  };
  const confirmDelete = (link: LinkItem) =>
    openModal({
      title: t('admin.footerLinks.deleteTitle', { label: link.label }),
      text: t('admin.footerLinks.deleteText'),
      primaryButton: {
        name: t('actions.delete'),
        action: () =>
          remove.mutate(
            { params: { id: FOOTER_LINKS, linkId: link.id } },
            // The row and its Delete button are gone: the confirmation takes the focus.
            {
              onSuccess: () =>
                feedback.say(t('admin.footerLinks.deleted', { label: link.label }), { focus: true }),
            },
          ),
      },
    });

  const columns: Column<LinkItem>[] = [
    { id: 'label', header: tk('admin.footerLinks.fields.label'), cell: (row) => row.label, width: '22%' },
    { id: 'link', header: tk('admin.footerLinks.fields.link'), cell: (row) => row.link },
    {
      id: 'active',
      kind: 'status',
      header: tk('admin.footerLinks.fields.active'),
      cell: (row) => t(row.active ? 'lists.yes' : 'lists.no'),
      width: '6rem',
    },
    {
      id: 'actions',
      header: tk('lists.actions'),
      width: '12rem',
      cell: (row) => {
        const index = links.indexOf(row);
        return (
          <span className="row-actions">
            <button
              type="button"
              disabled={index === 0}
              onClick={() => void move(index, -1).catch(() => {})}
              aria-label={t('admin.footerLinks.moveUp', { label: row.label })}
            >
              ↑
            </button>
            <button
              type="button"
              disabled={index === links.length - 1}
              onClick={() => void move(index, 1).catch(() => {})}
              aria-label={t('admin.footerLinks.moveDown', { label: row.label })}
            >
              ↓
            </button>
            <button
              type="button"
              onClick={() => edit(row)}
              aria-label={t('admin.footerLinks.editNamed', { label: row.label })}
            >
              {t('actions.edit')}
            </button>
            <button
              type="button"
              onClick={() => confirmDelete(row)}
              aria-label={t('admin.footerLinks.deleteNamed', { label: row.label })}
            >
              {t('actions.delete')}
            </button>
          </span>
        );
      },
    },
  ];
  return (
    <section aria-labelledby="footer-links-title">
      <div className="page-header">
        <h2 id="footer-links-title">{t('admin.footerLinks.title')}</h2>
        <div className="page-actions">
          <ActionFeedback feedback={feedback} />
          <button type="button" className="primary" onClick={() => edit()}>
            {t('admin.footerLinks.create')}
          </button>
        </div>
      </div>
      <p>{t('admin.footerLinks.intro')}</p>
      <DataTable<LinkItem>
        mode="pagination"
        caption={t('admin.footerLinks.title')}
        columns={columns}
        rows={links}
        rowKey={(row) => row.id}
        order={[]}
        onSort={() => {}}
        total={links.length}
        page={1}
        limit={Math.max(links.length, 1)}
        onPage={() => {}}
        loading={isFetching}
        size="small"
      />
    </section>
  );
}
