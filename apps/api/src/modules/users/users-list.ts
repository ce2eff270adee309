import { USER_LIST, type UserRow } from '@portal/contracts';
import { iso } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { ListRequest } from '../../http/list-request.js';
import { type ListPage, runList } from '../../list/list-sql.js';

/**
 * Every user with their company, each column named as USER_LIST's field, in a derived table (so `id`,
 * `status` and `email` are unambiguous for the list's SQL). domain.md: access is an external user's
 * access to their company's application; an internal user has none (null).
 */
export function userQuery(db: Kysely<DB>) {
  const rows = db
    .selectFrom('users')
    .leftJoin('organisations', 'organisations.id', 'users.organisationId')
    .select([
      'users.id as id',
      'users.displayName as name',
      'users.email as email',
      'users.roles as roles',
      'users.organisationId as organisationId',
      'organisations.legalName as companyName',
      'organisations.obpNumber as obpNumber',
      sql<UserRow['access']>`case when 'EXTERNAL' = any(users.roles) then users.access end`.as('access'),
      'users.status as status',
      'users.lastLoginAt as lastSignInAt',
      'users.version as version',
    ]);
  return db.selectFrom(rows.as('people')).selectAll();
}

type QueryRow = Awaited<ReturnType<ReturnType<typeof userQuery>['executeTakeFirstOrThrow']>>;

const rowOf = (row: QueryRow): UserRow => ({ ...row, lastSignInAt: iso(row.lastSignInAt) });

/** GET /api/users: a page of the users. */
export async function listUsers(db: Kysely<DB>, request: ListRequest): Promise<ListPage<UserRow>> {
  const page = await runList(db.withTables<{ people: QueryRow }>(), userQuery(db), request, USER_LIST);
  return { ...page, items: page.items.map(rowOf) };
}

/** One user as the list shows them (the answer of a change), or 404. */
export async function findUserRow(db: Kysely<DB>, id: string): Promise<UserRow> {
  const row = await userQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No user ${id}`);
  return rowOf(row);
}
