import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertBlobAddress, assertContainerName, BlobNotFoundError, type BlobStore } from './blob-store.js';

/** Half-written blobs live here, on the same file system as the containers, so a rename completes them. */
const PARTIAL_DIR = '.partial';

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOENT';

/**
 * The embedded default (architecture.md): one folder per container under `dir`, one file per blob. A blob
 * is written to a temporary file, flushed, then renamed into place, so a reader or a crash never sees a
 * partial file under a real key (issue: never leave partial files).
 */
export function createDiskBlobStore(dir: string): BlobStore {
  const pathOf = (container: string, key: string) => {
    assertBlobAddress(container, key);
    return join(dir, container, key);
  };

  return {
    kind: 'disk',

    async put(container, key, body: Readable) {
      const target = pathOf(container, key);
      await mkdir(join(dir, container), { recursive: true });
      await mkdir(join(dir, PARTIAL_DIR), { recursive: true });
      const partial = join(dir, PARTIAL_DIR, `${key}.${randomUUID()}`);
      try {
        // flush: the data reaches the disk before the rename makes it visible.
        await pipeline(body, createWriteStream(partial, { flags: 'wx', flush: true }));
        await rename(partial, target);
      } catch (error) {
        body.destroy();
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(container, key) {
      try {
        // Opened before answering, so a missing blob is an error here rather than on the stream later.
        const handle = await open(pathOf(container, key), 'r');
        return handle.createReadStream();
      } catch (error) {
        if (isMissing(error)) throw new BlobNotFoundError(container, key);
        throw error;
      }
    },

    async delete(container, key) {
      await rm(pathOf(container, key), { force: true });
    },

    async *keys(container) {
      assertContainerName(container);
      let names: string[];
      try {
        names = await readdir(join(dir, container));
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      yield* names.sort();
    },
  };
}
