import type { LinkInput, LinkItem } from './links.js';

/** A link's stored columns (the links table): spec §7's `order` is kept as sortOrder. */
export interface StoredLink {
  id: string;
  label: string;
  link: string;
  sortOrder: number;
  active: boolean;
  version: number;
}

/** A stored link as spec §7 /links answers it, the API's and mock mode's. */
export const linkItemOf = ({ id, label, link, sortOrder, active, version }: StoredLink): LinkItem => ({
  id,
  label,
  link,
  order: sortOrder,
  active,
  version,
});

/** The columns a link's body sets. */
export const linkColumnsOf = ({ label, link, order, active }: LinkInput) => ({
  label,
  link,
  sortOrder: order,
  active,
});
