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

/** Of a fragment's matches in names and numbers, how many are sorted by name: its rows found first. */
const FRAGMENT_ROWS = 1_000;

const companyColumns = ['id', 'obpNumber', 'legalName', 'stage', 'country'] as const;

/**
 * The companies the text finds, SEARCH_LIMIT at most, best first: the one whose OBP number it is, then
 * those whose name starts with it (in name order, read in the order of the prefix index of migration 0022),
 * below SEARCH_FRAGMENT_MIN characters those whose number starts with it, from there on those whose name
 * or number holds it elsewhere, in name order. A fragment as common as a word of many names ("med" in
 * "Medicines") matches a share of a million companies: only its first FRAGMENT_ROWS rows found are sorted,
 * so each part reads a bounded number of rows whatever the table's size, and the text's start, read in
 * order, stays exact.
 */
async function companiesMatching(db: Kysely<DB>, text: string) {
  const obp = text.toUpperCase();
  const prefix = `${literal(text.toLowerCase())}%`;
  const base = db.selectFrom('organisations').select(companyColumns);
  const [byNumber, byNameStart, byNumberStart, byFragment] = await Promise.all([
    base.where('obpNumber', '=', obp).execute(),
    base
      .where(sql<SqlBool>`lower(legal_name) like ${prefix}`)
      // The prefix index's own order (text_pattern_ops), so the first rows are read, not all the matches.
      .orderBy(sql`lower(legal_name) using ~<~`)
      .orderBy('id')
      .limit(SEARCH_LIMIT)
      .execute(),
    // A longer text's numbers are the fragment's (its trigram index): a LIKE on the numbers' own index
    // needs the C collation, and under another the planner reads that trigram index for it all the same.
    text.length >= SEARCH_FRAGMENT_MIN
      ? Promise.resolve([])
      : base
          .where(sql<SqlBool>`obp_number like ${`${literal(obp)}%`}`)
          .orderBy('obpNumber')
          .limit(SEARCH_LIMIT)
          .execute(),
    text.length < SEARCH_FRAGMENT_MIN
      ? Promise.resolve([])
      : base
          .where(
            'id',
            'in',
            db
              .selectFrom('organisations')
              .select('id')
              .where((eb) =>
                eb.or([matches('organisations.legal_name', text), matches('organisations.obp_number', text)]),
              )
              .limit(FRAGMENT_ROWS),
          )
          .orderBy('legalName')
          .orderBy('id')
          // Enough to fill the answer after the rows the other parts found (at most 2 × SEARCH_LIMIT + 1).
          .limit(3 * SEARCH_LIMIT + 1)
          .execute(),
  ]);
  const found = new Map<string, (typeof byNumber)[number]>();
  for (const company of [...byNumber, ...byNameStart, ...byNumberStart, ...byFragment]) {
    if (found.size === SEARCH_LIMIT) break;
    found.set(company.id, found.get(company.id) ?? company);
  }
  return [...found.values()];
}

/**
 * GET /api/search?q=: companies by legal name or OBP number (companiesMatching), people by name or email,
 * and the checks of the companies found, SEARCH_LIMIT of each kind, each with the path of its page.
 */
export async function search(db: Kysely<DB>, q: string): Promise<SearchResults> {
  const text = q.trim();
  const companies = await companiesMatching(db, text);

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
