import { Readable } from 'node:stream';
import { assertBlobAddress, type BlobEntry, BlobNotFoundError, type BlobStore } from './blob-store.js';

/** A blob as a key-value store keeps it: both fields survive structured cloning (IndexedDB). */
export interface KeptBlob {
  bytes: Uint8Array;
  modifiedAt: Date;
}

/** Where the blobs are kept, by `container/key`: a Map in memory, or the browser's IndexedDB (idb-keyval). */
export interface BlobMap {
  get(name: string): Promise<KeptBlob | undefined>;
  set(name: string, blob: KeptBlob): Promise<void>;
  delete(name: string): Promise<void>;
  /** Every blob with its name (IndexedDB answers its keys as `unknown`-typed valid keys: strings here). */
  entries(): Promise<Array<[unknown, KeptBlob]>>;
}

/** A BlobMap over a Map of this process's memory. */
export function blobsInMemory(): BlobMap {
  const blobs = new Map<string, KeptBlob>();
  return {
    get: async (name) => blobs.get(name),
    set: async (name, blob) => void blobs.set(name, blob),
    delete: async (name) => void blobs.delete(name),
    entries: async () => [...blobs],
  };
}

/**
 * Blobs in a key-value store: mock mode's (the API in the browser, in-browser/), which has neither a disk
 * nor Azure, and tests'. A put reads its body to the end before the blob is there, as the others do.
 */
export function createKeyValueBlobStore(blobs: BlobMap = blobsInMemory()): BlobStore {
  const address = (container: string, key: string) => {
    assertBlobAddress(container, key);
    return `${container}/${key}`;
  };
  async function* entriesOf(container: string): AsyncGenerator<BlobEntry> {
    for (const [name, { modifiedAt }] of await blobs.entries()) {
      const text = String(name);
      if (text.startsWith(`${container}/`)) yield { key: text.slice(container.length + 1), modifiedAt };
    }
  }
  return {
    kind: 'memory',
    async put(container, key, body) {
      const name = address(container, key);
      const chunks: Uint8Array[] = [];
      for await (const chunk of body) {
        chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
      }
      const bytes = new Uint8Array(chunks.reduce((size, chunk) => size + chunk.length, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.length;
      }
      await blobs.set(name, { bytes, modifiedAt: new Date() });
    },
    async get(container, key) {
      const blob = await blobs.get(address(container, key));
      if (!blob) throw new BlobNotFoundError(container, key);
      return Readable.from([Buffer.from(blob.bytes)], { objectMode: false });
    },
    async delete(container, key) {
      await blobs.delete(address(container, key));
    },
    async *keys(container) {
      for await (const entry of entriesOf(container)) yield entry.key;
    },
    entries: entriesOf,
    removeStalePartials: async () => 0,
  };
}
