import type { Kysely } from 'kysely';
import { type DB, GATEWAY_ENVIRONMENTS, GATEWAY_TYPES } from '../../db/schema.js';
import type { ListRequest, ListResource } from '../../list/list-resource.js';
import { runList } from '../../list/list-sql.js';
import { gatewaysQuery, toDto } from './gateways-repository.js';

/** The admins' list of gateways (/admin/gateways): what may be filtered, sorted and searched. */
export const gatewaysList: ListResource = {
  fields: {
    name: { column: 'name', type: 'text' },
    type: { column: 'type', type: 'enum', values: GATEWAY_TYPES },
    // environments=IQE: the gateway offers IQE; environments=IQE,PRD: it offers both.
    environments: { column: 'environments', type: 'textArray', values: GATEWAY_ENVIRONMENTS },
    certified: { column: 'certified', type: 'boolean' },
    active: { column: 'active', type: 'boolean' },
    certifiedAt: { column: 'certifiedAt', type: 'date' },
    createdAt: { column: 'createdAt', type: 'date' },
    updatedAt: { column: 'updatedAt', type: 'date' },
    website: { column: 'website', type: 'text' },
    contactEmail: { column: 'contactEmail', type: 'text' },
  },
  searchColumns: ['name', 'website', 'contactEmail'],
  defaultOrder: ['name'],
  tieBreaker: 'id',
  maxLimit: 100,
};

export async function listGateways(db: Kysely<DB>, request: ListRequest) {
  const page = await runList(db, gatewaysQuery(db), request, gatewaysList);
  return { ...page, items: page.items.map(toDto) };
}
