import type { Readable } from 'node:stream';

/**
 * Where file contents live: the local disk (the embedded default) or Azure Blob Storage (at scale). Both
 * drivers keep this contract, and one test suite runs against each (blob-store.test.ts). Metadata (name,
 * type, size, owner) lives in the stored_files table, never in the store.
 */
export interface BlobStore {
  readonly kind: 'disk' | 'azure' | 'memory';
  /**
   * Streams `body` into `container`/`key`, creating the container on first use. It resolves once the blob is
   * complete; when it fails (the body errors, the store refuses), nothing is left under that key.
   */
  put(container: string, key: string, body: Readable): Promise<void>;
  /** The blob's bytes as a stream; a missing blob rejects with BlobNotFoundError. */
  get(container: string, key: string): Promise<Readable>;
  /** Removes a blob; removing a missing one is not an error. */
  delete(container: string, key: string): Promise<void>;
  /** Every key of a container (none when the container does not exist yet). */
  keys(container: string): AsyncIterable<string>;
  /**
   * Every blob of a container with when it was last written: the orphan sweep removes only blobs older
   * than its grace period, so an upload whose row is not written yet is never taken for an orphan.
   */
  entries(container: string): AsyncIterable<BlobEntry>;
  /**
   * Removes what interrupted puts left outside the containers, last written before `before`: the disk
   * driver's half-written files (a crash mid-upload). Answers how many were removed.
   */
  removeStalePartials(before: Date): Promise<number>;
}

export interface BlobEntry {
  key: string;
  modifiedAt: Date;
}

export class BlobNotFoundError extends Error {
  constructor(container: string, key: string) {
    super(`No blob ${container}/${key}`);
    this.name = 'BlobNotFoundError';
  }
}

/** Azure's container rule (3 to 63 of a-z, 0-9 and single hyphens), which the disk driver keeps too. */
const CONTAINER_NAME = /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/;
/** Keys are generated (uuids), never a user's file name: one safe segment, never a path. */
const KEY = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function assertContainerName(container: string): void {
  if (!CONTAINER_NAME.test(container)) throw new Error(`Invalid container name '${container}'`);
}

/** A container and key that can name neither a path outside the store nor another account's blob. */
export function assertBlobAddress(container: string, key: string): void {
  assertContainerName(container);
  if (!KEY.test(key)) throw new Error(`Invalid blob key '${key}'`);
}
