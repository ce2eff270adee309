import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, uploadForm } from '../../storage/test-uploads.js';
import {
  blobKeys,
  createCompany,
  type Headers,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from '../../test/onboarding-test-kit.js';
import { STORAGE_DRIVERS, useStorageDrivers } from '../../test/storage-drivers.js';
import { createTestApp } from '../../test/test-app.js';

// "storage fills without bound", through the upload routes on both stores: a replaced
// file is removed (row and blob), and each company's files are held to STORAGE_QUOTA_MB.

/** A pdf of `bytes` bytes, which the content check takes. */
const pdfOf = (bytes: number) => Buffer.concat([TINY_PDF, Buffer.alloc(bytes - TINY_PDF.length, 32)]);

/** A CSR of about `bytes` bytes: a PEM block the technical step's check takes. */
function csrOf(bytes: number): Buffer {
  const der = Buffer.concat([
    Buffer.from([0x30, 0x82, 0x02, 0x56]),
    Buffer.alloc(Math.floor((bytes * 3) / 4), 0x42),
  ]);
  const base64 = der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n');
  return Buffer.from(`-----BEGIN CERTIFICATE REQUEST-----\n${base64}\n-----END CERTIFICATE REQUEST-----\n`);
}

const { storageConfig } = useStorageDrivers();

describe.each(STORAGE_DRIVERS)('uploads on the %s store keep storage bounded', (driver) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'upload-storage-'));
    t = await createTestApp({
      config: {
        DATA_DIR: dataDir,
        // 1 MB per company, so a few files fill it.
        STORAGE_QUOTA_MB: '1',
        // Many uploads of one user in a few seconds: the per-user upload limit is not what is tested here.
        RATE_LIMIT_USER_UPLOADS: '1000',
        RATE_LIMIT_USER_WRITES: '1000',
        ...storageConfig(driver),
      },
    });
    expect(t.app.fileStorage.store.kind).toBe(driver);
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function post(url: string, headers: Headers, name: string, content: Buffer) {
    const body = await multipartBody(uploadForm({}, [{ name, content }]));
    const response: LightMyRequestResponse = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  }
  const uploadProof = (company: TestCompany, content: Buffer) =>
    post('/api/onboarding/legitimacy/copy-of-proof', company.headers, 'proof.pdf', content);
  const uploadCsr = (company: TestCompany, content: Buffer) =>
    post('/api/onboarding/technical/IQE/csr', company.headers, 'request.csr', content);

  const filesOf = (company: TestCompany) =>
    t.db
      .selectFrom('storedFiles')
      .select(['id', 'blobKey', 'size', 'refCount'])
      .where('organisationId', '=', company.organisationId)
      .execute();
  const proofOf = async (company: TestCompany) =>
    (
      await t.db
        .selectFrom('contacts')
        .select('copyOfProofFileId')
        .where('organisationId', '=', company.organisationId)
        .where('kind', '=', 'AUTHORISED_REPRESENTATIVE')
        .executeTakeFirst()
    )?.copyOfProofFileId;

  it('20 parallel copy-of-proof uploads of one company leave only the file its representative references', async () => {
    const company = await createCompany(t);
    const before = await blobKeys(t);
    const answers = await Promise.all(Array.from({ length: 20 }, () => uploadProof(company, pdfOf(200_000))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
    const files = await filesOf(company);
    expect(files).toEqual([
      { id: await proofOf(company), blobKey: expect.any(String), size: 200_000, refCount: 1 },
    ]);
    expect((await blobKeys(t)).filter((key) => !before.includes(key))).toEqual([files[0]?.blobKey]);
  });

  it('a replaced copy of proof is gone, row and blob; its replacement is downloadable', async () => {
    const company = await createCompany(t);
    const first = await uploadProof(company, pdfOf(1_000));
    const [firstRow] = await filesOf(company);
    const second = await uploadProof(company, pdfOf(2_000));
    expect([first.status, second.status]).toEqual([201, 201]);
    const files = await filesOf(company);
    expect(files.map((file) => file.id)).toEqual([second.body.id]);
    expect(await blobKeys(t)).not.toContain(firstRow?.blobKey);
    expect(await blobKeys(t)).toContain(files[0]?.blobKey);
    const download = await t.app.inject({ url: `/api/files/${second.body.id}`, headers: company.headers });
    expect(download.rawPayload.equals(pdfOf(2_000))).toBe(true);
  });

  it('refuses a file over the quota with 413 STORAGE_QUOTA_EXCEEDED, naming the MB used and the limit, and stores nothing', async () => {
    const company = await createCompany(t);
    const before = await blobKeys(t);
    const response = await uploadProof(company, pdfOf(1_200_000));
    expect(response).toMatchObject({
      status: 413,
      body: [
        {
          code: 'STORAGE_QUOTA_EXCEEDED',
          message: "The company's stored files take 0 MB of its 1 MB: this file does not fit",
          values: { used: '0', limit: '1' },
        },
      ],
    });
    expect(await filesOf(company)).toEqual([]);
    expect(await proofOf(company)).toBeUndefined();
    expect(await blobKeys(t)).toEqual(before);
  });

  it('counts the file a replacement removes as freed: 600 kB replaced by 600 kB fits in 1 MB', async () => {
    const company = await createCompany(t);
    expect((await uploadProof(company, pdfOf(600_000))).status).toBe(201);
    const again = await uploadProof(company, pdfOf(600_000));
    expect(again.status).toBe(201);
    expect((await filesOf(company)).map((file) => file.id)).toEqual([again.body.id]);
  });

  it('refuses at once, before reading the body, a company whose files already fill the quota', async () => {
    const company = await createCompany(t);
    await t.db
      .updateTable('organisations')
      .set({ stage: 'TECHNICAL_IQE' })
      .where('id', '=', company.organisationId)
      .execute();
    const filled = await uploadCsr(company, csrOf(1_000));
    expect(filled.status).toBe(201);
    // Its files take the whole megabyte (as if a larger quota had been lowered since).
    await t.db
      .updateTable('storedFiles')
      .set({ size: 1_000_000 })
      .where('id', '=', filled.body.file.id)
      .execute();
    const before = await blobKeys(t);
    const refused = await uploadCsr(company, csrOf(20_000));
    expect(refused).toMatchObject({ status: 413, body: [{ code: 'STORAGE_QUOTA_EXCEEDED' }] });
    // The body was left unread: the connection is closed after the answer (storage-plugin.ts).
    expect(refused.headers.connection).toBe('close');
    expect(await blobKeys(t)).toEqual(before);
  });

  it('lets parallel uploads of one company pass only as far as the quota', async () => {
    const company = await createCompany(t);
    await t.db
      .updateTable('organisations')
      .set({ stage: 'TECHNICAL_IQE' })
      .where('id', '=', company.organisationId)
      .execute();
    const before = await blobKeys(t);
    const csr = csrOf(300_000);
    const answers = await Promise.all(Array.from({ length: 12 }, () => uploadCsr(company, csr)));
    const accepted = answers.filter((answer) => answer.status === 201);
    expect(accepted).toHaveLength(Math.floor(1_000_000 / csr.length));
    for (const answer of answers.filter((each) => each.status !== 201)) {
      expect(answer).toMatchObject({ status: 413, body: [{ code: 'STORAGE_QUOTA_EXCEEDED' }] });
    }
    const files = await filesOf(company);
    expect(files).toHaveLength(accepted.length);
    expect(files.reduce((sum, file) => sum + file.size, 0)).toBeLessThanOrEqual(1_000_000);
    // Only the accepted files' blobs were added.
    expect((await blobKeys(t)).filter((key) => !before.includes(key)).sort()).toEqual(
      files.map((file) => file.blobKey).sort(),
    );
  });
});
