// The cheapest HTTP API that can answer the bench's lists: node:http and pg, nothing else. For each
// path it runs the SQL the portal's API runs for that request (the page and the capped count in
// parallel, then the planner's estimate when the count reached its cap), exactly as run.mjs's "SQL" side,
// and writes the rows as JSON. No routing, no auth, no validation, no hooks, no serializer: its req/s is
// the ceiling any Node API reaches on this machine with the same queries, the same pool and the same load
// generator beside it (run.mjs prints it as "bare"). Reads BENCH_BARE: { databaseUrl, pool, cap, queries:
// { "/q/<index>": { items, count, estimate } } } with each query's { sql, parameters }.
import { createServer } from 'node:http';
import pg from 'pg';

const { databaseUrl, pool: max, cap, queries } = JSON.parse(process.env.BENCH_BARE ?? '{}');
const pool = new pg.Pool({ connectionString: databaseUrl, max });
/** @param {{ sql: string, parameters: unknown[] }} query */
const run = (query) => pool.query(query.sql, query.parameters);

/** The planner's row estimate out of EXPLAIN (FORMAT JSON), as the API reads it (list-sql.ts plannedRows). */
const plannedRows = ({ rows }) => Math.round(Object.values(rows[0] ?? {})[0]?.[0]?.Plan?.['Plan Rows'] ?? 0);

const server = createServer(async (request, response) => {
  const compiled = queries[request.url ?? ''];
  if (!compiled) {
    response.writeHead(404).end();
    return;
  }
  const [page, counted] = await Promise.all([run(compiled.items), run(compiled.count)]);
  let total = Number(counted.rows[0]?.total ?? 0);
  if (total > cap) total = Math.max(plannedRows(await run(compiled.estimate)), cap + 1);
  const body = JSON.stringify({ items: page.rows, total });
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
});

server.listen(0, '127.0.0.1', () =>
  process.send?.({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port }),
);
process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  }
});
// Ended mid-load: requests in flight are dropped with the process.
process.on('SIGTERM', () => process.exit(0));
