import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest, ListResource } from '../../list/list-resource.js';
import { runList } from '../../list/list-sql.js';
import { toDto } from './tooltips-repository.js';

/** The admins' list of tooltips (/admin/tooltips): what may be filtered, sorted and searched. */
export const tooltipsList: ListResource = {
  fields: {
    key: { column: 'key', type: 'text' },
    screen: { column: 'screen', type: 'text' },
    text: { column: 'text', type: 'text' },
    active: { column: 'active', type: 'boolean' },
    updatedAt: { column: 'updatedAt', type: 'date' },
  },
  searchColumns: ['key', 'text'],
  defaultOrder: ['key'],
  tieBreaker: 'id',
  maxLimit: 100,
};

export async function listTooltips(db: Kysely<DB>, request: ListRequest) {
  const page = await runList(db, db.selectFrom('tooltips').selectAll(), request, tooltipsList);
  return { ...page, items: page.items.map(toDto) };
}
