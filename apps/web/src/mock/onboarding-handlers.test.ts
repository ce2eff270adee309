import { File as NodeFile } from 'node:buffer';
import {
  type legitimacyDraftSchema,
  type Onboarding,
  type OnboardingAnswer,
  onboardingApi,
} from '@portal/contracts';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createMockOnboarding, DEMO_GTIN, type OnboardingScenario } from './onboarding-data';
import { MOCK_ONBOARDING_PARAM, onboardingHandlers, scenarioFromLocation } from './onboarding-handlers';

const ONBOARDING_PATHS = {
  onboarding: onboardingApi.answer.path,
  legitimacy: onboardingApi.saveLegitimacy.path,
  copyOfProof: onboardingApi.uploadCopyOfProof.path,
  submit: onboardingApi.submitLegitimacy.path,
};
const PEOPLE_PATHS = {
  spocAssistant: onboardingApi.inviteSpocAssistant.path,
  person: onboardingApi.setPersonAccess.path,
};

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const AUTH = { authorization: 'Bearer mock-token' };
let ids = 0;
const serve = (scenario: OnboardingScenario) =>
  server.resetHandlers(
    ...onboardingHandlers(
      { delayMs: 0, newId: () => `f3000000-0000-4000-8000-${String(++ids).padStart(12, '0')}` },
      { scenario },
    ),
  );

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(new URL(path, location.origin), {
    ...init,
    headers: { ...AUTH, ...init.headers },
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

const read = async () => (await call(ONBOARDING_PATHS.onboarding)).body as Onboarding;

type Draft = z.input<typeof legitimacyDraftSchema>;

const person = (email: string) => ({ firstName: null, lastName: null, function: null, email, phone: null });

/** The people route's invitation of a SPOC Assistant (contracts spocAssistantInvitationSchema). */
const ann = (version: number, email = 'ann@jansen.example') => ({
  version,
  firstName: 'Ann',
  lastName: 'Smit',
  email,
});

/** The draft of the stored application, with changes (the PUT body). */
async function draftOf(change: (draft: Draft) => void = () => {}): Promise<Draft> {
  const { organisation, company, spoc, authorisedRepresentative, mahs } = await read();
  const { copyOfProof: _file, ...representative } = authorisedRepresentative;
  const draft: Draft = {
    version: organisation.version,
    company,
    spoc,
    authorisedRepresentative: representative,
    mahs,
  };
  change(draft);
  return draft;
}

/** A multipart upload built with Node's own FormData (jsdom's cannot go through Node's fetch). */
async function upload(name: string, content: string | Uint8Array) {
  const NodeFormData = (await new Response(new URLSearchParams()).formData()).constructor as typeof FormData;
  const form = new NodeFormData();
  const file = new NodeFile([content], name);
  form.append('file', file as unknown as Blob);
  return call(ONBOARDING_PATHS.copyOfProof, { method: 'POST', body: form });
}

describe('GET /api/onboarding (mock)', () => {
  it('answers the demo company: REGISTERED, a partial draft, no check yet, FULL access', async () => {
    serve('REGISTERED');
    const onboarding = await read();
    expect(onboarding).toEqual(createMockOnboarding('REGISTERED').onboarding);
    expect(onboarding.organisation).toMatchObject({ stage: 'REGISTERED', orgTypeLocked: false });
    expect(onboarding.checks).toEqual({ LEGITIMACY: null, CONTRACTUAL: null, FINANCIAL: null });
    expect((await fetch(new URL(ONBOARDING_PATHS.onboarding, location.origin))).status).toBe(401);
  });

  it('chooses its scenario from ?mockOnboarding=, remembered for the tab', () => {
    expect(scenarioFromLocation({ search: `?${MOCK_ONBOARDING_PARAM}=REJECTED` }, sessionStorage)).toBe(
      'REJECTED',
    );
    expect(scenarioFromLocation({ search: '' }, sessionStorage)).toBe('REJECTED');
    expect(scenarioFromLocation({ search: `?${MOCK_ONBOARDING_PARAM}=nonsense` }, localStorage)).toBe(
      'REGISTERED',
    );
  });
});

describe('PUT /api/onboarding/legitimacy (mock)', () => {
  it('stores the draft at its version and answers the new application; a stale version is 409', async () => {
    serve('REGISTERED');
    const draft = await draftOf((d) => {
      d.company.vatNumber = 'nl853722046b01';
    });
    const saved = await send('PUT', ONBOARDING_PATHS.legitimacy, draft);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      organisation: { version: 4 },
      company: { vatNumber: 'nl853722046b01' },
    });
    expect(await send('PUT', ONBOARDING_PATHS.legitimacy, draft)).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
  });

  it.each([
    [
      'a value of the wrong shape: 400 INVALID_FIELD with its path and the contracts’ message',
      (d: Draft) => {
        d.mahs = [{ name: 'X', country: 'NL', products: [{ name: 'X', productCode: '08712345678907' }] }];
      },
      400,
      [
        {
          code: 'INVALID_FIELD',
          field: 'mahs.0.products.0.productCode',
          message: 'Enter a GTIN-14 or a PPN with valid check digits',
        },
      ],
    ],
  ])('%s', async (_rule, change, status, body) => {
    serve('REGISTERED');
    expect(await send('PUT', ONBOARDING_PATHS.legitimacy, await draftOf(change))).toMatchObject({
      status,
      body,
    });
  });

  it('writes no people (issue 21 item 2): a SPOC Assistant sent with the draft is ignored, no one is invited', async () => {
    serve('REGISTERED');
    const draft = { ...(await draftOf()), spocAssistant: person('ann@jansen.example') };
    const saved = await send('PUT', ONBOARDING_PATHS.legitimacy, draft);
    expect(saved.status).toBe(200);
    const answer = saved.body as OnboardingAnswer;
    expect(answer.spocAssistant).toBeNull();
    expect(answer.people.map((one) => one.email)).toEqual(['demo.company@example.com']);
    // Nor does a taken address or a SPOC of a new address refuse the draft: the draft is no invitation.
    const taken = {
      ...(await draftOf((d) => {
        d.spoc = person('second@jansen.example');
      })),
      spocAssistant: person('taken@example.com'),
    };
    expect(await send('PUT', ONBOARDING_PATHS.legitimacy, taken)).toMatchObject({ status: 200 });
    expect((await read()).spocAssistant).toBeNull();
  });

  it('keeps the SPOC Assistant the people handlers invited: a save does not remove them', async () => {
    serve('REGISTERED');
    const invited = await send('POST', PEOPLE_PATHS.spocAssistant, ann(3));
    expect(invited.status).toBe(200);
    const saved = await send('PUT', ONBOARDING_PATHS.legitimacy, await draftOf());
    expect(saved.status).toBe(200);
    const answer = saved.body as OnboardingAnswer;
    expect(answer.spocAssistant).toMatchObject({ email: 'ann@jansen.example', status: 'INVITED' });
    expect(answer.people.map((one) => one.role)).toEqual(['INITIAL_REQUESTER', 'SPOC_ASSISTANT']);
  });

  it.each([
    ['submitted: 409 STEP_LOCKED', 'SUBMITTED' as const, () => {}, 409, 'STEP_LOCKED'],
    [
      'corrections requested, another organisation type: 409 ORG_TYPE_LOCKED',
      'CORRECTIONS_REQUESTED' as const,
      (d: Draft) => {
        d.company.orgType = 'OPM';
      },
      409,
      'ORG_TYPE_LOCKED',
    ],
    ['read-only access: 403', 'READ_ONLY' as const, () => {}, 403, 'FORBIDDEN'],
  ])('%s', async (_rule, scenario, change, status, code) => {
    serve(scenario);
    expect(await send('PUT', ONBOARDING_PATHS.legitimacy, await draftOf(change))).toMatchObject({
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
  it('stores a pdf, jpg or png as the representative’s copy of proof; GET /api/files/:id gives it back', async () => {
    serve('REGISTERED');
    const { status, body } = await upload('Proof.PDF', '%PDF-1.7 signed');
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Proof.PDF', size: 15 });
    const stored = (await read()).authorisedRepresentative.copyOfProof;
    expect(stored).toEqual(body);
    const file = await call(`/api/files/${stored?.id}`);
    expect(file).toMatchObject({ status: 200, body: '%PDF-1.7 signed' });
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="Proof.PDF"');
  });

  it.each([
    ['another type: 400 111', 'proof.docx', 'PK', 400, '111'],
    ['over 10 MB: 413 FILE_TOO_LARGE', 'proof.pdf', overTenMegabytes(), 413, 'FILE_TOO_LARGE'],
    ['content not of its extension: 400 112', 'proof.png', '%PDF', 400, '112'],
  ])('%s', async (_rule, name, content, status, code) => {
    serve('REGISTERED');
    expect(await upload(name, content)).toMatchObject({ status, body: { code } });
    expect((await read()).authorisedRepresentative.copyOfProof).toBeNull();
  });
});

describe('POST /api/onboarding/legitimacy/submit (mock)', () => {
  it('with items missing: 400, one MISSING entry per item (packages/domain missingForLegitimacy)', async () => {
    serve('REGISTERED');
    const { status, body } = await send('POST', ONBOARDING_PATHS.submit, { version: 3 });
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

  it('complete: SUBMITTED, attempt 1, SLA due, stage INFORMATION, organisation type locked', async () => {
    serve('COMPLETE');
    expect(await send('POST', ONBOARDING_PATHS.submit, { version: 2 })).toMatchObject({ status: 409 });
    const { status, body } = await send('POST', ONBOARDING_PATHS.submit, { version: 3 });
    expect(status).toBe(200);
    const onboarding = body as Onboarding;
    expect(onboarding.organisation).toMatchObject({ stage: 'INFORMATION', version: 4, orgTypeLocked: true });
    expect(onboarding.checks.LEGITIMACY).toMatchObject({ status: 'SUBMITTED', attempt: 1, reason: null });
    expect(onboarding.checks.LEGITIMACY?.slaDueAt).not.toBeNull();
    expect(onboarding.mahs[0]?.products[0]?.productCode).toBe(DEMO_GTIN);
    expect(await send('POST', ONBOARDING_PATHS.submit, { version: 4 })).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
  });

  it('after corrections: attempt 2; a rejection is final (409 STEP_LOCKED)', async () => {
    serve('CORRECTIONS_REQUESTED');
    const resubmitted = await send('POST', ONBOARDING_PATHS.submit, { version: 3 });
    expect(resubmitted.body).toMatchObject({ checks: { LEGITIMACY: { status: 'SUBMITTED', attempt: 2 } } });
    serve('REJECTED');
    expect(await send('POST', ONBOARDING_PATHS.submit, { version: 3 })).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
  });
});

describe('the people routes (mock): the one place people are invited and removed', () => {
  it('POST invites the SPOC Assistant (INVITED, FULL); PATCH sets their access; DELETE removes them', async () => {
    serve('REGISTERED');
    const invited = await send('POST', PEOPLE_PATHS.spocAssistant, ann(3));
    expect(invited.status).toBe(200);
    const answer = invited.body as OnboardingAnswer;
    expect(answer.organisation.version).toBe(4);
    expect(answer.spocAssistant).toMatchObject({
      firstName: 'Ann',
      email: 'ann@jansen.example',
      status: 'INVITED',
    });
    const assistant = answer.people.find((one) => one.role === 'SPOC_ASSISTANT');
    expect(assistant).toMatchObject({ name: 'Ann Smit', access: 'FULL', status: 'INVITED', you: false });

    const path = PEOPLE_PATHS.person.replace(':userId', String(assistant?.id));
    const readOnly = await send('PATCH', path, { version: 4, access: 'READ_ONLY' });
    expect(readOnly.status).toBe(200);
    expect((readOnly.body as OnboardingAnswer).people[1]).toMatchObject({ access: 'READ_ONLY' });

    expect(await call(`${PEOPLE_PATHS.spocAssistant}?version=4`, { method: 'DELETE' })).toMatchObject({
      status: 409,
      body: { code: 'VERSION_CONFLICT' },
    });
    const removed = await call(`${PEOPLE_PATHS.spocAssistant}?version=5`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ spocAssistant: null, organisation: { version: 6 } });
    expect((removed.body as OnboardingAnswer).people.map((one) => one.role)).toEqual(['INITIAL_REQUESTER']);
  });

  it.each([
    ['a second assistant: 409 SPOC_ASSISTANT_EXISTS', true, 'bob@jansen.example', 'SPOC_ASSISTANT_EXISTS'],
    [
      'one of the people already: 409 ALREADY_A_PERSON',
      false,
      'Demo.Company@example.com',
      'ALREADY_A_PERSON',
    ],
  ])('%s', async (_rule, withAssistant, email, code) => {
    serve('REGISTERED');
    if (withAssistant) expect((await send('POST', PEOPLE_PATHS.spocAssistant, ann(3))).status).toBe(200);
    const version = (await read()).organisation.version;
    expect(await send('POST', PEOPLE_PATHS.spocAssistant, ann(version, email))).toMatchObject({
      status: 409,
      body: { code },
    });
  });

  it('an address of another account answers as an invitation does, and no one joins (as the API)', async () => {
    serve('REGISTERED');
    const answer = await send('POST', PEOPLE_PATHS.spocAssistant, ann(3, 'taken@example.com'));
    expect(answer.status).toBe(200);
    const after = answer.body as OnboardingAnswer;
    expect(after.spocAssistant).toMatchObject({ email: 'taken@example.com', status: null });
    expect(after.people.map((person) => person.email)).not.toContain('taken@example.com');
  });

  it('a READ_ONLY user cannot invite: 403', async () => {
    serve('READ_ONLY');
    expect(await send('POST', PEOPLE_PATHS.spocAssistant, ann(3))).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
  });
});

describe('the technical step (mock, scenario TECHNICAL_IQE)', () => {
  it('opens IQE only: the company chooses a gateway and requests a token; a second request is 409', async () => {
    serve('TECHNICAL_IQE');
    const answer = (await read()) as OnboardingAnswer;
    expect(answer.organisation.stage).toBe('TECHNICAL_IQE');
    const { IQE, PRD } = answer.technical.environments;
    expect([IQE.open, PRD.open]).toEqual([true, false]);
    const gateway = IQE.gateways[0];
    expect(gateway).toBeDefined();

    const chosen = await send('PUT', '/api/onboarding/technical/IQE/gateway', {
      version: answer.organisation.version,
      gatewayId: gateway?.id,
    });
    expect(chosen.status).toBe(200);
    const afterGateway = chosen.body as OnboardingAnswer;
    expect(afterGateway.technical.environments.IQE.gateway).toEqual(gateway);

    const path = '/api/onboarding/technical/IQE/session-token';
    const requested = await send('POST', path, { version: afterGateway.organisation.version });
    expect(requested.status).toBe(200);
    const tokens = (requested.body as OnboardingAnswer).technical.environments.IQE.tokens;
    expect(tokens.map((token) => token.status)).toEqual(['REQUESTED']);
    const again = await send('POST', path, {
      version: (requested.body as OnboardingAnswer).organisation.version,
    });
    expect(again).toMatchObject({ status: 409, body: { code: 'TOKEN_ALREADY_REQUESTED' } });
    const prd = await send('PUT', '/api/onboarding/technical/PRD/gateway', {
      version: (requested.body as OnboardingAnswer).organisation.version,
      gatewayId: gateway?.id,
    });
    expect(prd).toMatchObject({ status: 409, body: { code: 'STEP_LOCKED' } });
  });
});
