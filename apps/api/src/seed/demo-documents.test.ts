import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OnboardingAnswer, onboardingAnswerSchema } from '@portal/contracts';
import { tickBoxStatements } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../test/test-app.js';
import { seedIfEmpty } from './seed.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'documents-seed-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  await seedIfEmpty(t.db, t.app.fileStorage);
}, 120_000);
afterAll(async () => {
  await t.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The demo's external user (the SPOC of an onboarding company), not linked to a subject yet. */
const demoExternal = async () => ({
  authorization: `Bearer ${await t.sign({ roles: ['EmvoPortalExternal'], sub: 'oid-demo-external', emails: ['external@portal.test'] })}`,
  ...XSRF_HEADERS,
});

describe('the documents seed', () => {
  it('publishes template version 1 as a stored file any company downloads', async () => {
    const template = await t.db
      .selectFrom('agreementTemplates as a')
      .innerJoin('storedFiles as f', 'f.id', 'a.fileId')
      .selectAll('f')
      .select('a.version')
      .executeTakeFirstOrThrow();
    expect(template).toMatchObject({
      version: 1,
      purpose: 'AGREEMENT_TEMPLATE',
      organisationId: null,
      mime: 'application/pdf',
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/files/${template.id}`,
      headers: await demoExternal(),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(download.rawPayload.length).toBe(template.size);
  });

  it('publishes the PA_TICKBOX text with the two statements (one version, the older one archived)', async () => {
    const rows = await t.db
      .selectFrom('disclaimerContents')
      .selectAll()
      .where('type', '=', 'PA_TICKBOX')
      .orderBy('versionNumber')
      .execute();
    const published = rows.filter((row) => row.status === 'PUBLISHED');
    expect(published).toHaveLength(1);
    expect(tickBoxStatements(published[0]?.body ?? '')).toHaveLength(2);
  });

  it('gives every seeded agreement its signed file on version 1 and every invoicing row its form', async () => {
    const agreements = await t.db.selectFrom('participationAgreements').selectAll().execute();
    expect(agreements.length).toBeGreaterThan(0);
    for (const agreement of agreements) {
      expect(agreement).toMatchObject({ templateVersion: 1, signedFileId: expect.any(String) });
    }
    const forms = await t.db.selectFrom('invoicingInformation').selectAll().execute();
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) {
      expect(form.formFileId).toEqual(expect.any(String));
      expect(form.billing).toMatchObject({
        legalEntity: expect.any(String),
        billingEmail: expect.any(String),
      });
    }
  });

  it('shows the demo company its steps: the template, its signed agreement with both boxes ticked, its fee', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/onboarding',
      headers: await demoExternal(),
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<OnboardingAnswer>();
    expect(answer.contractual).toMatchObject({
      currentTemplate: { version: 1 },
      agreement: {
        templateVersion: 1,
        signedFile: { mime: 'application/pdf' },
        acceptedTerms: true,
        confirmedAuthority: true,
      },
      tickBoxes: { texts: [expect.any(String), expect.any(String)] },
      resignReason: null,
    });
    expect(answer.financial.invoicing).toMatchObject({ form: { mime: 'application/pdf' } });
    expect(answer.people).toMatchObject([{ email: 'external@portal.test', role: 'SPOC', you: true }]);
    expect(answer.canManagePeople).toBe(true);
    // The whole answer meets the contract the SPA parses it with, but for the shape of the VAT numbers:
    // demo-organisations.ts draws their country prefix apart from the company's country.
    const parsed = onboardingAnswerSchema.safeParse(answer);
    const issues = (parsed.error?.issues ?? []).filter((issue) => issue.path.at(-1) !== 'vatNumber');
    expect(issues).toEqual([]);
  });
});
