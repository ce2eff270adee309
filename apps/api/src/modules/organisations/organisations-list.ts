import type { Kysely } from 'kysely';
import { CHECK_STATUSES, type DB, ORG_TYPES, STAGES } from '../../db/schema.js';
import type { ListRequest, ListResource } from '../../list/list-resource.js';
import { runList } from '../../list/list-sql.js';

/** The reviewers' list of organisations: what may be filtered, sorted and searched (domain.md). */
export const organisationsList: ListResource = {
  fields: {
    obpNumber: { column: 'obpNumber', type: 'text' },
    legalName: { column: 'legalName', type: 'text' },
    orgType: { column: 'orgType', type: 'enum', values: ORG_TYPES },
    email: { column: 'email', type: 'text' },
    'address.city': { column: 'city', type: 'text' },
    'address.country': { column: 'country', type: 'text' },
    stage: { column: 'stage', type: 'enum', values: STAGES },
    legitimacyStatus: { column: 'legitimacyStatus', type: 'enum', values: CHECK_STATUSES },
    contractualStatus: { column: 'contractualStatus', type: 'enum', values: CHECK_STATUSES },
    financialStatus: { column: 'financialStatus', type: 'enum', values: CHECK_STATUSES },
    mahCount: { column: 'mahCount', type: 'integer' },
    submittedAt: { column: 'submittedAt', type: 'date' },
    createdAt: { column: 'createdAt', type: 'date' },
  },
  // domain.md: free text searches name, number and email.
  searchColumns: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['-createdAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

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
  const page = await runList(db, organisationsQuery(db), request, organisationsList);
  return {
    ...page,
    items: page.items.map(({ city, country, ...rest }) => ({ ...rest, address: { city, country } })),
  };
}
