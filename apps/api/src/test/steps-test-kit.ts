import type { OnboardingAnswer, StoredFileSummary } from '@portal/contracts';
import type { CheckStatus } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { multipartBody, uploadForm } from '../storage/test-uploads.js';
import {
  completeDraft,
  createCompany,
  type Headers,
  onboardingCalls,
  type TestApp,
  type TestCompany,
  TINY_PDF,
} from './onboarding-test-kit.js';

// Test helpers of the steps after legitimacy: companies whose legitimacy is approved, the
// agreement template and tick boxes an administrator publishes, and the calls of the steps.

/** Every company of the onboarding test kit has this SPOC (completeDraft). */
export const SPOC_EMAIL = 'sara.spoc@acme.example';

export const TICK_BOX_TEXTS = [
  'I accept the terms of the agreement.',
  'I am authorised to sign it.',
] as const;

/** A complete set of billing details. */
export const BILLING = {
  legalEntity: 'Acme Pharma GmbH',
  address: { street: 'Hauptstraße', houseNumber: '12a', postalCode: '10115', city: 'Berlin', country: 'DE' },
  vatNumber: 'DE123456789',
  purchaseOrderNumber: 'PO-2026-17',
  billingEmail: 'invoices@acme.example',
};

/** The status of one of the company's checks, as a reviewer's decision leaves it. */
export async function setCheck(
  t: TestApp,
  company: TestCompany,
  type: 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL',
  status: CheckStatus,
  decidedBy = 'rev@portal.test',
): Promise<void> {
  const column = {
    LEGITIMACY: 'legitimacyStatus',
    CONTRACTUAL: 'contractualStatus',
    FINANCIAL: 'financialStatus',
  } as const;
  await t.db
    .updateTable('checks')
    .set({ status, decidedBy, decidedAt: new Date(), reason: status === 'REJECTED' ? 'No.' : null })
    .where('organisationId', '=', company.organisationId)
    .where('type', '=', type)
    .execute();
  await t.db
    .updateTable('organisations')
    .set({ [column[type]]: status })
    .where('id', '=', company.organisationId)
    .execute();
}

/**
 * A company whose legitimacy step is submitted through the API and approved, in stage APPROVALS, with
 * `mahCount` active MAHs (default 1).
 */
export async function approvedCompany(
  t: TestApp,
  options: { mahCount?: number; name?: string; legitimacy?: 'APPROVED' | 'TEMPORARILY_APPROVED' } = {},
): Promise<TestCompany> {
  const calls = onboardingCalls(t);
  const company = await createCompany(t, options.name ? { name: options.name } : {});
  const draft = completeDraft(1);
  const mahs = Array.from({ length: options.mahCount ?? 1 }, (_, index) => ({
    ...draft.mahs[0],
    name: `MAH ${index + 1} of ${company.organisationId.slice(0, 8)}`,
  }));
  expect((await calls.save(company.headers, { ...draft, mahs })).status).toBe(200);
  expect((await calls.upload(company.headers, 'proof.pdf', TINY_PDF)).status).toBe(201);
  expect((await calls.submit(company.headers, 2)).status).toBe(200);
  await setCheck(t, company, 'LEGITIMACY', options.legitimacy ?? 'APPROVED');
  await t.db
    .updateTable('organisations')
    .set({ stage: 'APPROVALS' })
    .where('id', '=', company.organisationId)
    .execute();
  return company;
}

/** The PA_TICKBOX disclaimer published with the two statements, once per database. */
export async function publishTickBoxes(
  t: TestApp,
  texts: readonly string[] = TICK_BOX_TEXTS,
): Promise<string> {
  const published = await t.db
    .selectFrom('disclaimerContents')
    .select(['id', 'versionNumber'])
    .where('type', '=', 'PA_TICKBOX')
    .orderBy('versionNumber', 'desc')
    .executeTakeFirst();
  await t.db
    .updateTable('disclaimerContents')
    .set({ status: 'ARCHIVED' })
    .where('type', '=', 'PA_TICKBOX')
    .execute();
  const { id } = await t.db
    .insertInto('disclaimerContents')
    .values({
      type: 'PA_TICKBOX',
      versionNumber: (published?.versionNumber ?? 0) + 1,
      title: 'Participation agreement',
      body: texts.join('\n\n'),
      status: 'PUBLISHED',
      publishedAt: new Date(),
      requiresAcceptance: true,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

type Result<T> = { status: number; body: T };
const result = <T>(response: LightMyRequestResponse): Result<T> => ({
  status: response.statusCode,
  body: response.json<T>(),
});

/** The multipart body of one file, as the SPA sends an upload. */
async function fileUpload(t: TestApp, url: string, headers: Headers, name: string, content: Buffer) {
  const body = await multipartBody(uploadForm({}, [{ name, content }]));
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** The calls of the steps after legitimacy, each answering its status and JSON body. */
export function stepCalls(t: TestApp) {
  const json = async <T = OnboardingAnswer>(
    method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: object,
  ) => result<T>(await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }));
  return {
    get: (headers: Headers) => json('GET', '/api/onboarding', headers),
    /** The caller's organisation version now. */
    version: async (headers: Headers) =>
      (await json('GET', '/api/onboarding', headers)).body.organisation.version,
    saveContractual: (headers: Headers, body: object) =>
      json('PUT', '/api/onboarding/contractual', headers, body),
    uploadAgreement: async (headers: Headers, name = 'signed.pdf', content: Buffer = TINY_PDF) =>
      result<StoredFileSummary>(
        await fileUpload(t, '/api/onboarding/contractual/signed-agreement', headers, name, content),
      ),
    submitContractual: (headers: Headers, version: number) =>
      json('POST', '/api/onboarding/contractual/submit', headers, { version }),
    saveFinancial: (headers: Headers, body: object) =>
      json('PUT', '/api/onboarding/financial', headers, body),
    uploadForm: async (headers: Headers, name = 'invoicing.pdf', content: Buffer = TINY_PDF) =>
      result<StoredFileSummary>(
        await fileUpload(t, '/api/onboarding/financial/invoicing-form', headers, name, content),
      ),
    submitFinancial: (headers: Headers, version: number) =>
      json('POST', '/api/onboarding/financial/submit', headers, { version }),
    saveMahs: (headers: Headers, body: object) => json('PUT', '/api/onboarding/mahs', headers, body),
    invite: (headers: Headers, body: object) =>
      json('POST', '/api/onboarding/people/spoc-assistant', headers, body),
    removeAssistant: (headers: Headers, version: number) =>
      json('DELETE', `/api/onboarding/people/spoc-assistant?version=${version}`, headers),
    setAccess: (headers: Headers, userId: string, body: object) =>
      json('PATCH', `/api/onboarding/people/${userId}`, headers, body),
    /** An administrator publishes a template version (multipart, one file). */
    publishTemplate: async (headers: Headers, name = 'agreement.pdf', content: Buffer = TINY_PDF) =>
      result<{ version: number; file: StoredFileSummary; resignRequested: number }>(
        await fileUpload(t, '/api/agreement-templates', headers, name, content),
      ),
    download: (headers: Headers, fileId: string) =>
      t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers }),
  };
}

/** An administrator's headers (a bearer token and the anti-forgery pair). */
export const adminHeaders = (t: TestApp): Promise<Headers> => t.bearer('EmvoPortalAdmin');

/** The mails to the test companies' SPOC about this company (they share the SPOC's address). */
export async function spocMails(t: TestApp, company: TestCompany) {
  const { obpNumber } = await t.db
    .selectFrom('organisations')
    .select('obpNumber')
    .where('id', '=', company.organisationId)
    .executeTakeFirstOrThrow();
  return t.db
    .selectFrom('outbox')
    .selectAll()
    .where('toAddress', '=', SPOC_EMAIL)
    .where('subject', 'like', `%(${obpNumber})`)
    .orderBy('createdAt')
    .execute();
}

/** The company's check of a type, and its events oldest first. */
export async function checkWithEvents(t: TestApp, company: TestCompany, type: 'CONTRACTUAL' | 'FINANCIAL') {
  const check = await t.db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', company.organisationId)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  const events = await t.db
    .selectFrom('checkEvents')
    .selectAll()
    .where('checkId', '=', check.id)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return { check, events };
}
