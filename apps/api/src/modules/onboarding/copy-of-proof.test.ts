import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { multipartBody, SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import {
  addPerson,
  blobKeys,
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  onboardingCalls,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from '../../test/onboarding-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof onboardingCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = onboardingCalls(t);
});
afterAll(() => t.close());

const fileRow = (id: string) =>
  t.db.selectFrom('storedFiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const representativeOf = (company: TestCompany) =>
  t.db
    .selectFrom('contacts')
    .selectAll()
    .where('organisationId', '=', company.organisationId)
    .where('kind', '=', 'AUTHORISED_REPRESENTATIVE')
    .execute();
const download = (id: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/files/${id}`, headers });

describe('POST /api/onboarding/legitimacy/copy-of-proof', () => {
  it('stores the file for the caller’s organisation and creates the empty AR contact when there is none', async () => {
    const company = await createCompany(t);
    const { status, body } = await calls.upload(company.headers, 'Proof of Authority.pdf', TINY_PDF);
    expect(status).toBe(201);
    expect(body).toEqual({
      id: expect.any(String),
      name: 'Proof of Authority.pdf',
      size: TINY_PDF.length,
      mime: 'application/pdf',
    });
    expect(await fileRow(body.id)).toMatchObject({
      purpose: 'COPY_OF_PROOF',
      container: 'portal-copy-of-proof',
      organisationId: company.organisationId,
      uploadedBy: company.email,
      refCount: 1,
      sha256: createHash('sha256').update(TINY_PDF).digest('hex'),
    });
    expect(await representativeOf(company)).toMatchObject([
      { firstName: '', lastName: '', email: '', copyOfProofFileId: body.id },
    ]);
    const shown = await calls.get(company.headers);
    expect(shown.body.authorisedRepresentative).toEqual({
      firstName: null,
      lastName: null,
      function: null,
      email: null,
      phone: null,
      copyOfProof: body,
    });
    // An upload does not move the organisation's version: an open form can still be saved.
    expect(shown.body.organisation.version).toBe(1);
    expect((await download(body.id, company.headers)).rawPayload.equals(TINY_PDF)).toBe(true);
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'UPLOAD_COPY_OF_PROOF')
      .where('actor', '=', company.email)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('replaces the AR’s file: the new one referenced once, the previous one removed (row and blob); the draft keeps it', async () => {
    const company = await createCompany(t);
    await calls.save(company.headers, completeDraft(1));
    const first = (await calls.upload(company.headers, 'first.png', SAMPLES.png)).body;
    const firstBlob = (await fileRow(first.id)).blobKey;
    const second = (await calls.upload(company.headers, 'second.jpg', SAMPLES.jpg)).body;
    expect(second).toMatchObject({ name: 'second.jpg', mime: 'image/jpeg' });
    // A replaced file is not kept.
    expect(await t.db.selectFrom('storedFiles').select('id').where('id', '=', first.id).execute()).toEqual(
      [],
    );
    expect(await blobKeys(t)).not.toContain(firstBlob);
    expect(await blobKeys(t)).toContain((await fileRow(second.id)).blobKey);
    expect((await fileRow(second.id)).refCount).toBe(1);
    const saved = await calls.save(company.headers, completeDraft(2));
    expect(saved.body.authorisedRepresentative).toMatchObject({ firstName: 'Arno', copyOfProof: second });
    expect(await representativeOf(company)).toHaveLength(1);
  });

  describe('refusals store nothing', () => {
    let company: TestCompany;
    beforeEach(async () => {
      company = await createCompany(t);
    });
    const nothingStored = async () => {
      expect(
        await t.db
          .selectFrom('storedFiles')
          .select('id')
          .where('organisationId', '=', company.organisationId)
          .execute(),
      ).toEqual([]);
      expect(await representativeOf(company)).toEqual([]);
    };

    it.each([
      ['an extension the step does not allow', 400, '111', 'proof.docx', SAMPLES.docx],
      ['a .pdf that is a PNG', 400, '112', 'proof.pdf', SAMPLES.png],
      ['a .png that is text', 400, '112', 'proof.png', Buffer.from('not a picture')],
      [
        'a file one byte over the 10 MB limit',
        413,
        'FILE_TOO_LARGE',
        'proof.pdf',
        Buffer.concat([TINY_PDF, Buffer.alloc(10_000_001 - TINY_PDF.length, 32)]),
      ],
    ])('refuses %s with %s %s', async (_case, status, code, name, content) => {
      const before = await blobKeys(t);
      const response = await calls.upload(company.headers, name, content);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ code, message: expect.any(String), requestId: expect.any(String) });
      await nothingStored();
      expect(await blobKeys(t)).toEqual(before);
    });

    it('refuses a READ_ONLY user with 403', async () => {
      const readOnly = await addPerson(t, company, { access: 'READ_ONLY' });
      const response = await calls.upload(readOnly, 'proof.pdf', TINY_PDF);
      expect(response).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      await nothingStored();
    });

    it('refuses a form without a file (400) and a body that is no form (415)', async () => {
      const empty = await multipartBody(uploadForm({ note: 'no file' }));
      const noFile = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/legitimacy/copy-of-proof',
        headers: { ...company.headers, ...empty.headers },
        payload: empty.payload,
      });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field: 'file' })]);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/onboarding/legitimacy/copy-of-proof',
        headers: { ...company.headers, 'content-type': 'application/json' },
        payload: {},
      });
      expect(json.statusCode).toBe(415);
      await nothingStored();
    });

    it('removes the stored blob when the transaction that references it fails', async () => {
      // A trigger makes this company's contact write fail, after the blob was stored and its row written.
      await sql
        .raw(
          `create or replace function fail_contact_write() returns trigger language plpgsql as $$
           begin raise exception 'simulated failure'; end $$`,
        )
        .execute(t.db);
      await sql
        .raw(
          `create trigger fail_contact_write before insert or update on contacts for each row
           when (new.organisation_id = '${company.organisationId}') execute function fail_contact_write()`,
        )
        .execute(t.db);
      try {
        const before = await blobKeys(t);
        const response = await calls.upload(company.headers, 'proof.pdf', TINY_PDF);
        expect(response.status).toBe(500);
        await nothingStored();
        expect(await blobKeys(t)).toEqual(before);
      } finally {
        await sql.raw('drop trigger fail_contact_write on contacts').execute(t.db);
      }
    });
  });
});

describe('two companies: each sees only its own application and files', () => {
  let a: TestCompany;
  let b: TestCompany;
  let proofOfA: string;

  beforeAll(async () => {
    a = await createCompany(t, { name: 'Alpha Pharma' });
    b = await createCompany(t, { name: 'Beta Pharma' });
    await calls.save(a.headers, completeDraft(1));
    proofOfA = (await calls.upload(a.headers, 'alpha-proof.pdf', TINY_PDF)).body.id;
  });

  it('answers each company its own application', async () => {
    expect((await calls.get(a.headers)).body).toMatchObject({
      organisation: { id: a.organisationId },
      company: { legalName: 'Acme Pharma GmbH' },
      authorisedRepresentative: { copyOfProof: { id: proofOfA } },
    });
    expect((await calls.get(b.headers)).body).toMatchObject({
      organisation: { id: b.organisationId },
      company: { legalName: 'Beta Pharma' },
      authorisedRepresentative: { copyOfProof: null },
      mahs: [],
    });
  });

  it('gives company B 404 on company A’s copy of proof (GET /api/files/:id and its metadata)', async () => {
    expect((await download(proofOfA, a.headers)).statusCode).toBe(200);
    const response = await download(proofOfA, b.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    const meta = await t.app.inject({ url: `/api/files/${proofOfA}/meta`, headers: b.headers });
    expect(meta.statusCode).toBe(404);
  });

  it('writes only the caller’s own organisation, whatever the body says', async () => {
    // B saves and submits with A's version numbers: the API acts on B's own row only.
    const saved = await calls.save(
      b.headers,
      completeDraft(1, { company: { ...completeDraft(1).company, legalName: 'Beta Renamed' } }),
    );
    expect(saved.body.organisation.id).toBe(b.organisationId);
    expect((await calls.get(a.headers)).body.company.legalName).toBe('Acme Pharma GmbH');
    const uploaded = (await calls.upload(b.headers, 'beta-proof.pdf', TINY_PDF)).body;
    expect((await fileRow(uploaded.id)).organisationId).toBe(b.organisationId);
    expect((await calls.get(a.headers)).body.authorisedRepresentative.copyOfProof?.id).toBe(proofOfA);
    expect((await download(uploaded.id, a.headers)).statusCode).toBe(404);
  });
});
