import { FILE_PURPOSES } from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { BlobStore } from './blob-store.js';
import { referenceCountSql } from './file-references.js';
import type { FileStorage } from './file-storage.js';
import { type ReleasedFile, removeBlobs } from './released-files.js';

/** Rows deleted, and keys looked up, per statement. */
const BATCH = 200;

export interface SweepOptions {
  db: Kysely<DB>;
  storage: FileStorage;
  /** How old an orphan must be before it goes (STORAGE_ORPHAN_GRACE_MINUTES): an upload under way is younger. */
  graceMs: number;
  log: FastifyBaseLogger;
  now?: Date;
}

export interface SweepCounts {
  /** stored_files rows no record references, with their blobs. */
  rows: number;
  /** Blobs no row knows. */
  blobs: number;
  /** What interrupted puts left (the disk driver's half-written files). */
  partials: number;
}

/**
 * Removes what no record needs any more and an upload or a crash left behind, once it is
 * older than the grace period: stored_files rows nothing references (file-references.ts) that no
 * administrator kept, with their blobs; blobs no row knows (a crash between a put and its row, or after a
 * commit and before its blob's removal); the disk driver's half-written files. Safe in several API
 * instances at once: rows are claimed with FOR UPDATE SKIP LOCKED, and removing a blob twice is no error.
 */
export async function sweepOrphans(options: SweepOptions): Promise<SweepCounts> {
  const before = new Date((options.now ?? new Date()).getTime() - options.graceMs);
  const rows = await sweepRows(options, before);
  const blobs = await sweepBlobs(options, before);
  const partials = await options.storage.store.removeStalePartials(before);
  return { rows, blobs, partials };
}

/** Unreferenced, unkept rows last changed before `before`, a batch per statement; then their blobs. */
async function sweepRows({ db, storage, log }: SweepOptions, before: Date): Promise<number> {
  let removed = 0;
  for (;;) {
    // One statement, so the claim and the delete share its transaction. A row another transaction
    // holds (an upload starting to reference it, an administrator deleting it) is skipped, not waited on.
    const { rows } = await sql<ReleasedFile>`
      with orphans as (
        select id from stored_files
        where not kept
          and updated_at < ${before}
          and ${referenceCountSql(sql.ref('stored_files.id'))} = 0
        order by updated_at
        limit ${BATCH}
        for update skip locked
      )
      delete from stored_files f using orphans where f.id = orphans.id
      returning f.id, f.container, f.blob_key as "blobKey"`.execute(db);
    await removeBlobs(storage.store, log, rows);
    removed += rows.length;
    if (rows.length < BATCH) return removed;
  }
}

/** Blobs of every purpose's container written before `before` whose container and key no row names. */
async function sweepBlobs({ db, storage, log }: SweepOptions, before: Date): Promise<number> {
  let removed = 0;
  for (const purpose of FILE_PURPOSES) {
    const container = storage.containerFor(purpose);
    let batch: string[] = [];
    for await (const entry of storage.store.entries(container)) {
      if (entry.modifiedAt >= before) continue;
      batch.push(entry.key);
      if (batch.length === BATCH) {
        removed += await removeUnknown(db, storage.store, log, container, batch);
        batch = [];
      }
    }
    if (batch.length > 0) removed += await removeUnknown(db, storage.store, log, container, batch);
  }
  return removed;
}

/** Removes those of `keys` (in `container`) that no row names; answers how many. */
async function removeUnknown(
  db: Kysely<DB>,
  store: BlobStore,
  log: FastifyBaseLogger,
  container: string,
  keys: string[],
): Promise<number> {
  const known = await db
    .selectFrom('storedFiles')
    .select('blobKey')
    .where('container', '=', container)
    .where('blobKey', 'in', keys)
    .execute();
  const rowKeys = new Set(known.map((row) => row.blobKey));
  const orphans = keys.filter((key) => !rowKeys.has(key)).map((key) => ({ container, blobKey: key }));
  await removeBlobs(store, log, orphans);
  return orphans.length;
}
