import { onboardingAnswerSchema, onboardingSchema } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPerson,
  completeDraft,
  createCompany,
  createOnboardingTestApp,
  externalHeaders,
  onboardingCalls,
  PRODUCT_CODE,
  type TestApp,
} from '../../test/onboarding-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let calls: ReturnType<typeof onboardingCalls>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  calls = onboardingCalls(t);
});
afterAll(() => t.close());

const EMPTY_CONTACT = { firstName: null, lastName: null, function: null, email: null, phone: null };

describe('GET /api/onboarding: the caller’s own application', () => {
  it('answers a new company’s application: the organisation, blank steps, no checks, FULL access', async () => {
    const company = await createCompany(t, { name: 'Nova Pharma', orgType: 'PD' });
    const { status, body } = await calls.get(company.headers);
    expect(status).toBe(200);
    expect(body).toEqual({
      organisation: {
        id: company.organisationId,
        obpNumber: expect.stringMatching(/^C\d{5}$/),
        stage: 'REGISTERED',
        version: 1,
        orgTypeLocked: false,
      },
      company: {
        legalName: 'Nova Pharma',
        orgType: 'PD',
        registrationNumber: null,
        vatNumber: null,
        address: { street: null, houseNumber: null, postalCode: null, city: null, country: null },
        website: null,
        phone: null,
        email: null,
      },
      spoc: EMPTY_CONTACT,
      spocAssistant: null,
      authorisedRepresentative: { ...EMPTY_CONTACT, copyOfProof: null },
      mahs: [],
      checks: { LEGITIMACY: null, CONTRACTUAL: null, FINANCIAL: null },
      access: 'FULL',
      // The later steps, closed until the legitimacy is approved, and the company's people.
      contractual: {
        editable: false,
        currentTemplate: null,
        agreement: null,
        tickBoxes: null,
        resignReason: null,
      },
      financial: {
        editable: false,
        activeMahCount: 0,
        fee: { tier: null, amountCents: 0 },
        invoicing: null,
        topUp: null,
      },
      mahRegister: { editable: false, mahs: [] },
      people: [
        {
          id: company.userId,
          name: 'Rita Requester',
          email: company.email,
          role: 'INITIAL_REQUESTER',
          access: 'FULL',
          status: 'ACTIVE',
          you: true,
          withdrawnByPortal: false,
        },
      ],
      canManagePeople: true,
      // The technical step, closed until a reviewer moves the company to TECHNICAL_IQE.
      technical: {
        open: false,
        editable: false,
        environments: {
          IQE: {
            environment: 'IQE',
            open: false,
            gateway: null,
            csrs: [],
            tokens: [],
            testRuns: [],
            gateways: expect.any(Array),
          },
          PRD: {
            environment: 'PRD',
            open: false,
            gateway: null,
            csrs: [],
            tokens: [],
            testRuns: [],
            gateways: expect.any(Array),
          },
        },
      },
    });
    // The answer meets the contracts the SPA parses it with: the legitimacy step's and the whole one.
    expect(onboardingSchema.safeParse(body).success).toBe(true);
    expect(onboardingAnswerSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['a READ_ONLY user reads (access READ_ONLY)', { access: 'READ_ONLY' as const }, 200],
    ['a user whose access is revoked', { access: 'REVOKED' as const }, 403],
    ['a disabled user', { status: 'DISABLED' as const }, 403],
  ])('%s: %s', async (_who, person, status) => {
    const company = await createCompany(t);
    const headers = await addPerson(t, company, person);
    const response = await calls.get(headers);
    expect(response.status).toBe(status);
    if (status === 200) expect(response.body.access).toBe('READ_ONLY');
    // Revoked or disabled since signing in, the SPA signs them out saying why.
    else expect(response.body).toMatchObject({ code: 'ACCESS_WITHDRAWN' });
  });

  it('finds a user not linked yet by the token’s email, whatever its case', async () => {
    const company = await createCompany(t);
    await t.db.updateTable('users').set({ externalId: null }).where('id', '=', company.userId).execute();
    const headers = await externalHeaders(t, 'oid-first-sign-in', company.email.toUpperCase());
    const { status, body } = await calls.get(headers);
    expect(status).toBe(200);
    expect(body.organisation.id).toBe(company.organisationId);
  });

  it.each([
    [
      'no user row',
      async () => externalHeaders(t, 'oid-stranger', 'stranger@nowhere.test'),
      'ACCESS_WITHDRAWN',
    ],
    [
      'a user of no organisation',
      async () => {
        await t.db
          .insertInto('users')
          .values({
            email: 'loose@nowhere.test',
            displayName: 'Loose',
            externalId: 'oid-loose',
            roles: ['EXTERNAL'],
            createdBy: 'test',
            updatedBy: 'test',
          })
          .execute();
        return externalHeaders(t, 'oid-loose', 'loose@nowhere.test');
      },
      'FORBIDDEN',
    ],
  ])('answers 403 to a caller with %s', async (_case, headersOf, code) => {
    const headers = await headersOf();
    expect(await calls.get(headers)).toMatchObject({ status: 403, body: { code } });
    expect((await calls.save(headers, completeDraft(1))).status).toBe(403);
  });

  it.each([
    ['a reviewer', 'EmvoPortalInternal'],
    ['an administrator', 'EmvoPortalAdmin'],
  ])('answers 403 to %s: the step is the company’s own', async (_who, role) => {
    expect((await calls.get(await t.bearer(role))).status).toBe(403);
  });
});

describe('PUT /api/onboarding/legitimacy: the step saved as a draft', () => {
  it('saves the whole step in one go, bumps the version, audits, and answers the new application', async () => {
    const company = await createCompany(t);
    const draft = completeDraft(1);
    const { status, body } = await calls.save(company.headers, draft);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      organisation: { version: 2, stage: 'REGISTERED', orgTypeLocked: false },
      company: draft.company,
      spoc: draft.spoc,
      spocAssistant: null,
      authorisedRepresentative: { ...draft.authorisedRepresentative, copyOfProof: null },
      mahs: draft.mahs,
      checks: { LEGITIMACY: null },
    });
    expect(await calls.get(company.headers)).toEqual({ status: 200, body });
    const organisation = await t.db
      .selectFrom('organisations')
      .selectAll()
      .where('id', '=', company.organisationId)
      .executeTakeFirstOrThrow();
    expect(organisation).toMatchObject({ legalName: 'Acme Pharma GmbH', city: 'Berlin', mahCount: 1 });
    const audit = await t.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', company.organisationId)
      .execute();
    expect(audit).toMatchObject([
      {
        actor: company.email,
        action: 'SAVE_LEGITIMACY_DRAFT',
        entity: 'organisation',
        diff: expect.objectContaining({ legalName: expect.any(Object), mahs: 1, products: 1 }),
      },
    ]);
  });

  it('keeps a draft with blank fields, and reads the blanks back as null', async () => {
    const company = await createCompany(t);
    const draft = {
      version: 1,
      company: { legalName: 'Blank Pharma', orgType: 'OPM', address: {} },
      spoc: { firstName: 'Sara' },
      spocAssistant: null,
      authorisedRepresentative: {},
      mahs: [{ name: null, country: null, products: [{ name: null, productCode: PRODUCT_CODE }] }],
    };
    const { status, body } = await calls.save(company.headers, draft);
    expect(status).toBe(200);
    expect(body.spoc).toEqual({ ...EMPTY_CONTACT, firstName: 'Sara' });
    expect(body.authorisedRepresentative).toEqual({ ...EMPTY_CONTACT, copyOfProof: null });
    expect(body.mahs).toEqual([
      {
        name: null,
        country: null,
        activeIn: [],
        website: null,
        phone: null,
        email: null,
        licences: [],
        products: [{ name: null, productCode: PRODUCT_CODE, countries: [] }],
      },
    ]);
  });

  it('replaces the MAHs and products, keeping the order they were entered in', async () => {
    const company = await createCompany(t);
    const product = (name: string) => ({ name, productCode: PRODUCT_CODE, countries: [] });
    const mah = (name: string, products: string[]) => ({
      name,
      country: 'FR',
      products: products.map(product),
    });
    const first = await calls.save(
      company.headers,
      completeDraft(1, { mahs: [mah('One', ['a']), mah('Two', ['b', 'c'])] }),
    );
    expect(first.body.mahs.map((m: { name: string | null }) => m.name)).toEqual(['One', 'Two']);
    const second = await calls.save(
      company.headers,
      completeDraft(2, { mahs: [mah('Three', ['d', 'e', 'f']), mah('Four', []), mah('Five', ['g'])] }),
    );
    expect(second.status).toBe(200);
    expect(
      second.body.mahs.map((m) => [m.name, m.products.map((p: { name: string | null }) => p.name)]),
    ).toEqual([
      ['Three', ['d', 'e', 'f']],
      ['Four', []],
      ['Five', ['g']],
    ]);
    const stored = await t.db
      .selectFrom('mahs')
      .select('id')
      .where('organisationId', '=', company.organisationId)
      .execute();
    expect(stored).toHaveLength(3);
  });

  it('updates the contacts in place rather than adding rows', async () => {
    const company = await createCompany(t);
    await calls.save(company.headers, completeDraft(1));
    await calls.save(company.headers, completeDraft(2, { spoc: { firstName: 'Sven', lastName: 'Spoc' } }));
    const contacts = await t.db
      .selectFrom('contacts')
      .select(['kind', 'firstName', 'version'])
      .where('organisationId', '=', company.organisationId)
      .orderBy('kind')
      .execute();
    expect(contacts).toEqual([
      { kind: 'AUTHORISED_REPRESENTATIVE', firstName: 'Arno', version: 2 },
      { kind: 'SPOC', firstName: 'Sven', version: 2 },
    ]);
  });

  it('answers 409 VERSION_CONFLICT to the second of two tabs saving the same version, changing nothing', async () => {
    const company = await createCompany(t);
    const firstTab = await calls.save(company.headers, completeDraft(1));
    expect(firstTab.status).toBe(200);
    const secondTab = await calls.save(
      company.headers,
      completeDraft(1, { company: { ...completeDraft(1).company, legalName: 'Second Tab AG' } }),
    );
    expect(secondTab).toMatchObject({ status: 409, body: { code: 'VERSION_CONFLICT' } });
    const { body } = await calls.get(company.headers);
    expect(body.company.legalName).toBe('Acme Pharma GmbH');
    expect(body.organisation.version).toBe(2);
  });

  it('refuses a product without its code (400, one entry per product): the table keeps only valid codes', async () => {
    const company = await createCompany(t);
    const draft = completeDraft(1, {
      mahs: [{ name: 'M', products: [{ name: 'no code' }, { name: 'ok', productCode: PRODUCT_CODE }, {}] }],
    });
    const { status, body } = await calls.save(company.headers, draft);
    expect(status).toBe(400);
    expect(body).toEqual([
      {
        code: 'INVALID_FIELD',
        field: 'mahs.0.products.0.productCode',
        message: expect.any(String),
        requestId: expect.any(String),
      },
      {
        code: 'INVALID_FIELD',
        field: 'mahs.0.products.2.productCode',
        message: expect.any(String),
        requestId: expect.any(String),
      },
    ]);
  });

  const base = completeDraft(1);
  it.each([
    [
      'a country outside the EEA',
      { address: { ...base.company.address, country: 'US' } },
      'company.address.country',
    ],
    ['a VAT number of another country', { vatNumber: 'FR12345678901' }, 'company.vatNumber'],
    ['an unknown organisation type', { orgType: 'XYZ' }, 'company.orgType'],
    // A legal name is one line: the portal's mails quote it to addresses the company chooses.
    [
      'a legal name on several lines',
      { legalName: 'ACME\n\nSECURITY NOTICE: sign in again at https://evil.test' },
      'company.legalName',
    ],
    ['a legal name with a control character', { legalName: 'ACME\u0007 NV' }, 'company.legalName'],
    ['a legal name with a direction override', { legalName: 'ACME \u202efdp.exe' }, 'company.legalName'],
  ])('refuses %s with 400 INVALID_FIELD', async (_case, change: object, field) => {
    const company = await createCompany(t);
    const draft = { ...base, company: { ...base.company, ...change } };
    const { status, body } = await calls.save(company.headers, draft);
    expect(status).toBe(400);
    expect(body).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'INVALID_FIELD', field })]));
  });

  it('lets a READ_ONLY user read but refuses every write with 403, changing nothing', async () => {
    const company = await createCompany(t);
    const readOnly = await addPerson(t, company, { access: 'READ_ONLY' });
    expect((await calls.get(readOnly)).status).toBe(200);
    expect(await calls.save(readOnly, completeDraft(1))).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    expect(await calls.submit(readOnly, 1)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect((await calls.get(company.headers)).body.organisation.version).toBe(1);
  });

  it('refuses a write without the anti-forgery header (spec §7)', async () => {
    const company = await createCompany(t);
    const { authorization } = company.headers;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/onboarding/legitimacy',
      headers: { authorization: authorization ?? '' },
      payload: completeDraft(1),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('describes the onboarding routes', async () => {
    const response = await t.app.inject('/api/docs/json');
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/onboarding',
        '/api/onboarding/legitimacy',
        '/api/onboarding/legitimacy/copy-of-proof',
        '/api/onboarding/legitimacy/submit',
      ]),
    );
  });
});
