import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAzureBlobStore } from '../node/azure-blob-store.js';
import { createDiskBlobStore } from '../node/disk-blob-store.js';
import { type Azurite, startAzurite } from '../test/azurite-process.js';
import { type BlobEntry, BlobNotFoundError, type BlobStore } from './blob-store.js';
import { createKeyValueBlobStore } from './key-value-blob-store.js';

// test:dates: not calendar. Blob ages come from the file system's and Azurite's clocks, which a run's set
// clock does not move; what the sweep decides depends on an age, not on the day.

let azurite: Azurite;
let dir: string;
const stores: Record<BlobStore['kind'], () => BlobStore> = {
  disk: () => createDiskBlobStore(dir),
  // Small blocks, so a few hundred kilobytes already make an upload of several blocks.
  azure: () => createAzureBlobStore(azurite.connectionString, { blockBytes: 64 * 1024, concurrency: 2 }),
  // Mock mode's (in-browser/), over a Map here and IndexedDB there.
  memory: () => createKeyValueBlobStore(),
};

beforeAll(async () => {
  [azurite, dir] = await Promise.all([startAzurite(), mkdtemp(join(tmpdir(), 'blobs-'))]);
});
afterAll(async () => {
  await Promise.all([azurite?.stop(), rm(dir, { recursive: true, force: true })]);
});

/** A body that sends `bytes`, then fails the way a broken upload does. */
function failingBody(bytes: Buffer): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(bytes);
      } else {
        this.destroy(new Error('the client went away'));
      }
    },
  });
}

async function keysOf(store: BlobStore, container: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.keys(container)) keys.push(key);
  return keys;
}

describe.each(['disk', 'azure', 'memory'] as const)(
  'the %s blob store keeps the BlobStore contract',
  (kind) => {
    let store: BlobStore;
    // A fresh container per driver, so the Azure one starts missing (created on first use).
    const container = `test-${kind}-${randomUUID().slice(0, 8)}`;
    beforeAll(() => {
      store = stores[kind]();
    });

    it('has no keys in a container that does not exist yet', async () => {
      expect(store.kind).toBe(kind);
      expect(await keysOf(store, container)).toEqual([]);
    });

    it.each([
      ['an empty blob', 0],
      ['a small blob', 1_000],
      ['a blob of several blocks', 300_000],
    ])('puts %s and gets the same bytes back', async (_case, size) => {
      const bytes = randomBytes(size);
      const key = randomUUID();
      await store.put(container, key, Readable.from([bytes]));
      // Buffer.equals: vitest's deep equality walks large buffers byte by byte.
      expect((await buffer(await store.get(container, key))).equals(bytes)).toBe(true);
      expect(await keysOf(store, container)).toContain(key);
    });

    it('lists entries with when each blob was last written (the orphan sweep reads their age)', async () => {
      const key = randomUUID();
      const before = Date.now();
      await store.put(container, key, Readable.from([Buffer.from('dated')]));
      const entries: BlobEntry[] = [];
      for await (const entry of store.entries(container)) entries.push(entry);
      const entry = entries.find((each) => each.key === key);
      // Azure's times have whole seconds.
      expect(entry?.modifiedAt.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
      expect(entry?.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(entries.map((each) => each.key).sort()).toEqual((await keysOf(store, container)).sort());
      const missing: BlobEntry[] = [];
      for await (const each of store.entries(`none-${kind}`)) missing.push(each);
      expect(missing).toEqual([]);
    });

    it('removes no partial blob younger than asked', async () => {
      expect(await store.removeStalePartials(new Date(Date.now() - 60_000))).toBe(0);
    });

    it('deletes a blob, and deleting it again is no error', async () => {
      const key = randomUUID();
      await store.put(container, key, Readable.from([Buffer.from('bye')]));
      await store.delete(container, key);
      await store.delete(container, key);
      await expect(store.get(container, key)).rejects.toBeInstanceOf(BlobNotFoundError);
      await store.delete(`missing-${kind}`, key);
    });

    it('answers BlobNotFoundError for a missing blob and a missing container', async () => {
      await expect(store.get(container, randomUUID())).rejects.toBeInstanceOf(BlobNotFoundError);
      await expect(store.get(`nothing-${kind}`, randomUUID())).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it.each([
      ['before the first block is full', 1_000],
      ['after some blocks were sent', 200_000],
    ])('leaves nothing when the body fails %s', async (_case, size) => {
      const failed = `failed-${kind}-${size}`;
      const key = randomUUID();
      await expect(store.put(failed, key, failingBody(randomBytes(size)))).rejects.toThrow(
        'the client went away',
      );
      await expect(store.get(failed, key)).rejects.toBeInstanceOf(BlobNotFoundError);
      expect(await keysOf(store, failed)).toEqual([]);
      if (kind === 'disk') expect(await readdir(join(dir, '.partial'))).toEqual([]);
    });

    it.each([
      ['a key with a path', 'a/../../b'],
      ['a key with dots', '..'],
    ])('refuses %s', async (_case, key) => {
      await expect(store.put(container, key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        'Invalid blob key',
      );
    });

    it('refuses a container name Azure would refuse', async () => {
      await expect(store.get('Bad_Container', randomUUID())).rejects.toThrow('Invalid container name');
    });
  },
);
