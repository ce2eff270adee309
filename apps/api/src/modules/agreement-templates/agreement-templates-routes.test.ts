import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody, SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import {
  blobKeys,
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
} from '../../test/steps-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof stepCalls>;
let admin: Headers;
let reviewer: Headers;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = stepCalls(t);
  admin = await adminHeaders(t);
  reviewer = await t.bearer('EmvoPortalInternal');
  await publishTickBoxes(t);
});
afterAll(() => t.close());

const list = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/agreement-templates', headers });

/** The company's agreement signed on the current template, both boxes ticked, and submitted. */
async function submitAgreement(company: TestCompany): Promise<void> {
  expect((await calls.uploadAgreement(company.headers)).status).toBe(201);
  const saved = await calls.saveContractual(company.headers, {
    version: await calls.version(company.headers),
    acceptedTerms: true,
    confirmedAuthority: true,
  });
  expect((await calls.submitContractual(company.headers, saved.body.organisation.version)).status).toBe(200);
}

describe('POST /api/agreement-templates: an administrator publishes a new template version', () => {
  it('stores the pdf (purpose AGREEMENT_TEMPLATE, no organisation), numbers it, lists it and audits it', async () => {
    const first = await calls.publishTemplate(admin, 'Agreement v1.pdf', TINY_PDF);
    expect(first).toMatchObject({
      status: 201,
      body: {
        version: 1,
        file: { name: 'Agreement v1.pdf', size: TINY_PDF.length, mime: 'application/pdf' },
        publishedBy: 'test@portal.test',
        resignRequested: 0,
      },
    });
    const second = await calls.publishTemplate(admin, 'Agreement v2.pdf', SAMPLES.pdf);
    expect(second.body).toMatchObject({ version: 2 });
    const row = await t.db
      .selectFrom('storedFiles')
      .selectAll()
      .where('id', '=', second.body.file.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      purpose: 'AGREEMENT_TEMPLATE',
      container: 'portal-agreement-template',
      organisationId: null,
      refCount: 1,
    });

    for (const headers of [admin, reviewer]) {
      const listed = await list(headers);
      expect(listed.statusCode).toBe(200);
      expect(listed.json().map((template: { version: number }) => template.version)).toEqual([2, 1]);
    }
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'PUBLISH_AGREEMENT_TEMPLATE')
      .execute();
    expect(audit.map((entry) => entry.entityId).sort()).toEqual(['1', '2']);
  });

  it.each([
    ['a Word file', 400, '111', 'agreement.docx', SAMPLES.docx],
    ['a .pdf that is a PNG', 400, '112', 'agreement.pdf', SAMPLES.png],
  ])('refuses %s with %s %s: no version, nothing stored', async (_case, status, code, name, content) => {
    const before = await blobKeys(t);
    const versions = (await list(admin)).json().length;
    expect(await calls.publishTemplate(admin, name, content)).toMatchObject({ status, body: { code } });
    expect(await blobKeys(t)).toEqual(before);
    expect((await list(admin)).json()).toHaveLength(versions);
  });

  it('is for administrators only: a reviewer and a company get 403', async () => {
    const company = await approvedCompany(t);
    for (const headers of [reviewer, company.headers]) {
      expect((await calls.publishTemplate(headers)).status).toBe(403);
    }
    expect((await list(company.headers)).statusCode).toBe(403);
  });
});

describe('GET /api/files/:id: a company downloads the published templates, and no other document without an organisation', () => {
  it('reads every published version, never a template file the administrator has not published', async () => {
    const company = await approvedCompany(t);
    const published = await calls.publishTemplate(admin, 'Agreement.pdf', TINY_PDF);
    const download = await calls.download(company.headers, published.body.file.id);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(TINY_PDF)).toBe(true);

    // An administrator's own file of the same purpose, kept in storage but not published.
    const body = await multipartBody(
      uploadForm({ purpose: 'AGREEMENT_TEMPLATE' }, [{ name: 'draft.pdf', content: TINY_PDF }]),
    );
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(kept.statusCode).toBe(201);
    expect((await calls.download(company.headers, kept.json().id)).statusCode).toBe(404);
    const document = await multipartBody(
      uploadForm({ purpose: 'DOCUMENT' }, [{ name: 'notes.pdf', content: TINY_PDF }]),
    );
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...admin, ...document.headers },
      payload: document.payload,
    });
    expect((await calls.download(company.headers, other.json().id)).statusCode).toBe(404);
  });
});

describe('domain.md: "A new template version asks every company to sign again"', () => {
  it('sends back pending and approved agreements on an older version, with the event, the audit row and the mail; leaves the others', async () => {
    const approved = await approvedCompany(t, { name: 'Approved Agreement' });
    const pending = await approvedCompany(t, { name: 'Pending Agreement' });
    const draft = await approvedCompany(t, { name: 'Draft Agreement' });
    const rejected = await approvedCompany(t, { name: 'Rejected Agreement' });
    await submitAgreement(approved);
    await setCheck(t, approved, 'CONTRACTUAL', 'APPROVED');
    await setCheck(t, approved, 'FINANCIAL', 'APPROVED');
    await t.db
      .updateTable('organisations')
      .set({ stage: 'TECHNICAL_IQE' })
      .where('id', '=', approved.organisationId)
      .execute();
    await submitAgreement(pending);
    await setCheck(t, pending, 'CONTRACTUAL', 'IN_REVIEW');
    expect((await calls.uploadAgreement(draft.headers)).status).toBe(201);
    await submitAgreement(rejected);
    await setCheck(t, rejected, 'CONTRACTUAL', 'REJECTED');
    const old = (await calls.get(approved.headers)).body.contractual.currentTemplate?.version ?? 0;

    const published = await calls.publishTemplate(admin, 'Agreement amended.pdf', SAMPLES.pdf);
    expect(published).toMatchObject({ status: 201, body: { version: old + 1, resignRequested: 2 } });
    const version = published.body.version;

    for (const [company, from] of [
      [approved, 'APPROVED'],
      [pending, 'IN_REVIEW'],
    ] as const) {
      const { check, events } = await checkWithEvents(t, company, 'CONTRACTUAL');
      expect(check).toMatchObject({
        status: 'NOT_SUBMITTED',
        submittedAt: null,
        assignee: null,
        decidedBy: null,
      });
      expect(events.at(-1)).toMatchObject({
        fromStatus: from,
        toStatus: 'NOT_SUBMITTED',
        role: 'SYSTEM',
        actor: 'SYSTEM',
      });
      expect(events.at(-1)?.comment).toContain(
        `Version ${version} of the participation agreement was published`,
      );
      const audit = await t.db
        .selectFrom('auditLog')
        .selectAll()
        .where('entityId', '=', check.id)
        .where('action', '=', 'TEMPLATE_CHANGED')
        .execute();
      expect(audit).toHaveLength(1);
      expect((await spocMails(t, company)).at(-1)?.subject).toContain(
        'please sign the new participation agreement',
      );

      const { body } = await calls.get(company.headers);
      expect(body.contractual).toMatchObject({
        editable: true,
        currentTemplate: { version },
        agreement: { templateVersion: old, acceptedTerms: false, confirmedAuthority: false },
      });
      expect(body.contractual.resignReason).toContain(
        `Version ${version} of the participation agreement was published`,
      );
    }
    // An application in its technical stages keeps its stage: it only has to sign again.
    expect((await calls.get(approved.headers)).body.organisation.stage).toBe('TECHNICAL_IQE');

    // The draft was not submitted: no check to send back, but the step says why to sign again.
    const drafted = await calls.get(draft.headers);
    expect(drafted.body.checks.CONTRACTUAL).toBeNull();
    expect(drafted.body.contractual.resignReason).toContain(`Version ${version}`);
    // A rejection is final: nothing to sign again.
    const final = await calls.get(rejected.headers);
    expect(final.body.checks.CONTRACTUAL).toMatchObject({ status: 'REJECTED' });
    expect(final.body.contractual.resignReason).toBeNull();
    expect((await spocMails(t, rejected)).some((mail) => mail.subject.includes('sign the new'))).toBe(false);
  });

  it('the company signs the new version: the old signature is named as missing, the new one is submitted', async () => {
    const company = await approvedCompany(t);
    await submitAgreement(company);
    await setCheck(t, company, 'CONTRACTUAL', 'APPROVED');
    const old = (await calls.get(company.headers)).body.contractual.currentTemplate?.version ?? 0;
    expect((await calls.publishTemplate(admin, 'Agreement next.pdf', TINY_PDF)).body.resignRequested).toBe(1);

    const asked = await calls.get(company.headers);
    const refused = await calls.submitContractual(company.headers, asked.body.organisation.version);
    expect(refused.status).toBe(400);
    const entries = refused.body as unknown as Array<{ field: string; message: string }>;
    expect(entries.map((entry) => entry.field)).toEqual([
      'signedAgreement',
      'acceptedTerms',
      'confirmedAuthority',
    ]);
    expect(entries[0]?.message).toContain(`template version ${old + 1} (yours is on version ${old})`);

    expect((await calls.uploadAgreement(company.headers, 'signed-new.pdf')).status).toBe(201);
    const saved = await calls.saveContractual(company.headers, {
      version: asked.body.organisation.version,
      acceptedTerms: true,
      confirmedAuthority: true,
    });
    expect(saved.body.contractual).toMatchObject({
      resignReason: null,
      agreement: { templateVersion: old + 1 },
    });
    const submitted = await calls.submitContractual(company.headers, saved.body.organisation.version);
    expect(submitted.status).toBe(200);
    // domain.md: the next signature counts as attempt 1 again.
    expect(submitted.body.checks.CONTRACTUAL).toMatchObject({ status: 'SUBMITTED', attempt: 1 });
  });
});
