import { type LinkInput, type LinkItem, linksApi } from '@portal/contracts';
import { useApiMutation, useApiQuery } from '../../../http/api-hooks';
import { INLINE_ERRORS } from '../../../http/error-handler';

export type { LinkInput, LinkItem } from '@portal/contracts';

/** spec §7 /links: the footer-links list, as administrators manage it. */
export const FOOTER_LINKS = 'footer-links';

/** Every link of the list, inactive ones too (administrators only). */
export const useManagedLinks = () => useApiQuery(linksApi.all, { params: { id: FOOTER_LINKS } });

/** The PUT of a link's new values, at the version the administrator read. */
export const linkUpdate = ({ id, label, link, order, active, version }: LinkItem) => ({
  params: { id: FOOTER_LINKS, linkId: id },
  body: { label, link, order, active, version },
});

/** What the link form edits: a link less its place in the list. */
export type LinkValues = Omit<LinkInput, 'order'>;

/**
 * Add a link (after the last: `nextOrder`) or edit one, from the form dialog (link-form.tsx), which shows a
 * refusal beside the form (INLINE_ERRORS); each refreshes every list under /links, the footer's included.
 */
export function useSaveLink(nextOrder: number) {
  const options = { invalidates: [linksApi.list], meta: INLINE_ERRORS };
  const { mutateAsync: create } = useApiMutation(linksApi.create, options);
  const { mutateAsync: update } = useApiMutation(linksApi.update, options);
  return (values: LinkValues, link: LinkItem | undefined) =>
    link
      ? update(linkUpdate({ ...link, ...values }))
      : create({ params: { id: FOOTER_LINKS }, body: { ...values, order: nextOrder } });
}

/** Reorder and delete; each refreshes every list under /links, the footer's included. */
export function useLinkMutations() {
  const invalidates = [linksApi.list];
  return {
    update: useApiMutation(linksApi.update, { invalidates }),
    remove: useApiMutation(linksApi.remove, { invalidates }),
  };
}

/**
 * Moves a link one place up (-1) or down (+1): the two links swap their orders (two PUTs of the spec's
 * calls, each with its version, so a concurrent change answers 409 rather than being overwritten). Links
 * with equal orders are sorted by label: the moved one then steps one past its neighbour.
 */
export function swapOrder(links: LinkItem[], index: number, direction: -1 | 1): LinkItem[] {
  const moved = links[index];
  const other = links[index + direction];
  if (!moved || !other) return [];
  const movedOrder = moved.order === other.order ? other.order + direction : other.order;
  return [
    { ...moved, order: movedOrder },
    { ...other, order: moved.order },
  ];
}
