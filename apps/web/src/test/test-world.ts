import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { blobsInMemory } from '@portal/api/storage/key-value-blob-store';
import { type HttpHandler, HttpResponse, http } from 'msw';
import { mockToken } from '../mock/mock-accounts';
import { API_PATHS } from '../mock/mock-mode';
import { type MockWorld, openMockWorld } from '../mock/mock-world';

/**
 * One database per test worker: starting PGlite costs seconds, emptying its tables and seeding the demo
 * world again a third of one. Each world takes the database over; the one before it is gone.
 */
let database: Promise<PGlite> | undefined;
let current = 0;

const quiet = () => {};

/** Every table the migrations made, emptied (the migrations' own record kept), their identities restarted. */
async function emptied(client: PGlite) {
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
      where schemaname = 'public' and tablename <> 'schema_migrations'`,
  );
  const tables = rows.map((row) => row.name).join(', ');
  if (tables) await client.exec(`truncate table ${tables} restart identity cascade`);
  return client;
}

export interface TestWorld extends MockWorld {
  /** msw's handlers answering every API call from this world, as mock mode's worker does (no delay). */
  handlers: HttpHandler[];
  /**
   * A call to this world's API as `who` (a role's demo account or a user's email, as mock auth signs them
   * in), a JSON body sent as JSON; fails unless the API answers 2xx.
   */
  call(who: string, method: string, path: string, body?: unknown): Promise<Response>;
}

/**
 * Test helper: mock mode's world (mock-world.ts: the API's own code over the demo world), fresh, for a
 * screen's tests to call through msw. Tests set rows up through `db` or through the API itself (`call`).
 * A call still arriving for an earlier world (a page's late refetch) fails as a network error.
 */
export async function openTestWorld(): Promise<TestWorld> {
  const generation = ++current;
  database ??= PGlite.create({ extensions: { pg_trgm } });
  const client = await emptied(await database);
  const world = await openMockWorld(client, {
    origin: location.origin,
    blobs: blobsInMemory(),
    report: quiet,
  });
  const answer = (request: Request) => (generation === current ? world.fetch(request) : HttpResponse.error());
  const handlers = API_PATHS.map((path) => http.all(path, ({ request }) => answer(request)));
  async function call(who: string, method: string, path: string, body?: unknown) {
    const headers = new Headers({ authorization: `Bearer ${mockToken(who)}` });
    const json = body !== undefined && !(body instanceof FormData);
    if (json) headers.set('content-type', 'application/json');
    const sent = json ? JSON.stringify(body) : (body as FormData | undefined);
    const response = await world.fetch(
      new Request(new URL(path, location.origin), { method, headers, body: sent }),
    );
    if (!response.ok)
      throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response;
  }
  return { ...world, handlers, call };
}
