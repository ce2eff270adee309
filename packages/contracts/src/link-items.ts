import type { LinkInput, LinkItem } from './links.js';

/**
 * A link's stored columns (the links table): the answer's, with spec §7's `order` kept as sortOrder, in its
 * list (spec §7 /links/{id}).
 */
export type LinkColumns = Omit<LinkItem, 'order'> & { sortOrder: LinkItem['order']; listId: string };

/**
 * A stored link as spec §7 /links answers it: the answer's columns only (a row's list and audit columns are
 * not answered), sortOrder as order.
 */
export const linkItemOf = ({
  id,
  label,
  link,
  sortOrder,
  active,
  version,
}: Omit<LinkColumns, 'listId'>): LinkItem => ({
  id,
  label,
  link,
  order: sortOrder,
  active,
  version,
});

/** The columns a link's body sets. */
export const linkColumnsOf = ({
  label,
  link,
  order,
  active,
}: LinkInput): Omit<LinkColumns, 'id' | 'version' | 'listId'> => ({
  label,
  link,
  sortOrder: order,
  active,
});
