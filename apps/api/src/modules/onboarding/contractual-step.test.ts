import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../../storage/test-uploads.js';
import {
  addPerson,
  blobKeys,
  createCompany,
  createOnboardingTestApp,
  type Headers,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from '../../test/onboarding-test-kit.js';
import {
  adminHeaders,
  approvedCompany,
  checkWithEvents,
  publishTickBoxes,
  setCheck,
  spocMails,
  stepCalls,
  TICK_BOX_TEXTS,
} from '../../test/steps-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof stepCalls>;
let admin: Headers;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = stepCalls(t);
  admin = await adminHeaders(t);
});
afterAll(() => t.close());

const ticks = (version: number, acceptedTerms = true, confirmedAuthority = true) => ({
  version,
  acceptedTerms,
  confirmedAuthority,
});

/** The company's agreement signed, both boxes ticked: ready to submit. */
async function signed(company: TestCompany) {
  expect((await calls.uploadAgreement(company.headers)).status).toBe(201);
  const saved = await calls.saveContractual(company.headers, ticks(await calls.version(company.headers)));
  expect(saved.status).toBe(200);
  return saved.body.organisation.version;
}

describe('before any template is published', () => {
  it('refuses the draft and the upload with NO_AGREEMENT_TEMPLATE, and names the template as missing', async () => {
    const company = await approvedCompany(t);
    const shown = await calls.get(company.headers);
    expect(shown.body.contractual).toEqual({
      editable: true,
      currentTemplate: null,
      agreement: null,
      tickBoxes: null,
      resignReason: null,
    });
    const version = shown.body.organisation.version;
    expect(await calls.saveContractual(company.headers, ticks(version))).toMatchObject({
      status: 409,
      body: { code: 'NO_AGREEMENT_TEMPLATE' },
    });
    const before = await blobKeys(t);
    expect((await calls.uploadAgreement(company.headers)).body).toMatchObject({
      code: 'NO_AGREEMENT_TEMPLATE',
    });
    expect(await blobKeys(t)).toEqual(before);
    const { status, body } = await calls.submitContractual(company.headers, version);
    expect(status).toBe(400);
    expect((body as unknown as Array<{ field: string }>).map((entry) => entry.field)).toEqual([
      'template',
      'signedAgreement',
      'tickBoxes',
    ]);
  });
});

describe('the contractual step (domain.md "Contractual")', () => {
  let template: { version: number; file: { id: string } };
  beforeAll(async () => {
    await publishTickBoxes(t);
    const published = await calls.publishTemplate(admin, 'Participation agreement.pdf', TINY_PDF);
    expect(published.status).toBe(201);
    template = published.body;
  });

  it('shows the current template, the two tick boxes of the published PA_TICKBOX text, and lets the company download it', async () => {
    const company = await approvedCompany(t);
    const { body } = await calls.get(company.headers);
    expect(body.contractual).toEqual({
      editable: true,
      currentTemplate: {
        version: template.version,
        file: {
          id: template.file.id,
          name: 'Participation agreement.pdf',
          size: TINY_PDF.length,
          mime: 'application/pdf',
        },
        publishedAt: expect.any(String),
      },
      agreement: null,
      tickBoxes: {
        disclaimerVersion: expect.any(Number),
        title: 'Participation agreement',
        texts: [...TICK_BOX_TEXTS],
      },
      resignReason: null,
    });
    const download = await calls.download(company.headers, template.file.id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);
  });

  it.each([
    ['REGISTERED (legitimacy not submitted)', 'REGISTERED'],
    ['INFORMATION (legitimacy in review)', 'INFORMATION'],
  ])('is closed in stage %s: read-only, writes 409', async (_case, stage) => {
    const company = await createCompany(t);
    if (stage === 'INFORMATION') {
      await t.db
        .updateTable('organisations')
        .set({ stage, legitimacyStatus: 'IN_REVIEW' })
        .where('id', '=', company.organisationId)
        .execute();
    }
    const { body } = await calls.get(company.headers);
    expect(body.contractual.editable).toBe(false);
    const version = body.organisation.version;
    expect((await calls.saveContractual(company.headers, ticks(version))).body).toMatchObject({
      code: 'STEP_LOCKED',
    });
    expect((await calls.uploadAgreement(company.headers)).body).toMatchObject({ code: 'STEP_LOCKED' });
    expect(await calls.submitContractual(company.headers, version)).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
  });

  it('opens after a temporary approval of the legitimacy too', async () => {
    const company = await approvedCompany(t, { legitimacy: 'TEMPORARILY_APPROVED' });
    expect((await calls.get(company.headers)).body.contractual.editable).toBe(true);
  });

  it('names every missing item of a blank agreement in one 400 list body', async () => {
    const company = await approvedCompany(t);
    const { status, body } = await calls.submitContractual(
      company.headers,
      await calls.version(company.headers),
    );
    expect(status).toBe(400);
    expect(body).toEqual([
      {
        code: 'MISSING',
        field: 'signedAgreement',
        message: expect.any(String),
        requestId: expect.any(String),
      },
      { code: 'MISSING', field: 'acceptedTerms', message: expect.any(String), requestId: expect.any(String) },
      {
        code: 'MISSING',
        field: 'confirmedAuthority',
        message: expect.any(String),
        requestId: expect.any(String),
      },
    ]);
    expect(
      await t.db
        .selectFrom('checks')
        .selectAll()
        .where('organisationId', '=', company.organisationId)
        .where('type', '=', 'CONTRACTUAL')
        .execute(),
    ).toEqual([]);
  });

  it('saves the ticks as a draft at the version (409 when stale) and keeps them', async () => {
    const company = await approvedCompany(t);
    const version = await calls.version(company.headers);
    const saved = await calls.saveContractual(company.headers, ticks(version, true, false));
    expect(saved.status).toBe(200);
    expect(saved.body.organisation.version).toBe(version + 1);
    expect(saved.body.contractual.agreement).toEqual({
      templateVersion: template.version,
      signedFile: null,
      acceptedTerms: true,
      confirmedAuthority: false,
    });
    expect(await calls.saveContractual(company.headers, ticks(version))).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect(
      await calls.saveContractual(company.headers, { version: version + 1, acceptedTerms: 'yes' }),
    ).toMatchObject({
      status: 400,
    });
  });

  it('submits: the CONTRACTUAL check, its CheckEvent, the audit row, the acceptance of the tick boxes and the SPOC’s mail', async () => {
    const company = await approvedCompany(t);
    const uploaded = await calls.uploadAgreement(company.headers, 'Signed agreement.pdf', TINY_PDF);
    expect(uploaded).toMatchObject({
      status: 201,
      body: { name: 'Signed agreement.pdf', mime: 'application/pdf' },
    });
    const version = await signed(company);
    const { status, body } = await calls.submitContractual(company.headers, version);
    expect(status).toBe(200);
    expect(body.checks.CONTRACTUAL).toMatchObject({ status: 'SUBMITTED', attempt: 1, slaDueAt: null });
    expect(body.contractual.editable).toBe(false);
    expect(body.organisation).toMatchObject({ stage: 'APPROVALS', version: version + 1 });

    const { check, events } = await checkWithEvents(t, company, 'CONTRACTUAL');
    expect(check).toMatchObject({ status: 'SUBMITTED', attempt: 1, createdBy: company.email });
    expect(events).toMatchObject([
      { fromStatus: 'NOT_SUBMITTED', toStatus: 'SUBMITTED', role: 'EXTERNAL', actor: company.email },
    ]);
    const audit = await t.db.selectFrom('auditLog').selectAll().where('entityId', '=', check.id).execute();
    expect(audit).toMatchObject([{ action: 'SUBMIT', entity: 'check', actor: company.email }]);
    const tickBoxes = await t.db
      .selectFrom('disclaimerContents')
      .select('id')
      .where('type', '=', 'PA_TICKBOX')
      .where('status', '=', 'PUBLISHED')
      .executeTakeFirstOrThrow();
    expect(
      await t.db
        .selectFrom('disclaimerAcceptances')
        .selectAll()
        .where('userId', '=', company.userId)
        .execute(),
    ).toMatchObject([{ disclaimerContentId: tickBoxes.id }]);
    const mails = await spocMails(t, company);
    expect(mails.at(-1)?.subject).toContain('we received your participation agreement');

    // Read-only while the reviewer has it.
    expect((await calls.saveContractual(company.headers, ticks(version + 1))).body).toMatchObject({
      code: 'STEP_LOCKED',
    });
    expect((await calls.uploadAgreement(company.headers)).body).toMatchObject({ code: 'STEP_LOCKED' });
    expect(await calls.submitContractual(company.headers, version + 1)).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
  });

  it('refuses a stale submission with 409 and writes nothing', async () => {
    const company = await approvedCompany(t);
    const version = await signed(company);
    expect(await calls.submitContractual(company.headers, version - 1)).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    expect((await calls.get(company.headers)).body.checks.CONTRACTUAL).toBeNull();
  });

  it('resubmits after corrections (attempt 2); a rejection is final', async () => {
    const company = await approvedCompany(t);
    expect((await calls.submitContractual(company.headers, await signed(company))).status).toBe(200);
    await setCheck(t, company, 'CONTRACTUAL', 'CORRECTIONS_REQUESTED');
    const reopened = await calls.get(company.headers);
    expect(reopened.body.contractual.editable).toBe(true);
    expect((await calls.uploadAgreement(company.headers, 'signed-again.pdf')).status).toBe(201);
    const again = await calls.submitContractual(company.headers, reopened.body.organisation.version);
    expect(again.body.checks.CONTRACTUAL).toMatchObject({ status: 'SUBMITTED', attempt: 2 });

    await setCheck(t, company, 'CONTRACTUAL', 'REJECTED');
    const rejected = await calls.get(company.headers);
    expect(rejected.body.contractual.editable).toBe(false);
    expect(await calls.submitContractual(company.headers, rejected.body.organisation.version)).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
  });

  it('a box ticked on an older text of the statements no longer counts', async () => {
    const company = await approvedCompany(t);
    const version = await signed(company);
    expect((await calls.get(company.headers)).body.contractual.agreement).toMatchObject({
      acceptedTerms: true,
    });
    await publishTickBoxes(t, ['I accept the amended terms.', 'I am still authorised to sign.']);
    const { body } = await calls.get(company.headers);
    expect(body.contractual.tickBoxes?.texts).toEqual([
      'I accept the amended terms.',
      'I am still authorised to sign.',
    ]);
    expect(body.contractual.agreement).toMatchObject({ acceptedTerms: false, confirmedAuthority: false });
    const refused = await calls.submitContractual(company.headers, version);
    expect(refused.status).toBe(400);
    expect((refused.body as unknown as Array<{ field: string }>).map((entry) => entry.field)).toEqual([
      'acceptedTerms',
      'confirmedAuthority',
    ]);
    await publishTickBoxes(t);
  });

  describe('the signed agreement goes through the stored-files service', () => {
    let company: TestCompany;
    beforeAll(async () => {
      company = await approvedCompany(t);
    });

    it('replaces the file: the new one referenced once, the previous one removed (row and blob)', async () => {
      const first = await calls.uploadAgreement(company.headers, 'first.pdf');
      const blobsWithFirst = await blobKeys(t);
      const second = await calls.uploadAgreement(company.headers, 'second.pdf');
      const files = await t.db
        .selectFrom('storedFiles')
        .select(['id', 'refCount', 'purpose', 'organisationId', 'container', 'blobKey'])
        .where('id', 'in', [first.body.id, second.body.id])
        .execute();
      // A replaced file is not kept, neither its row nor its blob.
      expect(files).toEqual([
        {
          id: second.body.id,
          refCount: 1,
          purpose: 'SIGNED_AGREEMENT',
          organisationId: company.organisationId,
          container: 'portal-signed-agreement',
          blobKey: expect.any(String),
        },
      ]);
      const blobs = await blobKeys(t);
      expect(blobs).toContain(files[0]?.blobKey);
      expect(blobs).toHaveLength(blobsWithFirst.length);
      expect((await calls.get(company.headers)).body.contractual.agreement?.signedFile).toEqual(second.body);
      const audit = await t.db
        .selectFrom('auditLog')
        .selectAll()
        .where('action', '=', 'UPLOAD_SIGNED_AGREEMENT')
        .where('actor', '=', company.email)
        .execute();
      expect(audit).toHaveLength(2);
    });

    it.each([
      ['a Word file (the agreement is a pdf)', 400, '111', 'signed.docx', SAMPLES.docx],
      ['a .pdf that is a PNG', 400, '112', 'signed.pdf', SAMPLES.png],
      [
        'a file one byte over the 25 MB limit',
        413,
        'FILE_TOO_LARGE',
        'signed.pdf',
        Buffer.concat([TINY_PDF, Buffer.alloc(25_000_001 - TINY_PDF.length, 32)]),
      ],
    ])('refuses %s with %s %s and stores nothing', async (_case, status, code, name, content) => {
      const before = await blobKeys(t);
      const response = await calls.uploadAgreement(company.headers, name, content);
      expect(response).toMatchObject({ status, body: { code } });
      expect(await blobKeys(t)).toEqual(before);
    });
  });

  describe('a READ_ONLY user reads the step and writes nothing', () => {
    it('answers 403 to every write', async () => {
      const company = await approvedCompany(t);
      const readOnly = await addPerson(t, company, { access: 'READ_ONLY' });
      const shown = await calls.get(readOnly);
      expect(shown.status).toBe(200);
      expect(shown.body.access).toBe('READ_ONLY');
      const version = shown.body.organisation.version;
      for (const response of [
        await calls.saveContractual(readOnly, ticks(version)),
        await calls.uploadAgreement(readOnly),
        await calls.submitContractual(readOnly, version),
      ]) {
        expect(response).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      }
    });
  });

  describe('two companies', () => {
    it('each sees its own agreement; one never reads the other’s signed file', async () => {
      const acme = await approvedCompany(t, { name: 'Acme Contract' });
      const boreal = await approvedCompany(t, { name: 'Boreal Contract' });
      const file = await calls.uploadAgreement(acme.headers, 'acme-signed.pdf');
      expect((await calls.get(boreal.headers)).body.contractual.agreement).toBeNull();
      expect((await calls.download(boreal.headers, file.body.id)).statusCode).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/files/${file.body.id}/meta`,
            headers: boreal.headers,
          })
        ).statusCode,
      ).toBe(404);
      expect((await calls.download(acme.headers, file.body.id)).statusCode).toBe(200);
      // Boreal's submission only ever concerns Boreal.
      await calls.submitContractual(boreal.headers, await calls.version(boreal.headers));
      expect((await calls.get(acme.headers)).body.checks.CONTRACTUAL).toBeNull();
    });
  });
});
