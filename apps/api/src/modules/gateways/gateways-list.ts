import { GATEWAYS_LIST } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { runList } from '../../list/list-sql.js';
import { gatewaysQuery, toDto } from './gateways-repository.js';

export async function listGateways(db: Kysely<DB>, request: ListRequest) {
  const page = await runList(db, gatewaysQuery(db), request, GATEWAYS_LIST);
  return { ...page, items: page.items.map(toDto) };
}
