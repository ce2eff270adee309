import {
  checkPagePath,
  companyPagePath,
  LIST_PAGES,
  SEARCH_FRAGMENT_MIN,
  SEARCH_LIMIT,
  type SearchResults,
} from '@portal/contracts';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { displayNamesOf } from '../../db/display-names.js';
import type { DB } from '../../db/schema.js';

/** The text as a LIKE pattern matches it literally: its wildcards and the escape itself escaped. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * contracts SEARCH_RULE: the text, without case, anywhere in the column from SEARCH_FRAGMENT_MIN
 * characters (a trigram index: 0001 organisations, 0020 users), at its start below (the prefix indexes of
 * migration 0022, on lower(column)). The pattern is a bound value, never SQL.
 */
function matches(column: string, text: string): Expression<SqlBool> {
  const needle = literal(text.toLowerCase());
  if (text.length >= SEARCH_FRAGMENT_MIN) return sql<SqlBool>`${sql.ref(column)} ilike ${`%${needle}%`}`;
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${`${needle}%`}`;
}

/**
 * GET /api/search?q=: companies by legal name or OBP number, people by name or email, and the checks of
 * the companies found, SEARCH_LIMIT of each kind, each with the path of its page. An OBP number typed in
 * full comes first (its unique index).
 */
export async function search(db: Kysely<DB>, q: string): Promise<SearchResults> {
  const text = q.trim();
  const obp = text.toUpperCase();
  const companies = await db
    .selectFrom('organisations')
    .select(['id', 'obpNumber', 'legalName', 'stage', 'country'])
    .where((eb) =>
      eb.or([
        eb('obpNumber', '=', obp),
        matches('organisations.legal_name', text),
        ...(text.length >= SEARCH_FRAGMENT_MIN
          ? [matches('organisations.obp_number', text)]
          : [sql<SqlBool>`organisations.obp_number like ${`${literal(obp)}%`}`]),
      ]),
    )
    .orderBy(sql`obp_number = ${obp}`, 'desc')
    .orderBy('legalName')
    .orderBy('id')
    .limit(SEARCH_LIMIT)
    .execute();

  const people = await db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisationId')
    .select([
      'users.id as id',
      'users.displayName as name',
      'users.email as email',
      'organisations.obpNumber as obpNumber',
      'organisations.legalName as companyName',
    ])
    .where((eb) => eb.or([matches('users.display_name', text), matches('users.email', text)]))
    .orderBy('users.displayName')
    .orderBy('users.id')
    .limit(SEARCH_LIMIT)
    .execute();

  const companyIds = companies.map((company) => company.id);
  const checks =
    companyIds.length === 0
      ? []
      : await db
          .selectFrom('checks')
          .innerJoin('organisations', 'organisations.id', 'checks.organisationId')
          .select([
            'checks.id as id',
            'checks.type as type',
            'checks.status as status',
            'checks.assignee as assignee',
            'organisations.obpNumber as obpNumber',
            'organisations.legalName as legalName',
          ])
          .where('checks.organisationId', 'in', companyIds)
          // Those waiting on the reviewers first, then in the onboarding's order.
          .orderBy(sql`checks.status in ('SUBMITTED', 'IN_REVIEW')`, 'desc')
          .orderBy('organisations.legalName')
          .orderBy(sql`array_position(array['LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL'], checks.type)`)
          .limit(SEARCH_LIMIT)
          .execute();
  const names = await displayNamesOf(
    db,
    checks.map((check) => check.assignee),
  );

  return {
    companies: companies.map(({ id: _id, ...company }) => ({
      ...company,
      path: companyPagePath(company.obpNumber),
    })),
    people: people.map((person) => ({
      ...person,
      path: person.obpNumber ? companyPagePath(person.obpNumber) : LIST_PAGES.users,
    })),
    checks: checks.map(({ assignee, ...check }) => ({
      ...check,
      assigneeName: assignee ? (names[assignee] ?? assignee) : null,
      path: checkPagePath(check.type, check.id),
    })),
  };
}
