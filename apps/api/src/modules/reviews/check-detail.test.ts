import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  onboardingCalls,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from '../../test/onboarding-test-kit.js';
import {
  type Headers,
  reviewCalls,
  reviewerHeaders,
  seedCheck,
  seedInvoicing,
} from '../../test/reviews-test-kit.js';

// The reviewer's side of a real application: the company fills in and submits its legitimacy step
// through its own routes, the reviewer reads and decides it through these.

let t: TestApp & { close: () => Promise<void> };
let onboarding: ReturnType<typeof onboardingCalls>;
let calls: ReturnType<typeof reviewCalls>;
let rita: Headers;
const RITA = 'rita@emvo.test';

beforeAll(async () => {
  t = await createOnboardingTestApp();
  onboarding = onboardingCalls(t);
  calls = reviewCalls(t);
  rita = await reviewerHeaders(t, RITA, { displayName: 'Rita Reviewer' });
});
afterAll(() => t.close());

/** A company that saved a complete step, uploaded its copy of proof and submitted (organisation version 3). */
async function submittedCompany(): Promise<TestCompany & { checkId: string; proofId: string }> {
  const company = await createCompany(t);
  expect((await onboarding.save(company.headers, completeDraft(1))).status).toBe(200);
  const proof = await onboarding.upload(company.headers, 'proof.pdf', TINY_PDF);
  expect((await onboarding.submit(company.headers, 2)).status).toBe(200);
  const check = await t.db
    .selectFrom('checks')
    .select('id')
    .where('organisationId', '=', company.organisationId)
    .executeTakeFirstOrThrow();
  return { ...company, checkId: check.id, proofId: proof.body.id };
}

describe('GET /api/checks/{id}: a submitted legitimacy check', () => {
  it('shows the check, the application read-only, the copy of proof, the timeline and the actions', async () => {
    const company = await submittedCompany();
    const { status, body } = await calls.detail(rita, company.checkId);
    expect(status).toBe(200);
    expect(body.check).toMatchObject({
      id: company.checkId,
      type: 'LEGITIMACY',
      status: 'SUBMITTED',
      attempt: 1,
      overdue: false,
      assignee: null,
      decidedAt: null,
      version: 1,
    });
    expect(body.check.slaDueAt).toEqual(expect.any(String));
    expect(body.organisation).toMatchObject({ id: company.organisationId, stage: 'INFORMATION' });
    expect(body.application.company).toMatchObject({ legalName: 'Acme Pharma GmbH', orgType: 'OPM' });
    expect(body.application.spoc).toMatchObject({ email: 'sara.spoc@acme.example' });
    expect(body.application.authorisedRepresentative.copyOfProof).toMatchObject({ id: company.proofId });
    expect(body.application.mahs).toHaveLength(1);
    expect(body.documents).toEqual([
      {
        id: company.proofId,
        purpose: 'COPY_OF_PROOF',
        name: 'proof.pdf',
        size: TINY_PDF.length,
        mime: 'application/pdf',
        uploadedAt: expect.any(String),
      },
    ]);
    expect(body.events).toEqual([
      {
        id: expect.any(String),
        from: 'NOT_SUBMITTED',
        to: 'SUBMITTED',
        actor: company.email,
        role: 'EXTERNAL',
        comment: null,
        at: body.check.submittedAt,
      },
    ]);
    expect(body.attempts).toEqual([
      {
        attempt: 1,
        submittedAt: body.check.submittedAt,
        outcome: null,
        decidedAt: null,
        decidedBy: null,
        reason: null,
      },
    ]);
    expect(body.allowedActions).toEqual(['START']);
    expect(body.billing).toBeNull();
  });

  it('the reviewer downloads the copy of proof through /api/files; another company’s user cannot', async () => {
    const company = await submittedCompany();
    const download = (headers: Headers) =>
      t.app.inject({ method: 'GET', url: `/api/files/${company.proofId}`, headers });
    const asReviewer = await download(rita);
    expect(asReviewer.statusCode).toBe(200);
    expect(asReviewer.rawPayload.equals(TINY_PDF)).toBe(true);
    expect((await download(company.headers)).statusCode).toBe(200);
    const stranger = await createCompany(t);
    expect((await download(stranger.headers)).statusCode).toBe(404);
  });

  it('follows a whole review: start, corrections, resubmission, approval (attempts and stage)', async () => {
    const company = await submittedCompany();
    const started = await calls.decide(rita, company.checkId, { action: 'START', version: 1 });
    expect(started.body.check).toMatchObject({ status: 'IN_REVIEW', assignee: RITA });
    const corrections = await calls.decide(rita, company.checkId, {
      action: 'REQUEST_CORRECTIONS',
      reason: 'The copy of proof is unreadable',
      version: 2,
    });
    expect(corrections.body.organisation.stage).toBe('INFORMATION');

    // The company sees the reason, corrects its step and submits again: attempt 2.
    const seen = await onboarding.get(company.headers);
    expect(seen.body.checks.LEGITIMACY).toMatchObject({
      status: 'CORRECTIONS_REQUESTED',
      reason: 'The copy of proof is unreadable',
    });
    const version = seen.body.organisation.version;
    expect((await onboarding.upload(company.headers, 'readable.pdf', TINY_PDF)).status).toBe(201);
    expect((await onboarding.submit(company.headers, version)).status).toBe(200);

    await calls.decide(rita, company.checkId, { action: 'START', version: 4 });
    const approved = await calls.decide(rita, company.checkId, { action: 'APPROVE', version: 5 });
    expect(approved.status).toBe(200);
    expect(approved.body.check).toMatchObject({
      status: 'APPROVED',
      attempt: 2,
      decidedBy: RITA,
      version: 6,
    });
    // The reviewer reads people: the display name of each user the check names, by the stored email.
    const submitter = approved.body.events[0]?.actor ?? '';
    expect(submitter).toContain('@');
    expect(approved.body.people).toEqual({ [RITA]: 'Rita Reviewer', [submitter]: expect.any(String) });
    // domain.md: legitimacy approved opens the approvals (agreement and invoicing form).
    expect(approved.body.organisation.stage).toBe('APPROVALS');
    expect(approved.body.allowedActions).toEqual([]);
    expect(approved.body.events.map((event) => event.to)).toEqual([
      'SUBMITTED',
      'IN_REVIEW',
      'CORRECTIONS_REQUESTED',
      'SUBMITTED',
      'IN_REVIEW',
      'APPROVED',
    ]);
    expect(approved.body.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        outcome: 'CORRECTIONS_REQUESTED',
        decidedBy: RITA,
        reason: 'The copy of proof is unreadable',
      }),
      expect.objectContaining({ attempt: 2, outcome: 'APPROVED', decidedBy: RITA, reason: null }),
    ]);
    expect((await onboarding.get(company.headers)).body.organisation.stage).toBe('APPROVALS');
    const mails = await t.db
      .selectFrom('outbox')
      .select('subject')
      .where('toAddress', '=', 'sara.spoc@acme.example')
      .where('subject', 'like', `%(${approved.body.organisation.obpNumber})`)
      .orderBy('createdAt')
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/we received your application/),
      expect.stringMatching(/needs corrections/),
      expect.stringMatching(/we received your corrected application/),
      expect.stringMatching(/is approved/),
    ]);
  });

  it('marks a check waiting past its SLA overdue', async () => {
    const { checkId } = await seedCheck(t, { status: 'IN_REVIEW', slaDueAt: new Date(Date.now() - 60_000) });
    expect((await calls.detail(rita, checkId)).body.check.overdue).toBe(true);
  });

  it('an unknown check: 404; an id that is no uuid: 400', async () => {
    expect((await calls.detail(rita, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await calls.detail(rita, 'C00001')).status).toBe(400);
  });
});

describe('GET /api/checks/{id}: the contractual and financial documents and the billing', () => {
  async function storedFile(organisationId: string, purpose: 'SIGNED_AGREEMENT' | 'INVOICING_FORM') {
    const { id } = await t.db
      .insertInto('storedFiles')
      .values({
        container: 'test',
        blobKey: `${purpose}-${organisationId}`,
        name: purpose === 'SIGNED_AGREEMENT' ? 'agreement.pdf' : 'invoicing.xlsx',
        mime: 'application/pdf',
        size: 10,
        sha256: '0'.repeat(64),
        purpose,
        organisationId,
        uploadedBy: 'company',
        createdBy: 'company',
        updatedBy: 'company',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  it('the contractual check shows the signed agreement, its template version and the two tick boxes', async () => {
    const { checkId, organisationId } = await seedCheck(t, { type: 'CONTRACTUAL', status: 'SUBMITTED' });
    const fileId = await storedFile(organisationId, 'SIGNED_AGREEMENT');
    const { id: tickBoxesId } = await t.db
      .insertInto('disclaimerContents')
      .values({
        type: 'PA_TICKBOX',
        versionNumber: 4,
        title: 'Participation agreement',
        body: 'We accept the terms of participation.\n\nI am authorised to sign for the company.',
        status: 'PUBLISHED',
        createdBy: 't',
        updatedBy: 't',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('participationAgreements')
      .values({
        organisationId,
        templateVersion: 2,
        signedFileId: fileId,
        acceptedTerms: true,
        confirmedAuthority: false,
        tickBoxesDisclaimerId: tickBoxesId,
        createdBy: 't',
        updatedBy: 't',
      })
      .execute();
    const { body } = await calls.detail(rita, checkId);
    expect(body.documents).toEqual([expect.objectContaining({ id: fileId, purpose: 'SIGNED_AGREEMENT' })]);
    expect(body.billing).toBeNull();
    // What the company signed and ticked, in the words it ticked.
    expect(body.agreement).toEqual({
      templateVersion: 2,
      tickBoxesVersion: 4,
      boxes: [
        { field: 'acceptedTerms', text: 'We accept the terms of participation.', ticked: true },
        { field: 'confirmedAuthority', text: 'I am authorised to sign for the company.', ticked: false },
      ],
    });
    expect(body.allowedActions).toEqual(['START']);
  });

  it('the financial check shows the invoicing form and the fee: declared against active MAHs', async () => {
    const { checkId, organisationId } = await seedCheck(t, { type: 'FINANCIAL', status: 'IN_REVIEW' });
    const fileId = await storedFile(organisationId, 'INVOICING_FORM');
    await seedInvoicing(t, organisationId, { declaredMahCount: 1, feeCents: 675_000 });
    const billing = {
      legalEntity: 'Acme Billing BV',
      address: { street: 'Kade', houseNumber: '1A', postalCode: '1011', city: 'Amsterdam', country: 'NL' },
      vatNumber: 'NL123456789B01',
      purchaseOrderNumber: 'PO-77',
      billingEmail: 'ap@acme.example',
    };
    await t.db
      .updateTable('invoicingInformation')
      .set({ formFileId: fileId, billing: JSON.stringify(billing) })
      .where('organisationId', '=', organisationId)
      .execute();
    await t.db
      .insertInto('mahs')
      .values(
        ['One', 'Two', 'Gone'].map((name) => ({
          organisationId,
          name,
          country: 'BE',
          active: name !== 'Gone',
          createdBy: 't',
          updatedBy: 't',
        })),
      )
      .execute();
    const { body } = await calls.detail(rita, checkId);
    expect(body.documents).toEqual([expect.objectContaining({ id: fileId, purpose: 'INVOICING_FORM' })]);
    expect(body.billing).toEqual({
      // What the invoice needs, as the company filed it.
      details: billing,
      declaredMahCount: 1,
      activeMahCount: 2,
      feeCents: 675_000,
      amountDueCents: 675_000,
      invoiceNumber: null,
      invoicedAt: null,
      paidAt: null,
      // Not approved yet: nothing to invoice.
      allowedActions: [],
    });
  });

  it('after a top-up, the amount to invoice is the new fee less what the earlier form was invoiced', async () => {
    const { checkId, organisationId } = await seedCheck(t, { type: 'FINANCIAL', status: 'APPROVED' });
    await seedInvoicing(t, organisationId, { declaredMahCount: 3, feeCents: 1_800_000 });
    await t.db
      .updateTable('invoicingInformation')
      .set({ invoicedBeforeCents: 1_350_000 })
      .where('organisationId', '=', organisationId)
      .execute();
    const { body } = await calls.detail(rita, checkId);
    expect(body.billing).toMatchObject({ feeCents: 1_800_000, amountDueCents: 450_000 });
  });

  it('a financial check without invoicing information shows the fee of the active MAHs', async () => {
    const { checkId } = await seedCheck(t, { type: 'FINANCIAL', status: 'SUBMITTED' });
    const { body } = await calls.detail(rita, checkId);
    expect(body.documents).toEqual([]);
    expect(body.billing).toMatchObject({ declaredMahCount: null, activeMahCount: 0, feeCents: 0 });
  });
});
