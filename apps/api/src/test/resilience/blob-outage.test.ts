import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../node/database.js';
import { SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import { type ApiProcess, startApiProcess } from '../api-process.js';
import { type Azurite, startAzurite } from '../azurite-process.js';
import { describeWithPostgres } from '../describe-with-postgres.js';
import { startJwksServer } from '../jwks-server.js';
import { insertTestUser, XSRF_HEADERS } from '../test-app.js';
import { createScratchSchema, type ScratchSchema } from '../test-database.js';
import { createTestKeys } from '../tokens.js';

// Blob storage down: an API process on Azure Blob Storage (Azurite) whose store stops
// answers an upload 503 SERVICE_UNAVAILABLE, soon, and keeps no stored_files row nor audit row of it
// (storage/receive-upload.ts writes the blob first; saveWithFile writes the rows only after it).

const DATABASE_URL = process.env.DATABASE_URL;

describeWithPostgres('blob storage down', () => {
  let schema: ScratchSchema;
  let database: Database;
  let azurite: Azurite;
  let api: ApiProcess;
  let closeJwks = async () => {};
  let admin: Record<string, string>;

  beforeAll(async () => {
    schema = await createScratchSchema(DATABASE_URL ?? '');
    const keys = await createTestKeys();
    const jwks = await startJwksServer(keys.jwk);
    closeJwks = jwks.close;
    azurite = await startAzurite();
    api = await startApiProcess({
      name: 'blob-outage',
      databaseUrl: schema.url,
      jwksUrl: jwks.url,
      env: { STORAGE_CONNECTION_STRING: azurite.connectionString },
    });
    database = await openDatabase({ databaseUrl: schema.url, poolSize: 2 });
    // The token's default subject is TEST_USER's: the API serves only users its directory knows.
    await insertTestUser(database.db);
    admin = { authorization: `Bearer ${await keys.sign({ roles: ['EmvoPortalAdmin'] })}`, ...XSRF_HEADERS };
  });

  afterAll(async () => {
    await api?.stop();
    await database?.close();
    await azurite?.stop();
    await closeJwks();
    await schema?.drop();
  });

  const upload = (name: string) =>
    api.call<{ code?: string; id?: string }>('POST', '/api/files', {
      headers: admin,
      body: uploadForm({ purpose: 'DOCUMENT' }, [{ name, content: SAMPLES.pdf }]),
    });
  const rows = async () => ({
    storedFiles: (await database.db.selectFrom('storedFiles').select('name').execute()).map(
      (row) => row.name,
    ),
    audit: (await database.db.selectFrom('auditLog').select('id').execute()).length,
  });

  it('an upload while the store is down: 503 SERVICE_UNAVAILABLE within seconds, no row left', async () => {
    const stored = await upload('Before.pdf');
    expect(stored.status).toBe(201);
    const before = await rows();
    expect(before.storedFiles).toEqual(['Before.pdf']);

    await azurite.stop();
    const startedAt = Date.now();
    const refused = await upload('During.pdf');
    const tookMs = Date.now() - startedAt;
    expect(refused).toMatchObject({ status: 503, body: { code: 'SERVICE_UNAVAILABLE' } });
    // The SDK's retries are bounded (node/azure-blob-store.ts): the user hears within seconds, not minutes.
    expect(tookMs).toBeLessThan(15_000);
    expect(await rows()).toEqual(before);
    expect(api.running()).toBe(true);
    console.info(
      `blob outage: the upload answered 503 after ${tookMs} ms; stored_files and audit rows unchanged`,
    );
  }, 60_000);
});
