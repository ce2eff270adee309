import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { blobsInMemory, type KeptBlob } from '@portal/api/storage/key-value-blob-store';
import { type HttpHandler, http } from 'msw';
import { API_PATHS } from '../mock/mock-mode';
import { type MockWorld, openMockWorld } from '../mock/mock-world';

/** The demo world as mock mode starts it, dumped once per worker: each test's world loads the dump. */
let template: Promise<{ data: Blob; blobs: Array<[unknown, KeptBlob]> }> | undefined;

const quiet = () => {};

function dumpedWorld() {
  template ??= (async () => {
    const client = await PGlite.create({ extensions: { pg_trgm } });
    const blobs = blobsInMemory();
    await openMockWorld(client, { origin: location.origin, blobs, report: quiet });
    const dump = { data: await client.dumpDataDir('none'), blobs: await blobs.entries() };
    await client.close();
    return dump;
  })();
  return template;
}

export interface TestWorld extends MockWorld {
  /** msw's handlers answering every API call from this world, as mock mode's worker does (no delay). */
  handlers: HttpHandler[];
}

/**
 * Test helper: a fresh copy of mock mode's world (mock-world.ts: the API's own code over the demo world),
 * for a screen's tests to call through msw. Tests set rows up through `db` or through the API itself.
 */
export async function openTestWorld(): Promise<TestWorld> {
  const { data, blobs } = await dumpedWorld();
  const client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: data });
  const kept = blobsInMemory();
  for (const [name, blob] of blobs) await kept.set(String(name), blob);
  const world = await openMockWorld(client, { origin: location.origin, blobs: kept, report: quiet });
  const handlers = API_PATHS.map((path) => http.all(path, ({ request }) => world.fetch(request)));
  return { ...world, handlers };
}
