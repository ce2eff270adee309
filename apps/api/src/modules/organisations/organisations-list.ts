import { ORGANISATIONS_LIST, type OrganisationSummary } from '@portal/contracts';
import { iso } from '@portal/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ListRequest } from '../../http/list-request.js';
import { type ListPage, runList } from '../../list/list-sql.js';

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

/** GET /api/organisations: a page of the list, each row as contracts organisationSummarySchema says. */
export async function listOrganisations(
  db: Kysely<DB>,
  request: ListRequest,
): Promise<ListPage<OrganisationSummary>> {
  const page = await runList(db, organisationsQuery(db), request, ORGANISATIONS_LIST);
  return {
    ...page,
    items: page.items.map(({ city, country, submittedAt, createdAt, ...rest }) => ({
      ...rest,
      address: { city, country },
      submittedAt: iso(submittedAt),
      createdAt: iso(createdAt),
    })),
  };
}
