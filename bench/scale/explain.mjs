// Prints EXPLAIN (ANALYZE, BUFFERS) of a list route's page and count queries as the API builds them, on a
// bench/scale database: node bench/scale/explain.mjs 100k users 'search=greta'
import { sql } from 'kysely';
import { parseListRequest } from '../../apps/api/dist/http/list-request.js';
import { buildListQueries } from '../../apps/api/dist/list/list-sql.js';
import { auditQuery } from '../../apps/api/dist/modules/audit/audit-list.js';
import { metricsCompanyQuery } from '../../apps/api/dist/modules/metrics/metrics-companies-list.js';
import { reviewQueueQuery } from '../../apps/api/dist/modules/reviews/review-queue-list.js';
import { userQuery } from '../../apps/api/dist/modules/users/users-list.js';
import { openDatabase } from '../../apps/api/dist/node/database.js';
import {
  AUDIT_LIST,
  METRICS_COMPANY_LIST,
  REVIEW_QUEUE_LIST,
  USER_LIST,
} from '../../packages/contracts/dist/index.js';

const [label, list, query = ''] = process.argv.slice(2);
const flagsOf = (params) => ({
  assignedToMe: params.assignedToMe === 'true',
  overdue: params.overdue === 'true',
});
const LISTS = {
  users: [USER_LIST, (db) => userQuery(db)],
  audit: [AUDIT_LIST, (db) => auditQuery(db)],
  companies: [METRICS_COMPANY_LIST, (db) => metricsCompanyQuery(db)],
  legitimacy: [
    REVIEW_QUEUE_LIST,
    (db, flags) =>
      reviewQueueQuery(db, 'LEGITIMACY', flags, { actor: 'reviewer@portal.test', now: new Date() }),
  ],
  contractual: [
    REVIEW_QUEUE_LIST,
    (db, flags) =>
      reviewQueueQuery(db, 'CONTRACTUAL', flags, { actor: 'reviewer@portal.test', now: new Date() }),
  ],
  financial: [
    REVIEW_QUEUE_LIST,
    (db, flags) =>
      reviewQueueQuery(db, 'FINANCIAL', flags, { actor: 'reviewer@portal.test', now: new Date() }),
  ],
};
const [resource, base] = LISTS[list];
const { assignedToMe, overdue, ...params } = Object.fromEntries(new URLSearchParams(query));
const database = await openDatabase({
  databaseUrl: `${(process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '')}/portal_scale_${label}`,
});
const queries = buildListQueries(
  base(database.db, flagsOf({ assignedToMe, overdue })),
  parseListRequest(params, resource),
  resource,
);
/** The compiled SQL with its parameters written in as literals (EXPLAIN takes no parameters). */
const literal = (value) =>
  `'${String(value instanceof Date ? value.toISOString() : value).replaceAll("'", "''")}'`;
const inlined = (compiled) => compiled.sql.replace(/\$(\d+)/g, (_, n) => literal(compiled.parameters[n - 1]));
/** @type {Array<[string, import('kysely').CompiledQuery]>} */
const compiledQueries = [
  ['items', queries.items.compile()],
  ['count', queries.count.compile(database.db)],
];
for (const [name, compiled] of compiledQueries) {
  // Each row of the plan is one column, its line of text.
  const { rows: lines } = /** @type {{ rows: Array<Record<string, string>> }} */ (
    await sql`explain (analyze, buffers) ${sql.raw(inlined(compiled))}`.execute(database.db)
  );
  console.log(`--- ${name}\n${compiled.sql}\n${lines.map((row) => Object.values(row)[0]).join('\n')}`);
}
await database.close();
