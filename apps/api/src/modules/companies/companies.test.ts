import { activityLine, type CompanyPage, type SearchResults } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnboardingTestApp, type TestApp } from '../../test/onboarding-test-kit.js';
import { reviewerHeaders, seedCheck } from '../../test/reviews-test-kit.js';
import { seedTwoCompanies, type TwoCompanies } from '../../test/two-companies.js';

let t: TestApp & { close: () => Promise<void> };
let f: TwoCompanies;
let rita: Record<string, string>;

beforeAll(async () => {
  t = await createOnboardingTestApp();
  f = await seedTwoCompanies(t);
  rita = await reviewerHeaders(t, 'rita@emvo.test', { displayName: 'Rita Reviewer' });
}, 120_000);
afterAll(() => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const page = async (obpNumber: string, headers = rita) => {
  const response = await get(`/api/companies/${obpNumber}`, headers);
  return {
    status: response.statusCode,
    body: response.json<CompanyPage & { code?: string }>(),
    raw: response.body,
  };
};
const searchFor = async (q: string, headers = rita) => {
  const response = await get(`/api/search?q=${encodeURIComponent(q)}`, headers);
  return { status: response.statusCode, body: response.json<SearchResults & { code?: string }>() };
};

describe('GET /api/companies/{obpNumber}: the company page in one request', () => {
  it('answers the header, checks, documents, tokens, test runs, people and activity of the company', async () => {
    const { obpNumber, checkId, fileId, sessionTokenId } = f.owner.records;
    const { status, body, raw } = await page(obpNumber);
    expect(status).toBe(200);
    expect(body.company).toMatchObject({ obpNumber, stage: 'INFORMATION', orgType: 'OPM' });
    expect(body.company.legalName).toMatch(/^Ownerco /);
    expect(body.spoc?.email).toMatch(/^spoc-/);
    expect(body.checks).toEqual([
      expect.objectContaining({ id: checkId, type: 'LEGITIMACY', status: 'SUBMITTED', attempt: 1 }),
    ]);
    expect(body.checks[0]?.path).toBe(`/emvo/legitimacy/${checkId}`);
    // What is next: the submitted legitimacy check, nobody on it yet.
    expect(body.next).toMatchObject({ id: checkId, assignee: null, assigneeName: null });
    const proof = body.documents.find((document) => document.id === fileId);
    expect(proof).toMatchObject({ purpose: 'COPY_OF_PROOF', downloadPath: `/api/files/${fileId}` });
    expect((await get(proof?.downloadPath ?? '', rita)).statusCode).toBe(200);
    expect(body.sessionTokens).toEqual([
      expect.objectContaining({ id: sessionTokenId, environment: 'IQE', status: 'REQUESTED' }),
    ]);
    expect(raw).not.toMatch(/ciphertext|nonce|valueC/i);
    expect(
      body.testRuns.environments.map((row) => [row.environment, row.runs, row.passed, row.passRate]),
    ).toEqual([
      ['ITE', 0, 0, null],
      ['IQE', 1, 1, 100],
      ['PRD', 0, 0, null],
    ]);
    expect(body.testRuns.latest).toHaveLength(1);
    expect(body.people.map((person) => person.obpRole)).toContain('INITIAL_REQUESTER');
    expect(body.billing).toBeNull();
  });

  it('tells its story in words: the submission and the upload, named, each linking to its record', async () => {
    const { body } = await page(f.owner.records.obpNumber);
    const lines = body.activity.map(activityLine);
    const texts = lines.map((line) => line.text);
    expect(texts).toContainEqual(
      expect.stringMatching(/^Rita Requester submitted the legitimacy check \(attempt 1\)$/),
    );
    expect(texts).toContainEqual(
      expect.stringMatching(/^Rita Requester uploaded copy of proof ownerco-proof-.*\.pdf$/),
    );
    expect(lines.find((line) => line.key === 'activity.check.SUBMIT')?.link).toEqual({
      kind: 'check',
      path: `/emvo/legitimacy/${f.owner.records.checkId}`,
    });
    // No line shows a record by its id or a code.
    for (const text of texts) {
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(text).not.toMatch(/\b[A-Z]+_[A-Z_]+\b/);
    }
  });

  it('names who is on the open check', async () => {
    const seeded = await seedCheck(t, { status: 'IN_REVIEW', assignee: 'rita@emvo.test' });
    const { body } = await page(seeded.obpNumber);
    expect(body.next).toMatchObject({
      id: seeded.checkId,
      assignee: 'rita@emvo.test',
      assigneeName: 'Rita Reviewer',
    });
  });

  it('is read by administrators too, never by a company, and an unknown number is a 404', async () => {
    const { obpNumber } = f.owner.records;
    expect((await page(obpNumber, f.headers.admin)).status).toBe(200);
    expect((await page(obpNumber, f.owner.headers)).status).toBe(403);
    const unknown = await page('C99998');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'UNKNOWN_COMPANY']);
    const malformed = await page('not-a-number');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual([expect.objectContaining({ code: 'INVALID_FIELD', field: 'obpNumber' })]);
  });
});

describe('the audit names a deleted record by the name it had', () => {
  it('names a gateway deleted since its rows were written', async () => {
    const admin = f.headers.admin;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/gateways',
      headers: admin,
      payload: { name: 'Gone Gateway', type: 'PROVIDER', environments: ['IQE'], certified: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/gateways/${id}`, headers: admin })).statusCode,
    ).toBe(204);
    const trail = await get(`/api/audit?entityId=${id}`, admin);
    const rows = trail.json<{ items: Array<{ action: string; entityName: string | null }> }>().items;
    expect(rows.map((row) => [row.action, row.entityName])).toEqual([
      ['DELETE', 'Gone Gateway'],
      ['CREATE', 'Gone Gateway'],
    ]);
  });
});

describe('GET /api/search: companies, people and checks, from the top bar', () => {
  it('finds a company by a fragment of its name or its OBP number, with its checks', async () => {
    const seeded = await seedCheck(t, {
      organisation: { legalName: 'Helvetia Pharma AG' },
      status: 'SUBMITTED',
    });
    const byName = await searchFor('vetia ph');
    expect(byName.status).toBe(200);
    expect(byName.body.companies).toEqual([
      {
        obpNumber: seeded.obpNumber,
        legalName: 'Helvetia Pharma AG',
        stage: 'INFORMATION',
        country: 'BE',
        path: `/emvo/companies/${seeded.obpNumber}`,
      },
    ]);
    expect(byName.body.checks).toEqual([
      expect.objectContaining({
        id: seeded.checkId,
        type: 'LEGITIMACY',
        path: `/emvo/legitimacy/${seeded.checkId}`,
      }),
    ]);
    const byNumber = await searchFor(seeded.obpNumber.toLowerCase());
    expect(byNumber.body.companies[0]?.obpNumber).toBe(seeded.obpNumber);
    // One or two characters match the start of a name only.
    expect((await searchFor('He')).body.companies.map((company) => company.legalName)).toContain(
      'Helvetia Pharma AG',
    );
    expect((await searchFor('lv')).body.companies.map((company) => company.legalName)).not.toContain(
      'Helvetia Pharma AG',
    );
  });

  it('finds people by name or email, a company’s person opening its company’s page', async () => {
    const byName = await searchFor('Rita Req');
    const person = byName.body.people.find((one) => one.email === f.owner.email);
    expect(person?.path).toBe(`/emvo/companies/${f.owner.records.obpNumber}`);
    const byEmail = await searchFor('rita@emvo');
    expect(byEmail.body.people).toEqual([
      expect.objectContaining({
        email: 'rita@emvo.test',
        name: 'Rita Reviewer',
        obpNumber: null,
        path: '/admin/users',
      }),
    ]);
  });

  it('puts the companies whose name starts with the text before those that hold it elsewhere', async () => {
    await seedCheck(t, { organisation: { legalName: 'Aaa Rankco Labs' } });
    await seedCheck(t, { organisation: { legalName: 'Rankco Zed' } });
    const found = await searchFor('rankco');
    expect(found.body.companies.map((company) => company.legalName)).toEqual([
      'Rankco Zed',
      'Aaa Rankco Labs',
    ]);
    // Below SEARCH_FRAGMENT_MIN characters, only a name's start matches.
    expect((await searchFor('Ra')).body.companies.map((company) => company.legalName)).toEqual([
      'Rankco Zed',
    ]);
  });

  it('answers at most five of each kind, and reads wildcards as text', async () => {
    for (let index = 0; index < 7; index += 1) {
      await seedCheck(t, { organisation: { legalName: `Manyco ${index} Pharma` } });
    }
    const many = await searchFor('Manyco');
    expect(many.body.companies).toHaveLength(5);
    expect(many.body.checks).toHaveLength(5);
    expect((await searchFor('%')).body).toEqual({ companies: [], people: [], checks: [] });
    expect((await searchFor('___')).body.companies).toEqual([]);
  });

  it('is the reviewers’ and administrators’, and takes a text of 1 to 100 characters', async () => {
    expect((await searchFor('Ownerco', f.headers.admin)).body.companies).toHaveLength(1);
    expect((await searchFor('Ownerco', f.owner.headers)).status).toBe(403);
    expect((await searchFor('   ')).status).toBe(400);
    expect((await searchFor('x'.repeat(101))).status).toBe(400);
  });
});
