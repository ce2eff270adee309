import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB, StoredFile } from '../db/schema.js';
import { STORAGE_DRIVERS, useStorageDrivers } from '../test/storage-drivers.js';
import { createTestApp } from '../test/test-app.js';
import { BlobNotFoundError, type BlobStore } from './blob-store.js';
import type { StagedFile } from './receive-upload.js';
import { type Release, saveWithFile } from './save-with-file.js';
import { SAMPLES } from './test-uploads.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const { storageConfig } = useStorageDrivers();

describe.each(STORAGE_DRIVERS)(
  'saveWithFile on the %s store: the row and its record, or neither',
  (driver) => {
    let t: App;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'save-'));
      t = await createTestApp({
        config: {
          DATA_DIR: dataDir,
          // 1 MB per company, so a few files of 300 kB fill it.
          STORAGE_QUOTA_MB: '1',
          ...storageConfig(driver),
        },
      });
    });
    afterAll(async () => {
      await t.app.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** A blob in the store, as receiveUpload leaves it before its row is written. */
    async function stage(content: Buffer = SAMPLES.pdf): Promise<StagedFile> {
      const { store, containerFor } = t.app.fileStorage;
      const container = containerFor('COPY_OF_PROOF');
      const key = randomUUID();
      await store.put(container, key, Readable.from([content]));
      return {
        purpose: 'COPY_OF_PROOF',
        container,
        key,
        name: 'proof.pdf',
        mime: 'application/pdf',
        size: content.length,
        sha256: createHash('sha256').update(content).digest('hex'),
        discard: () => store.delete(container, key),
        storage: t.app.fileStorage,
        log: t.app.log,
      };
    }
    const blobOf = (staged: StagedFile) => t.app.fileStorage.store.get(staged.container, staged.key);
    const rowOf = (staged: StagedFile) =>
      t.db.selectFrom('storedFiles').selectAll().where('blobKey', '=', staged.key).executeTakeFirst();

    it('writes the stored_files row (refCount 1) with the record, and keeps the blob', async () => {
      const staged = await stage();
      const answer = await saveWithFile(
        db(),
        staged,
        { organisationId: null, uploadedBy: 'anna' },
        async (trx, stored) => {
          await trx
            .insertInto('auditLog')
            .values({ actor: 'anna', action: 'LINK', entity: 'contact', entityId: stored.id, diff: null })
            .execute();
          return stored.id;
        },
      );
      expect(await rowOf(staged)).toMatchObject({
        id: answer,
        refCount: 1,
        uploadedBy: 'anna',
        createdBy: 'anna',
        sha256: staged.sha256,
      });
      expect((await buffer(await blobOf(staged))).equals(SAMPLES.pdf)).toBe(true);
    });

    it("removes the blob and writes no row when the record's write throws", async () => {
      const staged = await stage();
      const failure = new Error('the record could not be written');
      let storedId = '';
      await expect(
        saveWithFile(db(), staged, { organisationId: null, uploadedBy: 'anna' }, async (trx, stored) => {
          storedId = stored.id;
          await trx
            .insertInto('auditLog')
            .values({ actor: 'anna', action: 'LINK', entity: 'contact', entityId: stored.id, diff: null })
            .execute();
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await rowOf(staged)).toBeUndefined();
      // The record's own writes are rolled back with the row.
      expect(
        await t.db.selectFrom('auditLog').selectAll().where('entityId', '=', storedId).execute(),
      ).toEqual([]);
      await expect(blobOf(staged)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    it('removes the blob when the row itself cannot be written (an unknown organisation)', async () => {
      const staged = await stage();
      await expect(
        saveWithFile(db(), staged, { organisationId: randomUUID(), uploadedBy: 'anna' }, async () => 'never'),
      ).rejects.toMatchObject({ code: '23503' });
      expect(await rowOf(staged)).toBeUndefined();
      await expect(blobOf(staged)).rejects.toBeInstanceOf(BlobNotFoundError);
    });

    describe('a file the record replaces', () => {
      /** Points the contact at a new file and releases the old one, as copy-of-proof.ts does. */
      const replace =
        (previous: string, failure?: Error) =>
        async (trx: Transaction<DB>, row: StoredFile, release: Release) => {
          await trx
            .updateTable('contacts')
            .set({ copyOfProofFileId: row.id })
            .where('copyOfProofFileId', '=', previous)
            .execute();
          await release(previous);
          // The replaced row is gone inside the transaction already.
          expect(
            await trx.selectFrom('storedFiles').select('id').where('id', '=', previous).execute(),
          ).toEqual([]);
          if (failure) throw failure;
          return row;
        };

      it('deletes its row in the transaction and its blob after the commit', async () => {
        const old = await referenced();
        const next = await stage();
        await saveWithFile(db(), next, { organisationId: null, uploadedBy: 'anna' }, replace(old.stored.id));
        expect(await rowOf(old.staged)).toBeUndefined();
        await expect(blobOf(old.staged)).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await rowOf(next)).toMatchObject({ refCount: 1 });
        expect((await buffer(await blobOf(next))).equals(SAMPLES.pdf)).toBe(true);
      });

      it('keeps its row and its blob when the transaction fails (the blob never goes before the commit)', async () => {
        const old = await referenced();
        const next = await stage();
        const failure = new Error('the record could not be written');
        await expect(
          saveWithFile(
            db(),
            next,
            { organisationId: null, uploadedBy: 'anna' },
            replace(old.stored.id, failure),
          ),
        ).rejects.toBe(failure);
        expect(await rowOf(old.staged)).toMatchObject({ id: old.stored.id, refCount: 1 });
        expect((await buffer(await blobOf(old.staged))).equals(SAMPLES.pdf)).toBe(true);
        expect(await rowOf(next)).toBeUndefined();
        await expect(blobOf(next)).rejects.toBeInstanceOf(BlobNotFoundError);
      });

      it('only logs a blob it cannot remove: the upload succeeds, the row is gone, the sweep takes the blob', async () => {
        const old = await referenced();
        const next = await stage();
        const logged: unknown[] = [];
        const { store } = t.app.fileStorage;
        const failingStore: BlobStore = {
          ...store,
          delete: async () => {
            throw new Error('the store is down');
          },
        };
        const log = { ...t.app.log, error: (...args: unknown[]) => logged.push(args) } as FastifyBaseLogger;
        await saveWithFile(
          db(),
          { ...next, storage: { ...t.app.fileStorage, store: failingStore }, log },
          { organisationId: null, uploadedBy: 'anna' },
          replace(old.stored.id),
        );
        expect(await rowOf(old.staged)).toBeUndefined();
        expect((await buffer(await blobOf(old.staged))).equals(SAMPLES.pdf)).toBe(true);
        expect(logged).toHaveLength(1);
        await store.delete(old.staged.container, old.staged.key);
      });

      it('keeps a released file that an administrator kept (refCount 0 by design)', async () => {
        const kept = await stage();
        const row = await saveWithFile(
          db(),
          kept,
          { organisationId: null, uploadedBy: 'admin', kept: true },
          async (_trx, stored) => stored,
        );
        expect(row).toMatchObject({ refCount: 0, kept: true });
        await saveWithFile(
          db(),
          await stage(),
          { organisationId: null, uploadedBy: 'anna' },
          (_trx, _row, release) => release(row.id),
        );
        expect(await rowOf(kept)).toMatchObject({ id: row.id, kept: true });
        expect((await buffer(await blobOf(kept))).equals(SAMPLES.pdf)).toBe(true);
      });
    });

    describe("the company's quota (STORAGE_QUOTA_MB, here 1 MB)", () => {
      const KB300 = Buffer.concat([SAMPLES.pdf, Buffer.alloc(300_000 - SAMPLES.pdf.length, 32)]);
      const companyFiles = (organisationId: string) =>
        t.db
          .selectFrom('storedFiles')
          .select(['id', 'size', 'container', 'blobKey'])
          .where('organisationId', '=', organisationId)
          .execute();
      const nothing = async () => undefined;

      it('refuses a file that takes the company past it: 413 STORAGE_QUOTA_EXCEEDED, no row, no blob', async () => {
        const company = await anOrganisation();
        for (let n = 0; n < 3; n += 1) {
          await saveWithFile(
            db(),
            await stage(KB300),
            { organisationId: company, uploadedBy: 'anna' },
            nothing,
          );
        }
        const staged = await stage(KB300);
        const refusal = saveWithFile(db(), staged, { organisationId: company, uploadedBy: 'anna' }, nothing);
        await expect(refusal).rejects.toMatchObject({
          statusCode: 413,
          code: 'STORAGE_QUOTA_EXCEEDED',
          message: "The company's stored files take 0.9 MB of its 1 MB: this file does not fit",
          details: [expect.objectContaining({ values: { used: '0.9', limit: '1' } })],
        });
        expect(await rowOf(staged)).toBeUndefined();
        await expect(blobOf(staged)).rejects.toBeInstanceOf(BlobNotFoundError);
        expect(await companyFiles(company)).toHaveLength(3);
      });

      it('lets parallel saves of one company pass only as far as the quota', async () => {
        const company = await anOrganisation();
        const staged = await Promise.all(Array.from({ length: 8 }, () => stage(KB300)));
        const results = await Promise.allSettled(
          staged.map((file) =>
            saveWithFile(db(), file, { organisationId: company, uploadedBy: 'anna' }, nothing),
          ),
        );
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
        for (const result of results) {
          if (result.status === 'rejected')
            expect(result.reason).toMatchObject({ code: 'STORAGE_QUOTA_EXCEEDED' });
        }
        const files = await companyFiles(company);
        expect(files.reduce((sum, file) => sum + file.size, 0)).toBe(900_000);
        // The refused files' blobs are gone: the store holds only the three saved ones.
        for (const file of staged) {
          const saved = files.some((row) => row.blobKey === file.key);
          if (saved) (await blobOf(file)).destroy();
          else await expect(blobOf(file)).rejects.toBeInstanceOf(BlobNotFoundError);
        }
      });

      it('counts a file the save replaces as freed', async () => {
        const company = await anOrganisation();
        await saveWithFile(
          db(),
          await stage(KB300),
          { organisationId: company, uploadedBy: 'anna' },
          nothing,
        );
        await saveWithFile(
          db(),
          await stage(KB300),
          { organisationId: company, uploadedBy: 'anna' },
          nothing,
        );
        const { stored } = await referenced(company, KB300);
        // 900 kB stored: another 300 kB fits only because the one it replaces goes.
        const next = await stage(KB300);
        await saveWithFile(
          db(),
          next,
          { organisationId: company, uploadedBy: 'anna' },
          async (trx, row, release) => {
            await trx
              .updateTable('contacts')
              .set({ copyOfProofFileId: row.id })
              .where('copyOfProofFileId', '=', stored.id)
              .execute();
            await release(stored.id);
          },
        );
        expect((await companyFiles(company)).map((file) => file.size)).toEqual([300_000, 300_000, 300_000]);
        expect(await rowOf(next)).toBeDefined();
      });

      it('holds portal documents (no organisation) to no quota', async () => {
        const big = Buffer.concat([KB300, KB300, KB300, KB300]);
        const staged = await stage(big);
        await saveWithFile(db(), staged, { organisationId: null, uploadedBy: 'anna' }, nothing);
        expect(await rowOf(staged)).toMatchObject({ size: 1_200_000, organisationId: null });
      });
    });

    /**
     * A saved file that an authorised representative's contact references, as an upload leaves it (of the
     * organisation given, else a portal document); answers its staged file and row.
     */
    async function referenced(organisationId: string | null = null, content: Buffer = SAMPLES.pdf) {
      const contactOf = organisationId ?? (await anOrganisation());
      const staged = await stage(content);
      const stored = await saveWithFile(
        db(),
        staged,
        { organisationId, uploadedBy: 'anna' },
        async (trx, row) => {
          await trx
            .insertInto('contacts')
            .values({
              organisationId: contactOf,
              kind: 'AUTHORISED_REPRESENTATIVE',
              firstName: '',
              lastName: '',
              email: '',
              copyOfProofFileId: row.id,
              createdBy: 'anna',
              updatedBy: 'anna',
            })
            .execute();
          return row;
        },
      );
      return { staged, stored };
    }

    let organisations = 0;
    /** A new organisation: the owner of the files a test saves. */
    async function anOrganisation(): Promise<string> {
      organisations += 1;
      const { id } = await t.db
        .insertInto('organisations')
        .values({
          obpNumber: `C${String(20_000 + organisations)}`,
          legalName: `Company ${organisations}`,
          orgType: 'OPM',
          stage: 'REGISTERED',
          createdBy: 't',
          updatedBy: 't',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    }

    const db = () => t.db;
  },
);
