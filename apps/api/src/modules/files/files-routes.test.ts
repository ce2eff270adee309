import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_PURPOSES } from '@portal/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FormFile, multipartBody, SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import { STORAGE_DRIVERS, useStorageDrivers } from '../../test/storage-drivers.js';
import { createTestApp, XSRF_HEADERS } from '../../test/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;

const { storageConfig } = useStorageDrivers();

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const OOXML = 'application/vnd.openxmlformats-officedocument';
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** A CSR of exactly `size` bytes: a real PEM start, then filler. */
const csrOfSize = (size: number) =>
  Buffer.concat([Buffer.from(SAMPLES.csr), Buffer.alloc(size - SAMPLES.csr.length, 65)]);

describe.each(STORAGE_DRIVERS)('stored files on the %s store', (driver) => {
  let t: App;
  let dataDir: string;
  let admin: Headers;
  let reviewer: Headers;
  let acme: string;
  let boreal: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'files-'));
    t = await createTestApp({
      config: {
        DATA_DIR: dataDir,
        ...storageConfig(driver),
      },
    });
    expect(t.app.fileStorage.store.kind).toBe(driver);
    admin = await t.bearer('EmvoPortalAdmin');
    reviewer = await t.bearer('EmvoPortalInternal');
    const audit = { createdBy: 'test', updatedBy: 'test' };
    const orgs = await t.db
      .insertInto('organisations')
      .values([
        { obpNumber: 'C00001', legalName: 'Acme Pharma', orgType: 'OPM', stage: 'INFORMATION', ...audit },
        { obpNumber: 'C00002', legalName: 'Boreal Biotech', orgType: 'PD', stage: 'INFORMATION', ...audit },
      ])
      .returning('id')
      .execute();
    [acme, boreal] = orgs.map((org) => org.id) as [string, string];
    // The external users of each company, as the registration creates them.
    await t.db
      .insertInto('users')
      .values(
        [
          { email: 'anna@acme.test', displayName: 'Anna', externalId: 'oid-anna', organisationId: acme },
          { email: 'bob@boreal.test', displayName: 'Bob', externalId: 'oid-bob', organisationId: boreal },
          { email: 'nina@acme.test', displayName: 'Nina', externalId: null, organisationId: acme },
          {
            email: 'rex@acme.test',
            displayName: 'Rex',
            externalId: 'oid-rex',
            organisationId: acme,
            access: 'REVOKED' as const,
          },
        ].map((user) => ({ ...user, roles: ['EXTERNAL' as const], ...audit })),
      )
      .execute();
  });
  afterAll(async () => {
    await t.app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const external = async (sub: string, email: string): Promise<Headers> => ({
    authorization: `Bearer ${await t.sign({ roles: ['EmvoPortalExternal'], sub, emails: [email] })}`,
    ...XSRF_HEADERS,
  });

  async function post(form: FormData, headers: Headers = admin) {
    const body = await multipartBody(form);
    return t.app.inject({
      method: 'POST',
      url: '/api/files',
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  const upload = (fields: Record<string, string>, files: FormFile[], headers?: Headers) =>
    post(uploadForm(fields, files), headers);
  const download = (id: string, headers: Headers = admin) =>
    t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers });

  async function blobKeys(): Promise<string[]> {
    const { store, containerFor } = t.app.fileStorage;
    const keys: string[] = [];
    for (const purpose of FILE_PURPOSES)
      for await (const key of store.keys(containerFor(purpose))) keys.push(key);
    return keys;
  }
  const rows = () => t.db.selectFrom('storedFiles').selectAll().execute();
  async function expectNothingStored() {
    expect(await rows()).toEqual([]);
    expect(await blobKeys()).toEqual([]);
  }

  beforeEach(async () => {
    await t.db.deleteFrom('auditLog').execute();
    await t.db.deleteFrom('storedFiles').execute();
    const { store, containerFor } = t.app.fileStorage;
    for (const purpose of FILE_PURPOSES) {
      for await (const key of store.keys(containerFor(purpose)))
        await store.delete(containerFor(purpose), key);
    }
  });

  describe('POST /api/files: an administrator uploads a file into its purpose container', () => {
    it('answers 201 with the metadata, the sha256 of the bytes, a row, an audit row and the blob', async () => {
      const response = await upload({ purpose: 'DOCUMENT' }, [{ name: 'Guide.pdf', content: SAMPLES.pdf }]);
      expect(response.statusCode).toBe(201);
      const file = response.json();
      expect(file).toEqual({
        id: expect.any(String),
        container: 'portal-document',
        name: 'Guide.pdf',
        mime: 'application/pdf',
        size: SAMPLES.pdf.length,
        sha256: sha256(SAMPLES.pdf),
        purpose: 'DOCUMENT',
        organisationId: null,
        uploadedBy: 'test@portal.test',
        refCount: 0,
        createdAt: expect.any(String),
        version: 1,
      });
      const [row] = await rows();
      expect(row).toMatchObject({ id: file.id, blobKey: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(await blobKeys()).toEqual([row?.blobKey]);
      expect(await t.db.selectFrom('auditLog').selectAll().execute()).toMatchObject([
        { action: 'CREATE', entity: 'storedFile', entityId: file.id, actor: 'test@portal.test' },
      ]);
      expect((await download(file.id)).rawPayload.equals(SAMPLES.pdf)).toBe(true);
    });

    it("keeps the organisation a file belongs to, in the purpose's own container", async () => {
      const response = await upload({ purpose: 'COPY_OF_PROOF', organisationId: acme }, [
        { name: 'passport.png', content: SAMPLES.png },
      ]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ container: 'portal-copy-of-proof', organisationId: acme });
    });

    it.each([
      ['DOCUMENT', 'photo.JPG', SAMPLES.jpg, 'image/jpeg'],
      ['DOCUMENT', 'letter.doc', SAMPLES.cfb, 'application/msword'],
      ['DOCUMENT', 'letter.docx', SAMPLES.docx, `${OOXML}.wordprocessingml.document`],
      ['INVOICING_FORM', 'form.xlsx', SAMPLES.xlsx, `${OOXML}.spreadsheetml.sheet`],
      ['INVOICING_FORM', 'form.xls', SAMPLES.cfb, 'application/vnd.ms-excel'],
      ['DOCUMENT', 'slides.pptx', SAMPLES.pptx, `${OOXML}.presentationml.presentation`],
      ['DOCUMENT', 'bundle.zip', SAMPLES.zip, 'application/zip'],
      ['CSR', 'iqe.csr', Buffer.from(SAMPLES.csr), 'application/pkcs10'],
    ])('accepts a %s file %s and stores it as %s', async (purpose, name, content, mime) => {
      const response = await upload({ purpose }, [{ name, content }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name, mime, size: content.length, sha256: sha256(content) });
    });

    it('accepts a file of exactly the limit (CSR: 1 MB of 10⁶ bytes)', async () => {
      const response = await upload({ purpose: 'CSR' }, [{ name: 'big.csr', content: csrOfSize(1_000_000) }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ size: 1_000_000 });
    });

    it.each([
      ['a file one byte over the limit', 'CSR', 'big.csr', csrOfSize(1_000_001), 413, 'FILE_TOO_LARGE'],
      ['an extension not in the list', 'DOCUMENT', 'setup.exe', Buffer.from('MZ'), 400, '111'],
      ["an extension of another purpose's list", 'CSR', 'request.pdf', SAMPLES.pdf, 400, '111'],
      ['a name without an extension', 'DOCUMENT', 'README', SAMPLES.pdf, 400, '111'],
      ['a .pdf that is a PNG', 'DOCUMENT', 'scan.pdf', SAMPLES.png, 400, '112'],
      ['a .png that is text', 'COPY_OF_PROOF', 'id.png', Buffer.from(SAMPLES.text), 400, '112'],
      ['a .csr that is not PEM', 'CSR', 'request.csr', SAMPLES.pdf, 400, '112'],
      ['an empty file', 'DOCUMENT', 'empty.pdf', Buffer.alloc(0), 400, '112'],
    ])('refuses %s (%s) and stores nothing', async (_case, purpose, name, content, status, code) => {
      const response = await upload({ purpose }, [{ name, content }]);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ code, message: expect.any(String), requestId: expect.any(String) });
      await expectNothingStored();
    });

    it.each([
      ['../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\windows\\win.ini.pdf', 'win.ini.pdf'],
      ['.hidden.pdf', 'hidden.pdf'],
      ['report\u0000\u202e.pdf', 'report.pdf'],
    ])('sanitises the name %j to %j; the blob key is generated', async (name, expected) => {
      const response = await upload({ purpose: 'DOCUMENT' }, [{ name, content: SAMPLES.pdf }]);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: expected });
      const [row] = await rows();
      expect(row?.blobKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    });

    it('refuses two files (400 TOO_MANY_FILES) and removes the first one it had stored', async () => {
      const response = await upload({ purpose: 'DOCUMENT' }, [
        { name: 'a.pdf', content: SAMPLES.pdf },
        { name: 'b.pdf', content: SAMPLES.pdf },
      ]);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'TOO_MANY_FILES' });
      await expectNothingStored();
    });

    it('refuses a field after the file and removes the file', async () => {
      const form = uploadForm({ purpose: 'DOCUMENT' }, [{ name: 'a.pdf', content: SAMPLES.pdf }]);
      form.append('organisationId', acme);
      const response = await post(form);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'INVALID_MULTIPART' });
      await expectNothingStored();
    });

    it.each([
      ['no file', { purpose: 'DOCUMENT' }, [], 'file'],
      ['no purpose', {}, [{ name: 'a.pdf', content: SAMPLES.pdf }], 'purpose'],
      [
        'an unknown purpose',
        { purpose: 'HOLIDAY_PHOTO' },
        [{ name: 'a.pdf', content: SAMPLES.pdf }],
        'purpose',
      ],
      [
        'an organisationId that is no uuid',
        { purpose: 'DOCUMENT', organisationId: 'acme' },
        [{ name: 'a.pdf', content: SAMPLES.pdf }],
        'organisationId',
      ],
      [
        'an organisation that does not exist',
        { purpose: 'DOCUMENT', organisationId: UNKNOWN_ID },
        [{ name: 'a.pdf', content: SAMPLES.pdf }],
        'organisationId',
      ],
    ])(
      'refuses %s with 400 INVALID_FIELD on that field, storing nothing',
      async (_case, fields, files, field) => {
        const response = await upload(fields, files);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field })]);
        await expectNothingStored();
      },
    );

    it('refuses the purpose sent after the file (the container must be known first)', async () => {
      const form = new FormData();
      form.append('file', new Blob([SAMPLES.pdf]), 'a.pdf');
      form.append('purpose', 'DOCUMENT');
      const response = await post(form);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual([expect.objectContaining({ field: 'purpose' })]);
      await expectNothingStored();
    });

    it.each([
      [
        'a body cut off in the middle of the file',
        (payload: Buffer) => payload.subarray(0, payload.length - 60),
      ],
      ['a body without its closing boundary', (payload: Buffer) => payload.subarray(0, payload.length - 4)],
      ['a body of garbage', () => Buffer.from('this is not multipart at all')],
    ])('answers 400 INVALID_MULTIPART to %s, storing nothing', async (_case, damage) => {
      const body = await multipartBody(
        uploadForm({ purpose: 'DOCUMENT' }, [{ name: 'a.pdf', content: SAMPLES.pdf }]),
      );
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        payload: damage(body.payload),
        headers: { ...admin, ...body.headers },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: expect.stringMatching(/^INVALID_(MULTIPART|FIELD)$/) });
      await expectNothingStored();
    });

    it.each([
      ['multipart without a boundary', { 'content-type': 'multipart/form-data' }, 'x', 400],
      ['JSON', { 'content-type': 'application/json' }, '{"purpose":"DOCUMENT"}', 415],
    ])('answers 4xx to %s', async (_case, contentType, payload, status) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/files',
        payload,
        headers: { ...admin, ...contentType },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({
        code: expect.any(String),
        message: expect.any(String),
        requestId: expect.any(String),
      });
    });

    it('stops reading a file as soon as it passes the limit: the 413 comes before the body ends', async () => {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = 'portal-test-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nCSR\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.csr"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      const answer = await new Promise<{ status: number; connection: string | undefined }>(
        (resolve, reject) => {
          const request = httpRequest({
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/files',
            headers: { ...admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
          });
          request.on('response', (response) => {
            resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
            request.destroy();
          });
          request.on('error', reject);
          // 1.5 MB of a 1 MB purpose, and the body never ends: only an early answer settles this.
          request.write(head);
          request.write(csrOfSize(1_500_000));
        },
      );
      // The unread rest is not drained: the connection closes after the answer.
      expect(answer).toEqual({ status: 413, connection: 'close' });
      await expectNothingStored();
    });

    it.each([
      ['a reviewer', 'EmvoPortalInternal', 403],
      ['an external user', 'EmvoPortalExternal', 403],
    ])('refuses an upload by %s', async (_who, role, status) => {
      const response = await upload(
        { purpose: 'DOCUMENT' },
        [{ name: 'a.pdf', content: SAMPLES.pdf }],
        await t.bearer(role),
      );
      expect(response.statusCode).toBe(status);
      await expectNothingStored();
    });

    it('refuses an upload by nobody signed in (401)', async () => {
      const response = await upload(
        { purpose: 'DOCUMENT' },
        [{ name: 'a.pdf', content: SAMPLES.pdf }],
        XSRF_HEADERS,
      );
      expect(response.statusCode).toBe(401);
      await expectNothingStored();
    });
  });

  describe('GET /api/files/:id: downloads, each caller only what they may read', () => {
    let acmeFile: string;
    let portalFile: string;
    beforeEach(async () => {
      acmeFile = (
        await upload({ purpose: 'COPY_OF_PROOF', organisationId: acme }, [
          { name: 'Pièce d’identité.pdf', content: SAMPLES.pdf },
        ])
      ).json().id;
      portalFile = (
        await upload({ purpose: 'DOCUMENT' }, [{ name: 'guide.png', content: SAMPLES.png }])
      ).json().id;
    });

    it('streams the bytes with the stored type, length and an attachment name (RFC 5987 for non-ASCII)', async () => {
      const response = await download(acmeFile);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(SAMPLES.pdf)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(SAMPLES.pdf.length),
        'content-disposition': `attachment; filename="Pi_ce d_identit_.pdf"; filename*=UTF-8''Pi%C3%A8ce%20d%E2%80%99identit%C3%A9.pdf`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    });

    it('is not compressed, even for a client that accepts it', async () => {
      const response = await download(portalFile, { ...admin, 'accept-encoding': 'gzip, br' });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers['content-disposition']).toBe('attachment; filename="guide.png"');
      expect(response.rawPayload.equals(SAMPLES.png)).toBe(true);
    });

    const ALL = ['acme', 'portal'] as const;
    // Who calls, the files they read (Acme's copy of proof, the portal's own document), those they get 404 for.
    it.each([
      ['an administrator', ALL, [], () => admin],
      ['a reviewer', ALL, [], () => reviewer],
      [
        'the external user of the owning organisation',
        ['acme'],
        ['portal'],
        () => external('oid-anna', 'anna@acme.test'),
      ],
      [
        'an external user of the owning organisation not linked yet (found by email)',
        ['acme'],
        ['portal'],
        () => external('oid-nina', 'NINA@acme.test'),
      ],
      ['the external user of another organisation', [], ALL, () => external('oid-bob', 'bob@boreal.test')],
    ] as const)('lets %s read %j, and answers 404 for %j', async (_who, readable, hidden, headersOf) => {
      const headers = await headersOf();
      const ids = { acme: acmeFile, portal: portalFile };
      for (const name of readable) {
        expect((await download(ids[name], headers)).statusCode, name).toBe(200);
        expect((await t.app.inject({ url: `/api/files/${ids[name]}/meta`, headers })).statusCode).toBe(200);
      }
      for (const name of hidden) {
        const response = await download(ids[name], headers);
        expect(response.statusCode, name).toBe(404);
        expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
        expect((await t.app.inject({ url: `/api/files/${ids[name]}/meta`, headers })).statusCode).toBe(404);
      }
    });

    it.each([
      ['an external user with no user row', () => external('oid-ghost', 'ghost@acme.test')],
      [
        'an external user whose email belongs to a user linked to someone else',
        () => external('oid-mallory', 'anna@acme.test'),
      ],
    ] as const)('refuses %s before any file is looked at (403)', async (_who, headersOf) => {
      const headers = await headersOf();
      for (const id of [acmeFile, portalFile]) {
        const response = await download(id, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'ACCESS_WITHDRAWN' });
      }
    });

    it('refuses an external user whose access is revoked before any file is looked at (403)', async () => {
      const headers = await external('oid-rex', 'rex@acme.test');
      for (const id of [acmeFile, portalFile]) {
        const response = await download(id, headers);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'ACCESS_WITHDRAWN' });
      }
    });

    it('answers 401 to nobody signed in', async () => {
      expect((await download(acmeFile, {})).statusCode).toBe(401);
      expect((await t.app.inject({ url: `/api/files/${acmeFile}/meta` })).statusCode).toBe(401);
    });

    it('answers 404 for an unknown file, and for a row whose blob is gone', async () => {
      expect((await download(UNKNOWN_ID)).statusCode).toBe(404);
      const row = await t.db
        .selectFrom('storedFiles')
        .selectAll()
        .where('id', '=', acmeFile)
        .executeTakeFirstOrThrow();
      await t.app.fileStorage.store.delete(row.container, row.blobKey);
      expect((await download(acmeFile)).statusCode).toBe(404);
    });

    it("answers a file's metadata", async () => {
      const response = await t.app.inject({ url: `/api/files/${acmeFile}/meta`, headers: reviewer });
      expect(response.json()).toMatchObject({
        id: acmeFile,
        name: 'Pièce d’identité.pdf',
        organisationId: acme,
      });
    });
  });
});
