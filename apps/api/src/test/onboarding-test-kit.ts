import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FILE_PURPOSES, type Onboarding } from '@portal/contracts';
import { gtinCheckDigit } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { multipartBody, uploadForm } from '../storage/test-uploads.js';
import { createTestApp, XSRF_HEADERS } from './test-app.js';

// Test helpers of the onboarding module: companies with their external users, their tokens, a complete
// draft and the calls of the legitimacy step.

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Headers = Record<string, string>;

/** A tiny real PDF: the content check (112) recognises it by its `%PDF-1.4` start. */
export const TINY_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1');

/** The whole API on a fresh database, its files on a disk folder of its own; `close` removes both. */
export async function createOnboardingTestApp(): Promise<TestApp & { close: () => Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'onboarding-'));
  const t = await createTestApp({ config: { DATA_DIR: dataDir } });
  return {
    ...t,
    close: async () => {
      await t.app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestCompany {
  organisationId: string;
  userId: string;
  email: string;
  headers: Headers;
}

let sequence = 0;

/** The headers of a signed-in external user: the token's subject and email, and the anti-forgery pair. */
export async function externalHeaders(
  t: Pick<TestApp, 'sign'>,
  sub: string,
  email: string,
): Promise<Headers> {
  return {
    authorization: `Bearer ${await t.sign({ roles: ['EmvoPortalExternal'], sub, emails: [email] })}`,
    ...XSRF_HEADERS,
  };
}

/**
 * An organisation as the registration leaves it (REGISTERED, OPM) and its Initial Requester. Reads only the
 * database and the token minter: a test app's, or a bench's own beside the API process it started.
 */
export async function createCompany(
  t: Pick<TestApp, 'db' | 'sign'>,
  options: { orgType?: 'OPM' | 'PD'; access?: 'FULL' | 'READ_ONLY' | 'REVOKED'; name?: string } = {},
): Promise<TestCompany> {
  sequence += 1;
  const tag = `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
  const audit = { createdBy: 'test', updatedBy: 'test' };
  const { id: organisationId } = await t.db
    .insertInto('organisations')
    .values({
      obpNumber: `C${String(10_000 + sequence).padStart(5, '0')}`,
      legalName: options.name ?? `Company ${tag}`,
      orgType: options.orgType ?? 'OPM',
      stage: 'REGISTERED',
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const email = `requester-${tag}@company.test`;
  const { id: userId } = await t.db
    .insertInto('users')
    .values({
      email,
      displayName: 'Rita Requester',
      externalId: `oid-${tag}`,
      roles: ['EXTERNAL'],
      organisationId,
      obpRole: 'INITIAL_REQUESTER',
      access: options.access ?? 'FULL',
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organisationId, userId, email, headers: await externalHeaders(t, `oid-${tag}`, email) };
}

/**
 * The company has what a session token request needs in both environments (domain tokenRequestNeeds): its
 * gateway, offering IQE and PRD, and an uploaded CSR for each, written as the technical step's writes leave
 * them.
 */
export async function readyForSessionTokens(t: TestApp, organisationId: string): Promise<void> {
  const audit = { createdBy: 'test', updatedBy: 'test' };
  const { id: gatewayId } = await t.db
    .insertInto('gateways')
    .values({
      name: `Gateway ${organisationId}`,
      type: 'PROVIDER',
      environments: ['IQE', 'PRD'],
      certified: true,
      certifiedAt: new Date('2026-01-01T00:00:00Z'),
      active: true,
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.updateTable('organisations').set({ gatewayId }).where('id', '=', organisationId).execute();
  for (const environment of ['IQE', 'PRD'] as const) {
    const { id: fileId } = await t.db
      .insertInto('storedFiles')
      .values({
        container: 'files',
        blobKey: `csr-${organisationId}-${environment}`,
        name: `${environment.toLowerCase()}.csr`,
        mime: 'application/pkcs10',
        size: 1,
        sha256: '0'.repeat(64),
        purpose: 'CSR',
        organisationId,
        uploadedBy: 'test',
        refCount: 1,
        ...audit,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('certificateRequests')
      .values({ organisationId, environment, fileId, ...audit })
      .execute();
  }
}

/** Another person of the company, signed in with their own token. */
export async function addPerson(
  t: TestApp,
  company: TestCompany,
  options: {
    access?: 'FULL' | 'READ_ONLY' | 'REVOKED';
    status?: 'ACTIVE' | 'DISABLED';
    email?: string;
    /** Who disabled a DISABLED person (none recorded counts as an administrator). */
    disabledBy?: 'ADMIN' | 'COMPANY';
  } = {},
): Promise<Headers> {
  sequence += 1;
  const email = options.email ?? `person-${sequence}@company.test`;
  await t.db
    .insertInto('users')
    .values({
      email,
      displayName: 'Pat Person',
      externalId: `oid-person-${sequence}`,
      roles: ['EXTERNAL'],
      organisationId: company.organisationId,
      access: options.access ?? 'FULL',
      status: options.status ?? 'ACTIVE',
      disabledBy: options.disabledBy ?? null,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .execute();
  return externalHeaders(t, `oid-person-${sequence}`, email);
}

/** A GTIN-14 with its real check digit (the contract verifies it). */
export const PRODUCT_CODE = `0401234567890${gtinCheckDigit('0401234567890') ?? 0}`;

/** A draft with every item a submission needs but the copy of proof, which is uploaded. */
export const completeDraft = (version: number, overrides: Record<string, unknown> = {}) => ({
  version,
  company: {
    legalName: 'Acme Pharma GmbH',
    orgType: 'OPM',
    registrationNumber: 'HRB 12345',
    vatNumber: 'DE123456789',
    address: {
      street: 'Hauptstraße',
      houseNumber: '12a',
      postalCode: '10115',
      city: 'Berlin',
      country: 'DE',
    },
    website: 'https://acme.example',
    phone: '+49 30 123456',
    email: 'office@acme.example',
  },
  spoc: {
    firstName: 'Sara',
    lastName: 'Spoc',
    function: 'Regulatory affairs',
    email: 'sara.spoc@acme.example',
    phone: '+49 30 1234567',
  },
  spocAssistant: null,
  authorisedRepresentative: {
    firstName: 'Arno',
    lastName: 'Represent',
    function: 'Managing director',
    email: 'arno@acme.example',
    phone: '+49 30 7654321',
  },
  mahs: [
    {
      name: 'Acme Pharma GmbH',
      country: 'DE',
      activeIn: ['DE', 'AT'],
      website: null,
      phone: null,
      email: null,
      licences: [],
      products: [{ name: 'Acmeol 10 mg', productCode: PRODUCT_CODE, countries: ['DE'] }],
    },
  ],
  ...overrides,
});

/** The calls of the legitimacy step, each answering its status and JSON body. */
export function onboardingCalls(t: TestApp) {
  // The body typed as a success answers; a refusal's body (an error or a list of them) is compared whole.
  const result = <T = Onboarding>(response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.json<T>(),
  });
  return {
    get: async (headers: Headers) =>
      result(await t.app.inject({ method: 'GET', url: '/api/onboarding', headers })),
    save: async (headers: Headers, draft: object) =>
      result(
        await t.app.inject({ method: 'PUT', url: '/api/onboarding/legitimacy', headers, payload: draft }),
      ),
    submit: async (headers: Headers, version: number) =>
      result(
        await t.app.inject({
          method: 'POST',
          url: '/api/onboarding/legitimacy/submit',
          headers,
          payload: { version },
        }),
      ),
    upload: async (headers: Headers, name: string, content: Buffer) => {
      const body = await multipartBody(uploadForm({}, [{ name, content }]));
      return result<{ id: string; name: string; size: number; mime: string }>(
        await t.app.inject({
          method: 'POST',
          url: '/api/onboarding/legitimacy/copy-of-proof',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        }),
      );
    },
  };
}

/** Every blob in the store, over all purposes' containers. */
export async function blobKeys(t: TestApp): Promise<string[]> {
  const { store, containerFor } = t.app.fileStorage;
  const keys: string[] = [];
  for (const purpose of FILE_PURPOSES)
    for await (const key of store.keys(containerFor(purpose))) keys.push(key);
  return keys;
}

/** A SPOC Assistant as the people route invites them (contracts spocAssistantInvitationSchema, less version). */
export const assistant = (email: string) => ({
  firstName: 'Alex',
  lastName: 'Assistant',
  function: 'Regulatory assistant',
  email,
  phone: '+49 30 555',
});

/** An invited person accepts and signs in: linked to a subject, ACTIVE, with a token of their own. */
export async function acceptsAndSignsIn(t: TestApp, email: string): Promise<Headers> {
  const subject = `oid-${email}`;
  await t.db
    .updateTable('users')
    .set({ externalId: subject, status: 'ACTIVE', lastLoginAt: new Date() })
    .where('email', '=', email)
    .execute();
  return externalHeaders(t, subject, email);
}
