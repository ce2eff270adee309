import { SESSION_TOKEN_LIST, type SessionTokenRow } from '@portal/contracts';
import { iso, type SessionTokenStatus } from '@portal/domain';
import { type Kysely, type NotNull, sql } from 'kysely';
import { displayNameOf } from '../../db/display-names.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import type { ListRequest } from '../../http/list-request.js';
import { type ListPage, runList } from '../../list/list-sql.js';

/**
 * The queue's rows before the list's filters and order: every token with its company, each column named as
 * SESSION_TOKEN_LIST's field, in a derived table (so `id`, `status` and `email` are unambiguous for the
 * list's SQL). "expired tokens show as EXPIRED without a job (computed from expiresAt)": the
 * status is computed here at `now`, as packages/domain sessionTokenStatusAt does (expired at expiresAt),
 * so filtering and sorting by status see the same status the row shows.
 */
export function sessionTokenQuery(db: Kysely<DB>, now: Date) {
  const rows = db
    .selectFrom('sessionTokens')
    // Every token has its organisation (a foreign key, not null): a left join answers the same rows, and
    // PostgreSQL leaves it out of a count that reads none of its columns.
    .leftJoin('organisations', 'organisations.id', 'sessionTokens.organisationId')
    .select([
      'sessionTokens.id as id',
      'sessionTokens.organisationId as organisationId',
      'organisations.obpNumber as obpNumber',
      'organisations.legalName as legalName',
      'organisations.email as email',
      'sessionTokens.environment as environment',
      'sessionTokens.requestedBy as requestedBy',
      // In the same query: the name the reviewers know the requester by.
      displayNameOf(sql.ref<string>('session_tokens.requested_by')).as('requestedByName'),
      'sessionTokens.requestedAt as requestedAt',
      sql<SessionTokenStatus>`case when session_tokens.status = 'ISSUED' and session_tokens.expires_at <= ${now} then 'EXPIRED' else session_tokens.status end`.as(
        'status',
      ),
      'sessionTokens.issuedBy as issuedBy',
      'sessionTokens.issuedAt as issuedAt',
      'sessionTokens.expiresAt as expiresAt',
      'sessionTokens.cancelledBy as cancelledBy',
      'sessionTokens.cancelledAt as cancelledAt',
      'sessionTokens.cancelReason as cancelReason',
      'sessionTokens.version as version',
    ])
    .$narrowType<{ obpNumber: NotNull; legalName: NotNull }>();
  return db.selectFrom(rows.as('tokens')).selectAll();
}

type QueryRow = Awaited<ReturnType<ReturnType<typeof sessionTokenQuery>['executeTakeFirstOrThrow']>>;

/** A row as contracts sessionTokenRowSchema answers it: dates as ISO strings. */
const rowOf = (row: QueryRow): SessionTokenRow => ({
  ...row,
  requestedAt: iso(row.requestedAt),
  issuedAt: iso(row.issuedAt),
  expiresAt: iso(row.expiresAt),
  cancelledAt: iso(row.cancelledAt),
});

/** GET /api/session-tokens: a page of the queue, each status as of `now`. */
export async function listSessionTokens(
  db: Kysely<DB>,
  request: ListRequest,
  now: Date,
): Promise<ListPage<SessionTokenRow>> {
  const page = await runList(
    db.withTables<{ tokens: QueryRow }>(),
    sessionTokenQuery(db, now),
    request,
    SESSION_TOKEN_LIST,
  );
  return { ...page, items: page.items.map(rowOf) };
}

/** One token as the queue shows it at `now` (the answer of issuing or cancelling it), or 404. */
export async function findSessionTokenRow(db: Kysely<DB>, id: string, now: Date): Promise<SessionTokenRow> {
  const row = await sessionTokenQuery(db, now).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No session token ${id}`);
  return rowOf(row);
}
