import type { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '@portal/api/config';
import { applyMigrations } from '@portal/api/db/apply-migrations';
import type { Database } from '@portal/api/db/database-handle';
import { pgliteDatabase } from '@portal/api/db/pglite-database';
import { createInBrowserApi } from '@portal/api/in-browser/in-browser-api';
import { seedIfEmpty } from '@portal/api/seed/seed';
import { fileStorageIn } from '@portal/api/storage/file-storage';
import { type BlobMap, createKeyValueBlobStore } from '@portal/api/storage/key-value-blob-store';
import { emailOfMockToken, type MockAccount } from './mock-accounts';

/** The API's migrations, as the API runs them (apps/api node/migrate.ts), read by the bundler. */
const MIGRATION_FILES = import.meta.glob<string>('../../../api/src/db/migrations/*.sql', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const MIGRATIONS = Object.keys(MIGRATION_FILES)
  .sort()
  .map((path) => ({ name: path.replace(/^.*\/|\.sql$/g, ''), script: MIGRATION_FILES[path] ?? '' }));

/** Where the API's log lines go: the worker hands them to every tab's console. */
export type MockReport = (level: 'error' | 'warn' | 'info', message: string, details: unknown) => void;

const noop = () => {};
/** The API's log, reported (the outbox's links, warnings, errors); debug and trace are dropped. */
function logTo(report: MockReport) {
  const line = (level: 'error' | 'warn' | 'info') => (details: unknown, message?: string) =>
    report(level, message ?? String(details), message ? details : undefined);
  const log = {
    level: 'info',
    fatal: line('error'),
    error: line('error'),
    warn: line('warn'),
    info: line('info'),
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return log as unknown as Parameters<typeof createInBrowserApi>[0]['log'];
}

export interface MockWorld {
  /** The world's database, as the API's code reads and writes it (tests set rows up through it). */
  db: Database['db'];
  /** Answers an API call as the API does: its own route plugins over this world's database. */
  fetch(request: Request): Promise<Response>;
  /** The directory's user with this email (mock auth's `?mockUser=`), if any. */
  accountOf(email: string): Promise<MockAccount | undefined>;
}

/**
 * Mock mode's world (spec §7, architecture.md): the API itself (apps/api in-browser/) over `client`, a
 * PGlite migrated with the API's migrations and seeded with the same demo world the API's `npm start`
 * inserts (@portal/demo-data). What one role writes, the next one reads, as with the real stack. Its
 * settings are the local stack's: mails stay in the outbox (GET /api/dev/outbox), a reviewer may approve
 * temporarily (no production).
 */
export async function openMockWorld(
  client: PGlite,
  { origin, blobs, report }: { origin: string; blobs?: BlobMap; report: MockReport },
): Promise<MockWorld> {
  const database = pgliteDatabase(client);
  await applyMigrations(database, MIGRATIONS);
  // Not a server: the outbox lives in this browser, whatever origin served the page.
  const config = loadConfig(
    {
      NODE_ENV: 'development',
      PUBLIC_URL: origin,
      DEV_OUTBOX: 'true',
      // A fixed key: the session tokens mock mode issues are no secret, and the browser keeps no key file.
      TOKEN_ENCRYPTION_KEY: btoa('mock-mode-session-token-key-0001'),
    },
    { server: false },
  );
  const fileStorage = fileStorageIn(createKeyValueBlobStore(blobs), config.storage);
  await seedIfEmpty(database.db, fileStorage, { passwords: false });
  const accountOf = async (email: string): Promise<MockAccount | undefined> =>
    database.db
      .selectFrom('users')
      .select(['email', 'displayName', 'roles'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  const api = await createInBrowserApi({
    database,
    config,
    fileStorage,
    log: logTo(report),
    userOf: async (token) => {
      const account = await accountOf(emailOfMockToken(token));
      return (
        account && {
          subject: account.email,
          name: account.displayName,
          email: account.email,
          roles: [...account.roles],
          issuedAt: new Date(),
        }
      );
    },
  });
  return { db: database.db, fetch: api.fetch, accountOf };
}
