import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FILE_PURPOSES } from '@portal/contracts';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage } from '../node/configured-file-storage.js';
import { STORAGE_DRIVERS, useStorageDrivers } from '../test/storage-drivers.js';
import { createTestApp } from '../test/test-app.js';
import { sweepOrphans } from './orphan-sweep.js';
import { orphanSweepPlugin } from './orphan-sweep-plugin.js';
import { storagePlugin } from './storage-plugin.js';
import { SAMPLES } from './test-uploads.js';

// test:dates: not calendar. Blob ages come from the file system's and Azurite's clocks, which a run's set
// clock does not move; what the sweep decides depends on an age, not on the day.

type App = Awaited<ReturnType<typeof createTestApp>>;

const MINUTE = 60_000;

const { storageConfig } = useStorageDrivers();

describe.each(STORAGE_DRIVERS)('the orphan sweep on the %s store', (driver) => {
  let t: App;
  let dataDir: string;
  let organisationId: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sweep-'));
    t = await createTestApp({
      config: {
        DATA_DIR: dataDir,
        STORAGE_ORPHAN_GRACE_MINUTES: '60',
        ...storageConfig(driver),
      },
    });
    expect(t.app.fileStorage.store.kind).toBe(driver);
    ({ id: organisationId } = await t.db
      .insertInto('organisations')
      .values({
        obpNumber: 'C00001',
        legalName: 'Acme Pharma',
        orgType: 'OPM',
        stage: 'REGISTERED',
        createdBy: 't',
        updatedBy: 't',
      })
      .returning('id')
      .executeTakeFirstOrThrow());
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await t.db.deleteFrom('contacts').execute();
    await t.db.deleteFrom('storedFiles').execute();
    for (const purpose of FILE_PURPOSES) {
      const container = t.app.fileStorage.containerFor(purpose);
      for await (const key of t.app.fileStorage.store.keys(container)) {
        await t.app.fileStorage.store.delete(container, key);
      }
    }
  });

  const container = () => t.app.fileStorage.containerFor('COPY_OF_PROOF');
  const sweep = (now?: Date, graceMs = t.config.storage.orphanGraceMs) =>
    sweepOrphans({ db: t.db, storage: t.app.fileStorage, graceMs, log: t.app.log, ...(now ? { now } : {}) });

  async function blobKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of t.app.fileStorage.store.keys(container())) keys.push(key);
    return keys.sort();
  }

  /** A blob in the copies-of-proof container, as an upload (or a crash after one) leaves it. */
  async function putBlob(): Promise<string> {
    const key = randomUUID();
    await t.app.fileStorage.store.put(container(), key, Readable.from([SAMPLES.pdf]));
    return key;
  }

  /**
   * A stored file (blob and row) last changed `ageMs` ago: abandoned (nothing references it, ref_count 0),
   * referenced by an authorised representative, or kept by an administrator.
   */
  async function storedFile(kind: 'abandoned' | 'referenced' | 'kept', ageMs: number) {
    const key = await putBlob();
    const at = new Date(Date.now() - ageMs);
    const { id } = await t.db
      .insertInto('storedFiles')
      .values({
        container: container(),
        blobKey: key,
        name: 'proof.pdf',
        mime: 'application/pdf',
        size: SAMPLES.pdf.length,
        sha256: '0'.repeat(64),
        purpose: 'COPY_OF_PROOF',
        organisationId,
        uploadedBy: 'anna',
        refCount: kind === 'referenced' ? 1 : 0,
        kept: kind === 'kept',
        createdBy: 'anna',
        updatedBy: 'anna',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Rows take now() when they are written: set the age the test needs.
    await sql`update stored_files set created_at = ${at}, updated_at = ${at} where id = ${id}`.execute(t.db);
    if (kind === 'referenced') {
      await t.db
        .insertInto('contacts')
        .values({
          organisationId,
          kind: 'AUTHORISED_REPRESENTATIVE',
          firstName: '',
          lastName: '',
          email: '',
          copyOfProofFileId: id,
          createdBy: 'anna',
          updatedBy: 'anna',
        })
        .execute();
    }
    return { id, key };
  }

  const rowIds = async () =>
    (await t.db.selectFrom('storedFiles').select('id').orderBy('id').execute()).map((row) => row.id).sort();

  it('removes an abandoned row older than the grace period with its blob; keeps a younger, a referenced and a kept one', async () => {
    const abandoned = await storedFile('abandoned', 61 * MINUTE);
    const young = await storedFile('abandoned', 59 * MINUTE);
    const referenced = await storedFile('referenced', 24 * 60 * MINUTE);
    const kept = await storedFile('kept', 24 * 60 * MINUTE);

    expect(await sweep()).toEqual({ rows: 1, blobs: 0, partials: 0 });
    expect(await rowIds()).toEqual([young.id, referenced.id, kept.id].sort());
    expect(await blobKeys()).toEqual([young.key, referenced.key, kept.key].sort());
    expect(await rowIds()).not.toContain(abandoned.id);
  });

  it('keeps a file a record references even when its counter says 0 (the references decide)', async () => {
    const referenced = await storedFile('referenced', 24 * 60 * MINUTE);
    await t.db.updateTable('storedFiles').set({ refCount: 0 }).where('id', '=', referenced.id).execute();
    await sql`update stored_files set updated_at = now() - interval '1 day'`.execute(t.db);
    expect(await sweep()).toEqual({ rows: 0, blobs: 0, partials: 0 });
    expect(await rowIds()).toEqual([referenced.id]);
  });

  it('removes a blob no row knows once it is older than the grace period; keeps a younger one', async () => {
    const withRow = await storedFile('referenced', 0);
    const orphan = await putBlob();
    // Azure's last-modified times have whole seconds: the younger blob is written over a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const younger = await putBlob();
    let youngerAt = new Date();
    for await (const entry of t.app.fileStorage.store.entries(container())) {
      if (entry.key === younger) youngerAt = entry.modifiedAt;
    }
    // A sweep when the younger blob is exactly as old as the grace period: it stays, the older one goes.
    const graceMs = 5 * MINUTE;
    expect(await sweep(new Date(youngerAt.getTime() + graceMs), graceMs)).toEqual({
      rows: 0,
      blobs: 1,
      partials: 0,
    });
    expect(await blobKeys()).toEqual([withRow.key, younger].sort());
    expect(await blobKeys()).not.toContain(orphan);
    expect(await rowIds()).toEqual([withRow.id]);
  });

  it('runs in several instances at once: each orphan is removed once, and no sweep fails', async () => {
    const orphans = await Promise.all(
      Array.from({ length: 12 }, () => storedFile('abandoned', 2 * 60 * MINUTE)),
    );
    const counts = await Promise.all([sweep(), sweep(), sweep()]);
    expect(counts.reduce((sum, count) => sum + count.rows, 0)).toBe(orphans.length);
    expect(await rowIds()).toEqual([]);
    expect(await blobKeys()).toEqual([]);
  });

  it.runIf(driver === 'disk')(
    'removes the half-written files of interrupted uploads, once older than the grace period',
    async () => {
      const partials = join(dataDir, 'files', '.partial');
      await mkdir(partials, { recursive: true });
      const old = join(partials, `${randomUUID()}.${randomUUID()}`);
      const writing = join(partials, `${randomUUID()}.${randomUUID()}`);
      await writeFile(old, 'half');
      await writeFile(writing, 'half');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * MINUTE);
      await utimes(old, twoHoursAgo, twoHoursAgo);
      expect(await sweep()).toEqual({ rows: 0, blobs: 0, partials: 1 });
      expect(await readdir(partials)).toEqual([writing.slice(partials.length + 1)]);
    },
  );

  it('runs in each API instance as a plugin: a pass after start, stopped on close', async () => {
    const abandoned = await storedFile('abandoned', 2 * 60 * MINUTE);
    const app = Fastify({ logger: false });
    await app.register(storagePlugin, { fileStorage: createFileStorage(t.config.storage) });
    await app.register(orphanSweepPlugin, {
      database: t.database,
      storage: t.config.storage,
      firstDelayMs: 0,
      intervalMs: 50,
    });
    await app.ready();
    try {
      const deadline = Date.now() + 10_000;
      while ((await rowIds()).includes(abandoned.id) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await rowIds()).toEqual([]);
      expect(await blobKeys()).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
