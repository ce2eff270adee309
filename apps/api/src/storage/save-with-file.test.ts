import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.js';
import { type Azurite, startAzurite } from './azurite-process.js';
import { BlobNotFoundError } from './blob-store.js';
import type { StagedFile } from './receive-upload.js';
import { saveWithFile } from './save-with-file.js';
import { SAMPLES } from './test-uploads.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

let azurite: Azurite;
beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(() => azurite?.stop());

describe.each(['disk', 'azure'] as const)(
  'saveWithFile on the %s store: the row and its record, or neither',
  (driver) => {
    let t: App;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = await mkdtemp(join(tmpdir(), 'save-'));
      t = await createTestApp({
        config: {
          DATA_DIR: dataDir,
          ...(driver === 'azure' ? { STORAGE_CONNECTION_STRING: azurite.connectionString } : {}),
        },
      });
    });
    afterAll(async () => {
      await t.app.close();
      await rm(dataDir, { recursive: true, force: true });
    });

    /** A blob in the store, as receiveUpload leaves it before its row is written. */
    async function stage(): Promise<StagedFile> {
      const { store, containerFor } = t.app.fileStorage;
      const container = containerFor('COPY_OF_PROOF');
      const key = randomUUID();
      await store.put(container, key, Readable.from([SAMPLES.pdf]));
      return {
        purpose: 'COPY_OF_PROOF',
        container,
        key,
        name: 'proof.pdf',
        mime: 'application/pdf',
        size: SAMPLES.pdf.length,
        sha256: createHash('sha256').update(SAMPLES.pdf).digest('hex'),
        discard: () => store.delete(container, key),
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

    const db = () => t.db;
  },
);
