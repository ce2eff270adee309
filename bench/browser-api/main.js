// The page bench/browser-api/run.mjs builds and opens: the API's migrations and one of its route plugins
// (the gateways', unchanged) over PGlite in the browser, with a fake Fastify app that only collects the
// routes. It writes its figures into #out as JSON and sets window.done.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import { camelCase } from '../../apps/api/src/db/camel-case.ts';
import { createPgliteDialect } from '../../apps/api/src/db/pglite-dialect.ts';
import { ApiError } from '../../apps/api/src/http/api-error.ts';
import { gatewaysRoutes } from '../../apps/api/src/modules/gateways/gateways-routes.ts';

const migrations = import.meta.glob('../../apps/api/src/db/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** What `app.route` was given: the API's route() fills method, url, config.access and the handler. */
const routes = [];
const app = { route: (options) => routes.push(options) };

function find(method, path) {
  for (const route of routes) {
    const names = [];
    const pattern = route.url.replace(/:([A-Za-z]+)/g, (_, name) => {
      names.push(name);
      return '([^/]+)';
    });
    const match = route.method === method && new RegExp(`^${pattern}$`).exec(path);
    if (match) return { route, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
  }
  return undefined;
}

/** One request through the registered handler, as an administrator; an ApiError becomes its status. */
async function call(db, method, url, body) {
  const { pathname, searchParams } = new URL(url, location.origin);
  const found = find(method, pathname);
  if (!found) return { status: 404 };
  const reply = {
    statusCode: 200,
    sent: false,
    status(code) {
      this.statusCode = code;
      return this;
    },
    send(payload) {
      this.sent = true;
      this.payload = payload;
      return this;
    },
  };
  const user = { subject: 'admin', email: 'admin@portal.test', roles: ['ADMIN'] };
  const request = { method, params: found.params, query: Object.fromEntries(searchParams), body, db, user };
  try {
    await found.route.handler(request, reply);
    return { status: reply.statusCode, body: reply.payload };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.statusCode, code: error.code };
    throw error;
  }
}

const timed = async (run) => {
  const started = performance.now();
  const result = await run();
  return [Math.round(performance.now() - started), result];
};

const out = document.getElementById('out');
try {
  const [startMs, client] = await timed(() => PGlite.create({ extensions: { pg_trgm } }));
  const [migrateMs] = await timed(async () => {
    for (const name of Object.keys(migrations).sort()) await client.exec(migrations[name]);
  });
  const db = new Kysely({ dialect: createPgliteDialect(client), plugins: [camelCase] });
  await gatewaysRoutes(app);
  const gateway = {
    name: 'Gateway 1',
    type: 'PROVIDER',
    environments: ['IQE'],
    certified: false,
    active: true,
  };
  const [createMs, created] = await timed(() => call(db, 'POST', '/api/gateways', gateway));
  const [, taken] = await timed(() => call(db, 'POST', '/api/gateways', gateway));
  const [listMs, list] = await timed(() => call(db, 'GET', '/api/gateways?order=-name'));
  const audit = await client.query("select action from audit_log where entity = 'gateway'");
  out.textContent = JSON.stringify({
    startMs,
    migrateMs,
    migrations: Object.keys(migrations).length,
    routes: routes.map((route) => `${route.method} ${route.url}`),
    create: { ms: createMs, status: created.status, version: created.body?.version },
    nameTaken: taken,
    list: { ms: listMs, status: list.status, total: list.body?.total },
    auditRows: audit.rows.map((row) => row.action),
  });
} catch (error) {
  out.textContent = JSON.stringify({ error: String(error?.stack ?? error) });
}
window.done = true;
