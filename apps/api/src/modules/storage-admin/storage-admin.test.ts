import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_PURPOSES } from '@portal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sweepOrphans } from '../../storage/orphan-sweep.js';
import { type FormFile, multipartBody, SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import { STORAGE_DRIVERS, useStorageDrivers } from '../../test/storage-drivers.js';
import { createTestApp } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

const { storageConfig } = useStorageDrivers();

describe.each(STORAGE_DRIVERS)('/api/admin/files on the %s store', (driver) => {
  let t: App;
  let dataDir: string;
  let admin: Headers;
  let acme: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'storage-admin-'));
    t = await createTestApp({
      config: {
        DATA_DIR: dataDir,
        ...storageConfig(driver),
      },
    });
    expect(t.app.fileStorage.store.kind).toBe(driver);
    admin = await t.bearer('EmvoPortalAdmin');
    ({ id: acme } = await t.db
      .insertInto('organisations')
      .values({
        obpNumber: 'C00001',
        legalName: 'Acme Pharma',
        orgType: 'OPM',
        stage: 'INFORMATION',
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
    await t.db.deleteFrom('agreementTemplates').execute();
    await t.db.deleteFrom('auditLog').execute();
    await t.db.deleteFrom('storedFiles').execute();
    const { store, containerFor } = t.app.fileStorage;
    for (const purpose of FILE_PURPOSES) {
      for await (const key of store.keys(containerFor(purpose)))
        await store.delete(containerFor(purpose), key);
    }
  });

  async function upload(fields: Record<string, string>, file: FormFile, headers: Headers = admin) {
    const body = await multipartBody(uploadForm(fields, [file]));
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/files',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  const list = (query = '', headers: Headers = admin) =>
    t.app.inject({ url: `/api/admin/files${query}`, headers });
  const remove = (id: string, query = '') =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/files/${id}${query}`, headers: admin });
  async function blobKeys(): Promise<string[]> {
    const { store, containerFor } = t.app.fileStorage;
    const keys: string[] = [];
    for (const purpose of FILE_PURPOSES)
      for await (const key of store.keys(containerFor(purpose))) keys.push(key);
    return keys;
  }
  const reference = (fileId: string) =>
    t.db.insertInto('agreementTemplates').values({ version: 1, fileId, publishedBy: 'admin' }).execute();

  it('uploads into a container through the stored-files checks and answers the row', async () => {
    const response = await upload(
      { purpose: 'COPY_OF_PROOF', organisationId: acme },
      { name: 'passport.pdf', content: SAMPLES.pdf },
    );
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name: 'passport.pdf',
      purpose: 'COPY_OF_PROOF',
      container: 'portal-copy-of-proof',
      organisationId: acme,
      organisationName: 'Acme Pharma',
      obpNumber: 'C00001',
      size: SAMPLES.pdf.length,
      mime: 'application/pdf',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      uploadedBy: 'test@portal.test',
      createdAt: expect.any(String),
      referenceCount: 0,
      version: 1,
    });
    const download = await t.app.inject({ url: `/api/files/${response.json().id}`, headers: admin });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(SAMPLES.pdf)).toBe(true);
  });

  // The content checks (112) are the stored-files service's, tested in files-routes.test.ts.
  it.each([['an extension the container refuses', { purpose: 'CSR' }, 'a.pdf', 400, '111']])(
    'refuses %s and stores nothing',
    async (_case, fields, name, status, code) => {
      const response = await upload(fields, { name, content: SAMPLES.pdf });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
      expect(await t.db.selectFrom('storedFiles').selectAll().execute()).toEqual([]);
      expect(await blobKeys()).toEqual([]);
    },
  );

  it('lists files with their company and reference count; filters by purpose, company and name', async () => {
    const proof = (
      await upload(
        { purpose: 'COPY_OF_PROOF', organisationId: acme },
        { name: 'id.png', content: SAMPLES.png },
      )
    ).json();
    const template = (
      await upload({ purpose: 'AGREEMENT_TEMPLATE' }, { name: 'Agreement.pdf', content: SAMPLES.pdf })
    ).json();
    await reference(template.id);

    const all = (await list()).json();
    expect(all).toMatchObject({ total: 2, totalEstimated: false });
    const byId = new Map(all.items.map((row: { id: string }) => [row.id, row]));
    expect(byId.get(template.id)).toMatchObject({ referenceCount: 1, organisationName: null });
    expect(byId.get(proof.id)).toMatchObject({ referenceCount: 0, organisationName: 'Acme Pharma' });

    const ids = async (query: string) =>
      (await list(query)).json().items.map((row: { id: string }) => row.id);
    expect(await ids('?purpose=COPY_OF_PROOF')).toEqual([proof.id]);
    expect(await ids(`?organisationId=${acme}`)).toEqual([proof.id]);
    expect(await ids('?organisationName=*acme*')).toEqual([proof.id]);
    expect(await ids('?search=agree')).toEqual([template.id]);
    expect(await ids('?referenceCount.gt=0')).toEqual([template.id]);
    expect(await ids('?order=name')).toEqual([template.id, proof.id]);
    expect((await list('?purpose=NOPE')).statusCode).toBe(400);
  });

  it('sums files and bytes per container, every container listed', async () => {
    await upload({ purpose: 'DOCUMENT' }, { name: 'a.pdf', content: SAMPLES.pdf });
    await upload({ purpose: 'DOCUMENT' }, { name: 'b.png', content: SAMPLES.png });
    await upload({ purpose: 'CSR' }, { name: 'c.csr', content: Buffer.from(SAMPLES.csr) });
    const usage = (await t.app.inject({ url: '/api/admin/files/usage', headers: admin })).json();
    expect(usage.containers).toHaveLength(FILE_PURPOSES.length);
    expect(usage.containers).toContainEqual({
      purpose: 'DOCUMENT',
      container: 'portal-document',
      files: 2,
      bytes: SAMPLES.pdf.length + SAMPLES.png.length,
    });
    expect(usage.containers).toContainEqual({
      purpose: 'INVOICING_FORM',
      container: 'portal-invoicing-form',
      files: 0,
      bytes: 0,
    });
    expect(usage).toMatchObject({
      totalFiles: 3,
      totalBytes: SAMPLES.pdf.length + SAMPLES.png.length + SAMPLES.csr.length,
    });
  });

  it('keeps an uploaded file that nothing references: the orphan sweep leaves it', async () => {
    const file = (
      await upload({ purpose: 'DOCUMENT', organisationId: acme }, { name: 'a.pdf', content: SAMPLES.pdf })
    ).json();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000);
    const swept = await sweepOrphans({
      db: t.db,
      storage: t.app.fileStorage,
      graceMs: t.config.storage.orphanGraceMs,
      log: t.app.log,
      now: tomorrow,
    });
    expect(swept).toEqual({ rows: 0, blobs: 0, partials: 0 });
    expect(await t.db.selectFrom('storedFiles').select(['id', 'refCount', 'kept']).execute()).toEqual([
      { id: file.id, refCount: 0, kept: true },
    ]);
    expect(await blobKeys()).toHaveLength(1);
  });

  it('refuses to delete a referenced file (409 FILE_IN_USE) and keeps its row and blob', async () => {
    const file = (
      await upload({ purpose: 'AGREEMENT_TEMPLATE' }, { name: 'a.pdf', content: SAMPLES.pdf })
    ).json();
    await reference(file.id);
    const response = await remove(file.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'FILE_IN_USE' });
    expect(await t.db.selectFrom('storedFiles').select('id').execute()).toEqual([{ id: file.id }]);
    expect(await blobKeys()).toHaveLength(1);
  });

  it('deletes an unreferenced file: row, audit row and blob; a second delete is 404', async () => {
    const file = (await upload({ purpose: 'DOCUMENT' }, { name: 'a.pdf', content: SAMPLES.pdf })).json();
    expect((await remove(file.id, '?version=2')).json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    const response = await remove(file.id, '?version=1');
    expect(response.statusCode).toBe(204);
    expect(await t.db.selectFrom('storedFiles').selectAll().execute()).toEqual([]);
    expect(await blobKeys()).toEqual([]);
    expect(
      await t.db
        .selectFrom('auditLog')
        .select(['action', 'entity', 'entityId'])
        .where('action', '=', 'DELETE')
        .execute(),
    ).toEqual([{ action: 'DELETE', entity: 'storedFile', entityId: file.id }]);
    expect((await remove(file.id)).statusCode).toBe(404);
  });

  it.each([
    ['GET', '/api/admin/files'],
    ['GET', '/api/admin/files/usage'],
    ['DELETE', '/api/admin/files/00000000-0000-4000-8000-000000000000'],
  ] as const)('refuses %s %s to a reviewer (403)', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: await t.bearer('EmvoPortalInternal') });
    expect(response.statusCode).toBe(403);
  });
});
