import { ORGANISATIONS_LIST } from '@portal/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../list/list-resource.js';
import { runList } from '../../list/list-sql.js';

/** The rows of the list, before filters and order. */
export const organisationsQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('organisations')
    .select([
      'id',
      'obpNumber',
      'legalName',
      'orgType',
      'email',
      'city',
      'country',
      'stage',
      'legitimacyStatus',
      'contractualStatus',
      'financialStatus',
      'mahCount',
      'submittedAt',
      'createdAt',
      'version',
    ]);

export async function listOrganisations(db: Kysely<DB>, request: ListRequest) {
  const page = await runList(db, organisationsQuery(db), request, ORGANISATIONS_LIST);
  return {
    ...page,
    items: page.items.map(({ city, country, ...rest }) => ({ ...rest, address: { city, country } })),
  };
}
