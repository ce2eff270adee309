// The page bench/browser-api/run.mjs builds and opens: mock mode's world (apps/web src/mock/mock-world.ts:
// the API's route plugins over PGlite, its migrations and demo seed) kept in IndexedDB, opened once per
// page load, then a few calls through it as each role. It writes its figures into #out as JSON and sets
// window.done.
import '../../apps/web/src/mock/node-globals.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openMockWorld } from '../../apps/web/src/mock/mock-world.ts';

const timed = async (run) => {
  const started = performance.now();
  const result = await run();
  return [Math.round(performance.now() - started), result];
};

/** One call as mock auth makes it (the token names a role's demo account); its time, status and body. */
async function call(world, who, method, path, body) {
  const headers = { authorization: `Bearer mock.${who}`, 'content-type': 'application/json' };
  const request = new Request(`${location.origin}${path}`, {
    method,
    headers,
    body: body && JSON.stringify(body),
  });
  const [ms, response] = await timed(async () => {
    const answer = await world.fetch(request);
    if (method !== 'GET' && answer.ok) await world.keep();
    return answer;
  });
  return { ms, status: response.status, body: await response.json() };
}

const out = /** @type {HTMLElement} */ (document.getElementById('out'));
try {
  // As mock mode's worker opens it (src/mock/mock-api-worker.ts): relaxed durability, a write kept in
  // IndexedDB before it answers.
  let client;
  const [startMs, world] = await timed(async () => {
    client = await PGlite.create({
      dataDir: 'idb://bench-browser-api',
      relaxedDurability: true,
      extensions: { pg_trgm },
    });
    return openMockWorld(client, { origin: location.origin, report: () => {} });
  });
  world.keep = () => client.fs.syncToFs();
  const gateway = {
    name: `Gateway ${Date.now()}`,
    type: 'PROVIDER',
    environments: ['IQE'],
    certified: false,
    active: true,
  };
  const created = await call(world, 'ADMIN', 'POST', '/api/gateways', gateway);
  const taken = await call(world, 'ADMIN', 'POST', '/api/gateways', gateway);
  const gateways = await call(world, 'ADMIN', 'GET', '/api/gateways?order=-name');
  const summary = await call(world, 'EMVO', 'GET', '/api/review-queues/summary');
  const queue = await call(world, 'EMVO', 'GET', '/api/review-queues/legitimacy');
  const application = await call(world, 'EXTERNAL', 'GET', '/api/onboarding');
  out.textContent = JSON.stringify({
    startMs,
    createGateway: { ms: created.ms, status: created.status },
    sameNameAgain: { ms: taken.ms, status: taken.status, code: taken.body.code },
    listGateways: { ms: gateways.ms, status: gateways.status, total: gateways.body.total },
    queueSummary: { ms: summary.ms, status: summary.status },
    legitimacyQueue: { ms: queue.ms, status: queue.status, total: queue.body.total },
    application: { ms: application.ms, status: application.status },
  });
} catch (error) {
  out.textContent = JSON.stringify({
    error: String(error instanceof Error ? (error.stack ?? error) : error),
  });
}
/** @type {Window & { done?: boolean }} */ (window).done = true;
