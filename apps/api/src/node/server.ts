import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './database.js';
import { migrate } from './migrate.js';

const config = loadConfig();
// A pooled connection the server ended (a restart): logged, never fatal (node/database.ts).
let onConnectionError: (error: Error) => void = (error) =>
  process.stderr.write(`a database connection failed: ${error.message}\n`);
const database = await openConfiguredDatabase(config, (error) => onConnectionError(error));
await migrate(database);
const app = await buildApp({ config, database });
onConnectionError = (error) =>
  app.log.warn({ err: error }, 'a database connection failed; the next query opens another');

// Graceful shutdown: stop accepting, let requests in flight finish, close the database, then exit.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: config.host, port: config.port });
