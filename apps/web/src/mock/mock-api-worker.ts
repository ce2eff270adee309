import './node-globals';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { createStore, del, entries, get, set, setMany } from 'idb-keyval';
import type { MockApiReply, MockApiRequest } from './mock-api-client';
import { openMockWorld } from './mock-world';

/*
 * Mock mode's API (spec §7): one shared worker for every tab of the site, as one server is for its
 * browsers. It keeps the world in the browser's IndexedDB (PGlite's database, the stored files' bytes), so
 * a reload, another tab and a later visit find what was done; clearing the site's storage starts afresh.
 * After a call that may write, the other tabs are told, and read their screens again.
 */

const scope = self as unknown as { onconnect: (event: MessageEvent) => void; location: Location };
const files = createStore('portal-mock-files', 'blobs');
const ports = new Set<MessagePort>();
const DATA_DIR = 'portal-mock';

/** The prepared world (scripts/mock-image.mjs): PGlite's data directory, and the seeded files' bytes. */
interface PreparedWorld {
  data: Blob;
  files: Array<[name: string, base64: string]>;
}

/**
 * The prepared world, for a browser that has no world yet (PGlite keeps its data directory in an IndexedDB
 * database named after it); undefined when the build has none, and the world is then made here.
 */
async function preparedWorld(): Promise<PreparedWorld | undefined> {
  const kept = await indexedDB.databases();
  if (kept.some(({ name }) => name?.endsWith(DATA_DIR))) return undefined;
  const answers = await Promise.all([
    fetch('/assets/mock/demo-world.tar.gz'),
    fetch('/assets/mock/demo-world-files.json'),
  ]);
  // A dev server without the image answers its SPA page instead.
  if (answers.some((answer) => !answer.ok || answer.headers.get('content-type')?.includes('html')))
    return undefined;
  const [data, bytes] = answers;
  return { data: await data.blob(), files: await bytes.json() };
}

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));

/**
 * Writes to IndexedDB, one after another: the first (a prepared world's files and database) runs while the
 * first calls are answered; a call that may write waits for its own, and so for those before it.
 */
let writing: Promise<unknown> = Promise.resolve();
function inTurn(write: () => Promise<void>): Promise<void> {
  const written = writing.then(write);
  writing = written.catch(() => {});
  return written;
}

/** Tells every tab's console (a failure here would otherwise be seen only in the worker's own). */
function tellTabs(level: 'error' | 'warn' | 'info', message: string, details: unknown): void {
  for (const port of ports) port.postMessage({ type: 'log', level, message, details });
}

/**
 * The world's database: kept from an earlier visit, started from the prepared world, or empty, for
 * openMockWorld to migrate and seed. A prepared world is kept (its database and the seeded files' bytes)
 * in the background: writing some 40 MB to IndexedDB took longer than all the rest of a first start.
 * Should the page close before that is done, IndexedDB has all or nothing of the database (one
 * transaction), and a world found empty is migrated and seeded here.
 */
async function openDatabase(): Promise<{ client: PGlite; seededFiles: Promise<void> }> {
  const prepared = await preparedWorld();
  // relaxedDurability: a statement answers before IndexedDB has its change (PGlite's default waits, and
  // made every call a few hundred ms slower and the first start twice as long). A call that may write
  // waits for it before answering (keep), so that a reload, or the last tab closing, finds what it did.
  const client = await PGlite.create({
    dataDir: `idb://${DATA_DIR}`,
    relaxedDurability: true,
    extensions: { pg_trgm },
    ...(prepared ? { loadDataDir: prepared.data } : {}),
  });
  if (!prepared) return { client, seededFiles: Promise.resolve() };
  const modifiedAt = new Date();
  const seededFiles = inTurn(() =>
    setMany(
      prepared.files.map(([name, base64]) => [name, { bytes: bytesOf(base64), modifiedAt }]),
      files,
    ),
  );
  inTurn(() => syncToIndexedDb(client)).catch((error: unknown) =>
    tellTabs('error', 'The prepared world could not be kept in IndexedDB', String(error)),
  );
  return { client, seededFiles };
}

const opened = openDatabase();
const database = opened.then(({ client }) => client);
/** Reaches the stored files once the prepared world's are in: a call may come before they are written. */
const afterSeededFiles = <T>(use: () => Promise<T>) =>
  opened.then(({ seededFiles }) => seededFiles).then(use);

/**
 * Writes PGlite's files to IndexedDB and waits for it: its own syncToFs does not wait under relaxed
 * durability, so this goes to its file system (IdbFs.syncToFs, public in its source, untyped).
 */
async function syncToIndexedDb(client: PGlite): Promise<void> {
  await (client as unknown as { fs?: { syncToFs(): Promise<void> } }).fs?.syncToFs();
}

const keep = () => inTurn(async () => syncToIndexedDb(await database));

const world = database.then((client) =>
  openMockWorld(client, {
    origin: scope.location.origin,
    // An Error's message and stack survive the port; the rest of the details as they clone.
    report: (level, message, details) => {
      const error = (details as { err?: unknown } | undefined)?.err;
      const shown =
        error instanceof Error ? { ...(details as object), err: String(error.stack ?? error) } : details;
      tellTabs(level, message, shown);
    },
    blobs: {
      get: (name) => afterSeededFiles(() => get(name, files)),
      set: (name, blob) => afterSeededFiles(() => set(name, blob, files)),
      delete: (name) => afterSeededFiles(() => del(name, files)),
      entries: () => afterSeededFiles(() => entries(files)),
    },
  }),
);

async function answer(message: MockApiRequest): Promise<MockApiReply> {
  const { id } = message;
  try {
    const api = await world;
    if (message.type === 'account')
      return { id, type: 'account', account: await api.accountOf(message.email) };
    const { method, url, headers, body } = message;
    const response = await api.fetch(new Request(url, { method, headers, body }));
    if (method !== 'GET' && response.ok) await keep();
    const bytes = response.body ? await response.arrayBuffer() : null;
    return { id, type: 'response', status: response.status, headers: [...response.headers], body: bytes };
  } catch (error) {
    return { id, type: 'failure', message: String((error as Error)?.stack ?? error) };
  }
}

scope.onconnect = (event) => {
  const port = event.ports[0];
  if (!port) return;
  ports.add(port);
  // The worker outlives its tabs (mock-api-client.ts): a closed tab's port is let go.
  port.addEventListener('close', () => ports.delete(port));
  port.onmessage = async ({ data }: MessageEvent<MockApiRequest>) => {
    const reply = await answer(data);
    port.postMessage(reply);
    // Only a write that went through changes what the other tabs show; a refusal changed nothing.
    const wrote =
      data.type === 'request' && data.method !== 'GET' && reply.type === 'response' && reply.status < 400;
    if (wrote) {
      for (const other of ports) if (other !== port) other.postMessage({ type: 'changed' });
    }
  };
  port.start();
};
