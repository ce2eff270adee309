import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { type AppOptions, buildApp } from '@portal/api/app';
import { type Config, loadConfig } from '@portal/api/config';
import { createFileStorage } from '@portal/api/node/configured-file-storage';
import { type Database, openConfiguredDatabase } from '@portal/api/node/database';
import { migrate } from '@portal/api/node/migrate';
import { seedIfEmpty } from '@portal/api/seed/seed';
import { type StartedLocalIdp, startLocalIdp } from './local-idp.js';

export interface Stack {
  /** Where the API listens (with PORT=0, the port it was given). */
  apiUrl: string;
  /** The local provider's instance; undefined when the configuration names a real B2C tenant. */
  idpUrl: string | undefined;
  close(): Promise<void>;
}

export interface StackOptions {
  /** The API's logger; by default pino at LOG_LEVEL. */
  logger?: AppOptions['logger'];
}

/**
 * The embedded default in one process: the API and the local provider on one database, opened once
 * (PGlite cannot be opened by two processes), migrated, and seeded when empty.
 */
export async function startStack(config: Config, options: StackOptions = {}): Promise<Stack> {
  const database = await openConfiguredDatabase(config);
  let idp: StartedLocalIdp | undefined;
  try {
    await migrate(database);
    await seedIfEmpty(database.db, createFileStorage(config.storage));
    // The local provider runs only when asked for (LOCAL_IDP=true, as npm start does).
    if (config.localIdp) {
      idp = await startLocalIdp({ config, db: database.db });
    }
    const app = await buildApp({ config, database, logger: options.logger ?? { level: config.logLevel } });
    const apiUrl = await app
      .listen({ host: config.host, port: config.port })
      .catch(async (error: unknown) => {
        await app.close();
        throw error;
      });
    const started = idp;
    return {
      apiUrl,
      idpUrl: started?.url,
      close: async () => {
        await started?.close();
        // Closes the database too (buildApp's onClose hook).
        await app.close();
      },
    };
  } catch (error) {
    await idp?.close();
    await closeQuietly(database);
    throw error;
  }
}

async function closeQuietly(database: Database) {
  // buildApp may already have closed it when listening failed.
  await database.close().catch(() => undefined);
}

/** `node apps/local-idp/dist/stack.js`: runs until SIGINT or SIGTERM, then closes both servers. */
async function main() {
  const stack = await startStack(loadConfig());
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      stack.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

/** Whether node was started with this file (dist/stack.js), rather than it being imported (tests). */
function isEntry(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

if (isEntry()) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
