import { type legitimacyDraftSchema, type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { createMockContext, createMockHandlers } from './handlers';
import type { MockContext } from './mock-http';
import { type CompanyState, externalCompany, putCompanyIn } from './test-company';

const PATHS = {
  onboarding: onboardingApi.answer.path,
  legitimacy: onboardingApi.saveLegitimacy.path,
  copyOfProof: onboardingApi.uploadCopyOfProof.path,
  submit: onboardingApi.submitLegitimacy.path,
  spocAssistant: onboardingApi.inviteSpocAssistant.path,
};

const server = setupServer();
let context: MockContext;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A fresh demo world for every test, served whole: what the company writes, the reviewers read.
beforeEach(() => {
  context = createMockContext({ delayMs: 0 });
  server.resetHandlers(...createMockHandlers({ delayMs: 0, db: context.db }));
});
afterAll(() => server.close());

const EXTERNAL = { authorization: 'Bearer mock.EXTERNAL' };
const EMVO = { authorization: 'Bearer mock.EMVO' };

async function call(path: string, init: RequestInit = {}, auth: Record<string, string> = EXTERNAL) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...auth, ...init.headers },
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // A file's content.
  }
  return { status: response.status, body, headers: response.headers };
}

const send = (method: string, path: string, body: unknown) =>
  call(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const read = async () => (await call(PATHS.onboarding)).body as OnboardingAnswer;
const company = () => externalCompany(context.db);
const state = (to: CompanyState) => putCompanyIn(context.db, to);

type Draft = z.input<typeof legitimacyDraftSchema>;

/** The draft of the stored application, with changes (the PUT body). */
async function draftOf(change: (draft: Draft) => void = () => {}): Promise<Draft> {
  const { organisation, company: fields, spoc, authorisedRepresentative, mahs } = await read();
  const { copyOfProof: _file, ...representative } = authorisedRepresentative;
  const draft: Draft = {
    version: organisation.version,
    company: fields,
    spoc,
    authorisedRepresentative: representative,
    mahs,
  };
  change(draft);
  return draft;
}

/** A multipart upload of one file. */
async function upload(path: string, name: string, content: string | Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('file', new File([content], name));
  return call(path, { method: 'POST', body: form });
}

describe('GET /api/onboarding (mock): the caller’s company, projected from the store', () => {
  it('answers the demo company as the tables hold it: APPROVALS, agreement in review, invoicing submitted', async () => {
    const { organisation, ours } = company();
    const answer = await read();
    expect(answer.organisation).toEqual({
      id: organisation.id,
      obpNumber: organisation.obpNumber,
      stage: 'APPROVALS',
      version: 1,
      orgTypeLocked: true,
    });
    expect(answer.company.legalName).toBe(organisation.legalName);
    expect(answer.checks).toMatchObject({
      LEGITIMACY: { status: 'APPROVED' },
      CONTRACTUAL: { status: 'IN_REVIEW' },
      FINANCIAL: { status: 'SUBMITTED' },
    });
    expect(answer.mahs).toHaveLength(ours(context.db.mahs).length);
    expect(answer.contractual).toMatchObject({ editable: false, currentTemplate: { version: 1 } });
    expect(answer.contractual.agreement?.signedFile?.name).toMatch(/-signed\.pdf$/);
    expect(answer.financial).toMatchObject({ editable: false, activeMahCount: answer.mahs.length });
    expect(answer.people).toEqual([
      expect.objectContaining({ email: 'external@portal.test', role: 'SPOC', you: true }),
    ]);
    expect(answer).toMatchObject({ access: 'FULL', canManagePeople: true, technical: { open: false } });
  });

  it('401 without a session; 403 for a caller who acts for no company', async () => {
    expect((await fetch(new URL(PATHS.onboarding, location.origin))).status).toBe(401);
    expect(await call(PATHS.onboarding, {}, EMVO)).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });
});

describe('PUT /api/onboarding/legitimacy (mock)', () => {
  it('writes the company columns, contacts and MAHs at the version; a stale version is 409', async () => {
    state('REGISTERED');
    const draft = await draftOf((d) => {
      d.company.phone = '+32 2 555 01 00';
      d.authorisedRepresentative.function = 'Managing director';
    });
    const saved = await send('PUT', PATHS.legitimacy, draft);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      organisation: { version: 2 },
      company: { phone: '+32 2 555 01 00' },
      authorisedRepresentative: { function: 'Managing director' },
    });
    expect(company().organisation.phone).toBe('+32 2 555 01 00');
    expect(context.db.auditLog.at(-1)).toMatchObject({
      action: 'SAVE_LEGITIMACY_DRAFT',
      actor: 'external@portal.test',
    });
    expect(await send('PUT', PATHS.legitimacy, draft)).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
  });

  it('a product code of the wrong shape: 400 INVALID_FIELD with its path and the contracts’ message', async () => {
    state('REGISTERED');
    const draft = await draftOf((d) => {
      d.mahs = [{ name: 'X', country: 'NL', products: [{ name: 'X', productCode: '08712345678907' }] }];
    });
    expect(await send('PUT', PATHS.legitimacy, draft)).toMatchObject({
      status: 400,
      body: [{ code: 'INVALID_FIELD', field: 'mahs.0.products.0.productCode' }],
    });
  });

  it('writes no people (issue 21 item 2): a SPOC Assistant sent with the draft is ignored', async () => {
    state('REGISTERED');
    const person = {
      firstName: 'Ann',
      lastName: null,
      function: null,
      email: 'ann@example.com',
      phone: null,
    };
    const saved = await send('PUT', PATHS.legitimacy, { ...(await draftOf()), spocAssistant: person });
    expect(saved.body).toMatchObject({ spocAssistant: null, people: [{ email: 'external@portal.test' }] });
  });

  it.each<[string, CompanyState, (d: Draft) => void, number, string]>([
    ['submitted: 409 STEP_LOCKED', 'SUBMITTED', () => {}, 409, 'STEP_LOCKED'],
    [
      'corrections requested, another organisation type: 409 ORG_TYPE_LOCKED',
      'CORRECTIONS_REQUESTED',
      (d) => {
        d.company.orgType = 'PD';
      },
      409,
      'ORG_TYPE_LOCKED',
    ],
    ['read-only access: 403', 'READ_ONLY', () => {}, 403, 'FORBIDDEN'],
  ])('%s', async (_rule, to, change, status, code) => {
    state(to);
    expect(await send('PUT', PATHS.legitimacy, await draftOf(change))).toMatchObject({
      status,
      body: { code },
    });
  });
});

/** A pdf of 10,000,001 bytes: one over the purpose's limit (10 MB of 10⁶ bytes). */
function overTenMegabytes() {
  const bytes = new Uint8Array(10_000_001);
  bytes.set(new TextEncoder().encode('%PDF'));
  return bytes;
}

describe('POST /api/onboarding/legitimacy/copy-of-proof (mock)', () => {
  it('stores the file and points the representative at it; the replaced one goes; GET /api/files/:id serves it', async () => {
    state('COMPLETE');
    const before = (await read()).authorisedRepresentative.copyOfProof;
    const { status, body } = await upload(PATHS.copyOfProof, 'Proof.PDF', '%PDF-1.7 signed');
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Proof.PDF', size: 15 });
    expect((await read()).authorisedRepresentative.copyOfProof).toEqual(body);
    expect(context.db.storedFiles.some((file) => file.id === before?.id)).toBe(false);
    const file = await call(`/api/files/${(body as { id: string }).id}`);
    expect(file).toMatchObject({ status: 200, body: '%PDF-1.7 signed' });
  });

  it.each([
    ['another type: 400 111', 'proof.docx', 'PK', 400, '111'],
    ['over 10 MB: 413 FILE_TOO_LARGE', 'proof.pdf', overTenMegabytes(), 413, 'FILE_TOO_LARGE'],
    ['content not of its extension: 400 112', 'proof.png', '%PDF', 400, '112'],
  ])('%s', async (_rule, name, content, status, code) => {
    state('REGISTERED');
    expect(await upload(PATHS.copyOfProof, name, content)).toMatchObject({ status, body: { code } });
    expect((await read()).authorisedRepresentative.copyOfProof).toBeNull();
  });
});

describe('POST /api/onboarding/legitimacy/submit (mock)', () => {
  it('with items missing: 400, one MISSING entry per item (packages/domain missingForLegitimacy)', async () => {
    state('REGISTERED');
    const { status, body } = await send('POST', PATHS.submit, { version: 1 });
    expect(status).toBe(400);
    expect(
      (body as Array<{ code: string; field: string }>).map(({ code, field }) => `${code} ${field}`),
    ).toEqual([
      'MISSING company.vatNumber',
      'MISSING company.phone',
      'MISSING authorisedRepresentative.phone',
      'MISSING authorisedRepresentative.function',
      'MISSING authorisedRepresentative.copyOfProof',
      'MISSING mahs.0.products',
    ]);
  });

  it('complete: the check, its event and the stage written, and the reviewers’ legitimacy queue shows it', async () => {
    state('COMPLETE');
    const { status, body } = await send('POST', PATHS.submit, { version: 1 });
    expect(status).toBe(200);
    const answer = body as OnboardingAnswer;
    expect(answer.organisation).toMatchObject({ stage: 'INFORMATION', version: 2, orgTypeLocked: true });
    expect(answer.checks.LEGITIMACY).toMatchObject({ status: 'SUBMITTED', attempt: 1, reason: null });
    expect(answer.checks.LEGITIMACY?.slaDueAt).not.toBeNull();
    const { organisation, ours } = company();
    expect(organisation).toMatchObject({ legitimacyStatus: 'SUBMITTED', stage: 'INFORMATION' });
    const [check] = ours(context.db.checks);
    expect(context.db.checkEvents.filter((event) => event.checkId === check?.id)).toEqual([
      expect.objectContaining({
        fromStatus: 'NOT_SUBMITTED',
        toStatus: 'SUBMITTED',
        actor: 'external@portal.test',
      }),
    ]);
    const queue = await call('/api/review-queues/legitimacy?limit=100', {}, EMVO);
    expect((queue.body as { items: Array<{ id: string }> }).items.map((row) => row.id)).toContain(check?.id);
    expect(await send('POST', PATHS.submit, { version: 2 })).toMatchObject({
      status: 409,
      body: { code: 'ACTION_NOT_ALLOWED' },
    });
  });

  it('after corrections: attempt 2; a rejection is final', async () => {
    state('CORRECTIONS_REQUESTED');
    const resubmitted = await send('POST', PATHS.submit, { version: 1 });
    expect(resubmitted.body).toMatchObject({ checks: { LEGITIMACY: { status: 'SUBMITTED', attempt: 2 } } });
    state('REJECTED');
    const version = company().organisation.version;
    expect(await send('POST', PATHS.submit, { version })).toMatchObject({
      status: 409,
      body: {
        code: 'ACTION_NOT_ALLOWED',
        message: 'A rejected check is final: it cannot be submitted again',
      },
    });
  });
});

describe('the contractual and financial steps (mock)', () => {
  it('after approval: the agreement signed, ticked and submitted reaches the reviewers; the caller accepts the tick boxes', async () => {
    state('APPROVED');
    const answer = await read();
    expect(answer.contractual).toMatchObject({ editable: true, agreement: null });
    expect(
      (await upload('/api/onboarding/contractual/signed-agreement', 'signed.pdf', '%PDF-1.7')).status,
    ).toBe(201);
    const ticks = { acceptedTerms: true, confirmedAuthority: true };
    const saved = await send('PUT', '/api/onboarding/contractual', { version: 1, ...ticks });
    expect(saved.body).toMatchObject({ contractual: { agreement: { templateVersion: 1, ...ticks } } });
    const submitted = await send('POST', '/api/onboarding/contractual/submit', { version: 2 });
    expect(submitted.body).toMatchObject({
      checks: { CONTRACTUAL: { status: 'SUBMITTED' } },
      contractual: { editable: false },
    });
    expect(context.db.disclaimerAcceptances).toEqual([
      expect.objectContaining({ userId: company().user.id }),
    ]);
  });

  it('a signed agreement uploaded after the ticks were saved (as the step sends them) is kept', async () => {
    state('APPROVED');
    const ticks = { acceptedTerms: true, confirmedAuthority: true };
    expect((await send('PUT', '/api/onboarding/contractual', { version: 1, ...ticks })).status).toBe(200);
    const uploaded = await upload('/api/onboarding/contractual/signed-agreement', 'signed.pdf', '%PDF-1.7');
    expect(uploaded.status).toBe(201);
    expect((await read()).contractual.agreement).toMatchObject({
      signedFile: { name: 'signed.pdf' },
      ...ticks,
    });
  });

  it('the invoicing form: billing details and the form, then the submission declares the MAHs active now', async () => {
    state('APPROVED');
    const billing = {
      legalEntity: 'Toy Inc',
      address: {
        street: 'Keizersgracht',
        houseNumber: '221',
        postalCode: '1016 DV',
        city: 'Amsterdam',
        country: 'NL',
      },
      vatNumber: 'NL853722046B01',
      purchaseOrderNumber: null,
      billingEmail: 'invoices@example.com',
    };
    expect((await send('PUT', '/api/onboarding/financial', { version: 1, billing })).status).toBe(200);
    expect(await send('POST', '/api/onboarding/financial/submit', { version: 2 })).toMatchObject({
      status: 400,
      body: [{ code: 'MISSING', field: 'invoicingForm' }],
    });
    expect((await upload('/api/onboarding/financial/invoicing-form', 'form.pdf', '%PDF-1.7')).status).toBe(
      201,
    );
    const { body } = await send('POST', '/api/onboarding/financial/submit', { version: 2 });
    const { financial, checks } = body as OnboardingAnswer;
    expect(checks.FINANCIAL?.status).toBe('SUBMITTED');
    expect(financial.invoicing).toMatchObject({
      declaredMahCount: financial.activeMahCount,
      form: { name: 'form.pdf' },
    });
  });

  it('the MAH register: deactivating and adding; a MAH left out is 409 MAH_DELETION_NOT_ALLOWED', async () => {
    const { mahRegister, organisation } = await read();
    const [first, ...rest] = mahRegister.mahs;
    expect(
      await send('PUT', '/api/onboarding/mahs', { version: organisation.version, mahs: rest, added: [] }),
    ).toMatchObject({ status: 409, body: [{ code: 'MAH_DELETION_NOT_ALLOWED' }] });
    const added = {
      name: 'New BV',
      country: 'NL',
      products: [{ name: 'Aspirin', productCode: '08712345678906' }],
    };
    const mahs = [{ id: first?.id, active: false }, ...rest];
    const { body } = await send('PUT', '/api/onboarding/mahs', {
      version: organisation.version,
      mahs,
      added: [added],
    });
    const register = (body as OnboardingAnswer).mahRegister.mahs;
    expect(register.map((mah) => [mah.name, mah.active])).toEqual([
      [first?.name, false],
      ...rest.map((mah) => [mah.name, true]),
      ['New BV', true],
    ]);
  });
});

describe('the people routes (mock)', () => {
  const ann = (version: number, email = 'ann@toy.example') => ({
    version,
    firstName: 'Ann',
    lastName: 'Smit',
    email,
  });

  it('POST invites the SPOC Assistant (an INVITED user, their link mailed); PATCH sets their access; DELETE withdraws them', async () => {
    const invited = await send('POST', PATHS.spocAssistant, ann(1));
    expect(invited.status).toBe(200);
    const answer = invited.body as OnboardingAnswer;
    expect(answer.spocAssistant).toMatchObject({
      firstName: 'Ann',
      email: 'ann@toy.example',
      status: 'INVITED',
    });
    const assistant = answer.people.find((one) => one.role === 'SPOC_ASSISTANT');
    expect(assistant).toMatchObject({ name: 'Ann Smit', access: 'FULL', status: 'INVITED', you: false });
    expect(context.db.outbox.at(-1)).toMatchObject({
      toAddress: 'ann@toy.example',
      link: expect.stringMatching(/^\/confirm/),
    });

    const readOnly = await send('PATCH', `/api/onboarding/people/${assistant?.id}`, {
      version: 2,
      access: 'READ_ONLY',
    });
    expect((readOnly.body as OnboardingAnswer).people[1]).toMatchObject({ access: 'READ_ONLY' });
    expect(await call(`${PATHS.spocAssistant}?version=2`, { method: 'DELETE' })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    const removed = await call(`${PATHS.spocAssistant}?version=3`, { method: 'DELETE' });
    expect(removed.body).toMatchObject({ spocAssistant: null, organisation: { version: 4 } });
    expect(context.db.users.some((user) => user.email === 'ann@toy.example')).toBe(false);
  });

  it.each([
    ['one of the people already: 409 ALREADY_A_PERSON', 'External@portal.test', 'ALREADY_A_PERSON'],
    ['a second assistant: 409 SPOC_ASSISTANT_EXISTS', 'bob@toy.example', 'SPOC_ASSISTANT_EXISTS'],
  ])('%s', async (_rule, email, code) => {
    if (code === 'SPOC_ASSISTANT_EXISTS') await send('POST', PATHS.spocAssistant, ann(1));
    const { version } = company().organisation;
    expect(await send('POST', PATHS.spocAssistant, ann(version, email))).toMatchObject({
      status: 409,
      body: { code },
    });
  });

  it('an address of another account answers as an invitation does, and no one joins (as the API)', async () => {
    const answer = (await send('POST', PATHS.spocAssistant, ann(1, 'reviewer@portal.test')))
      .body as OnboardingAnswer;
    expect(answer.spocAssistant).toMatchObject({ email: 'reviewer@portal.test', status: null });
    expect(answer.people.map((person) => person.email)).toEqual(['external@portal.test']);
  });

  it('a READ_ONLY user cannot invite: 403', async () => {
    state('READ_ONLY');
    expect(await send('POST', PATHS.spocAssistant, ann(1))).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });
});

describe('the technical step (mock)', () => {
  it('at TECHNICAL_IQE: a gateway chosen, a CSR uploaded, a token requested once (EMVO issues it), then revealed once', async () => {
    state('TECHNICAL_IQE');
    const answer = await read();
    const { IQE, PRD } = answer.technical.environments;
    expect([IQE.open, PRD.open]).toEqual([true, false]);
    const gateway = IQE.gateways[0];
    const chosen = await send('PUT', '/api/onboarding/technical/IQE/gateway', {
      version: 1,
      gatewayId: gateway?.id,
    });
    expect((chosen.body as OnboardingAnswer).technical.environments.IQE.gateway).toEqual(gateway);
    expect(
      await send('PUT', '/api/onboarding/technical/PRD/gateway', { version: 2, gatewayId: gateway?.id }),
    ).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });

    const pem = `-----BEGIN CERTIFICATE REQUEST-----\n${btoa('0'.repeat(30))}\n-----END CERTIFICATE REQUEST-----\n`;
    expect(await upload('/api/onboarding/technical/IQE/csr', 'iqe.csr', pem)).toMatchObject({
      status: 201,
      body: { environment: 'IQE', status: 'UPLOADED', file: { name: 'iqe.csr' } },
    });

    const path = '/api/onboarding/technical/IQE/session-token';
    const requested = await send('POST', path, { version: 2 });
    expect((requested.body as OnboardingAnswer).technical.environments.IQE.tokens).toEqual([
      expect.objectContaining({ status: 'REQUESTED', valueAvailable: false }),
    ]);
    expect(await send('POST', path, { version: 3 })).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_ALREADY_REQUESTED' },
    });
    // EMVO issues it (review-handlers.ts sessionTokenHandlers), with its value.
    const token = company().ours(context.db.sessionTokens)[0];
    if (!token) throw new Error('No token requested');
    const issuedAt = new Date();
    Object.assign(token, {
      status: 'ISSUED',
      issuedAt: issuedAt.toISOString(),
      expiresAt: new Date(issuedAt.getTime() + 3_600_000).toISOString(),
      value: 'the-issued-session-token-value',
    });
    const reveal = `/api/onboarding/technical/session-tokens/${token.id}/reveal`;
    expect(await call(reveal, { method: 'POST' })).toMatchObject({
      status: 200,
      body: { id: token.id, value: 'the-issued-session-token-value' },
    });
    expect(await call(reveal, { method: 'POST' })).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_ALREADY_SHOWN' },
    });
  });
});
