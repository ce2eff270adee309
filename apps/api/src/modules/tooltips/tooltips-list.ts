import { TOOLTIPS_LIST } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { runList } from '../../list/list-sql.js';
import { toDto } from './tooltips-repository.js';

export async function listTooltips(db: Kysely<DB>, request: ListRequest) {
  const page = await runList(db, db.selectFrom('tooltips').selectAll(), request, TOOLTIPS_LIST);
  return { ...page, items: page.items.map(toDto) };
}
