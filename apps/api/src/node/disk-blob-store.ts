import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertBlobAddress,
  assertContainerName,
  BlobNotFoundError,
  type BlobStore,
} from '../storage/blob-store.js';

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

  async function* keysOf(container: string): AsyncIterable<string> {
    assertContainerName(container);
    let names: string[];
    try {
      names = await readdir(join(dir, container));
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    yield* names.sort();
  }

  return {
    kind: 'disk',

    async put(container, key, body: Readable) {
      const target = pathOf(container, key);
      await mkdir(join(dir, container), { recursive: true });
      await mkdir(join(dir, PARTIAL_DIR), { recursive: true });
      const partial = join(dir, PARTIAL_DIR, `${key}.${randomUUID()}`);
      // flush: the data reaches the disk before the rename makes it visible.
      const file = createWriteStream(partial, { flags: 'wx', flush: true });
      try {
        await pipeline(body, file);
        await rename(partial, target);
      } catch (error) {
        body.destroy();
        // The file is opened asynchronously: a body failing first would otherwise have its partial file
        // created after the rm below (CI saw one left behind). Closed, it is there to remove, or never was.
        if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
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

    keys: keysOf,

    async *entries(container) {
      for await (const key of keysOf(container)) {
        const modifiedAt = await modifiedAtOf(join(dir, container, key));
        if (modifiedAt) yield { key, modifiedAt };
      }
    },

    async removeStalePartials(before) {
      let names: string[];
      try {
        names = await readdir(join(dir, PARTIAL_DIR));
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const path = join(dir, PARTIAL_DIR, name);
        // A put under way writes on, so its file stays younger than any grace period.
        const modifiedAt = await modifiedAtOf(path);
        if (modifiedAt && modifiedAt < before) {
          await rm(path, { force: true });
          removed += 1;
        }
      }
      return removed;
    },
  };
}

/** When a file was last written; undefined when it is gone (removed since it was listed). */
async function modifiedAtOf(path: string): Promise<Date | undefined> {
  try {
    return (await stat(path)).mtime;
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}
