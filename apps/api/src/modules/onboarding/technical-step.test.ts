import type { OnboardingAnswer } from '@portal/contracts';
import { tokenExpiresAt } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenCipher, type TokenCipher } from '../../company/token-cipher.js';
import type { Stage } from '../../db/schema.js';
import { loadKeyFile } from '../../node/token-key-file.js';
import { multipartBody, SAMPLES, uploadForm } from '../../storage/test-uploads.js';
import {
  addPerson,
  blobKeys,
  createCompany,
  createOnboardingTestApp,
  type Headers,
  readyForSessionTokens,
  type TestApp,
  type TestCompany,
} from '../../test/onboarding-test-kit.js';

let t: TestApp & { close: () => Promise<void> };
let cipher: TokenCipher;
const gateways: Record<string, string> = {};

/** A real-shaped CSR: base64 of a DER SEQUENCE in a PEM block, as openssl req writes it. */
const der = Buffer.concat([Buffer.from([0x30, 0x82, 0x02, 0x56]), Buffer.alloc(300, 0x42)]);
const CSR = Buffer.from(
  `-----BEGIN CERTIFICATE REQUEST-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END CERTIFICATE REQUEST-----\n`,
);

async function gateway(
  name: string,
  values: { environments: Array<'IQE' | 'PRD'>; certified: boolean; active: boolean },
) {
  const { id } = await t.db
    .insertInto('gateways')
    .values({
      name,
      type: 'PROVIDER',
      environments: values.environments,
      certified: values.certified,
      certifiedAt: values.certified ? new Date('2026-01-01T00:00:00Z') : null,
      active: values.active,
      createdBy: 'test',
      updatedBy: 'test',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  gateways[name] = id;
}

beforeAll(async () => {
  t = await createOnboardingTestApp();
  // The key the API generates under DATA_DIR on first use: a reviewer's issue (a later issue) uses it too.
  cipher = createTokenCipher(await loadKeyFile(t.config.dataDir));
  await gateway('Both', { environments: ['IQE', 'PRD'], certified: true, active: true });
  await gateway('IQE only', { environments: ['IQE'], certified: true, active: true });
  await gateway('Uncertified', { environments: ['IQE', 'PRD'], certified: false, active: true });
  await gateway('Inactive', { environments: ['IQE', 'PRD'], certified: true, active: false });
});
afterAll(() => t.close());

const setStage = (company: TestCompany, stage: Stage) =>
  t.db.updateTable('organisations').set({ stage }).where('id', '=', company.organisationId).execute();

async function companyAt(stage: Stage): Promise<TestCompany> {
  const company = await createCompany(t);
  await setStage(company, stage);
  return company;
}

/** A company at the stage with its gateway and a CSR in each environment: it may request tokens. */
async function tokenReadyAt(stage: Stage): Promise<TestCompany> {
  const company = await companyAt(stage);
  await readyForSessionTokens(t, company.organisationId);
  return company;
}

const result = <T>(response: LightMyRequestResponse) => ({
  status: response.statusCode,
  body: response.json<T>(),
  headers: response.headers,
});
const call = async <T = OnboardingAnswer>(
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  headers: Headers,
  payload?: object,
) =>
  result<T & { code?: string }>(
    await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) }),
  );

const get = (headers: Headers) => call('GET', '/api/onboarding', headers);
const version = async (headers: Headers) => (await get(headers)).body.organisation.version;
const technical = async (headers: Headers) => (await get(headers)).body.technical;
const chooseGateway = async (headers: Headers, environment: string, gatewayId: string, v?: number) =>
  call('PUT', `/api/onboarding/technical/${environment}/gateway`, headers, {
    version: v ?? (await version(headers)),
    gatewayId,
  });
const requestToken = async (headers: Headers, environment: string, v?: number) =>
  call('POST', `/api/onboarding/technical/${environment}/session-token`, headers, {
    version: v ?? (await version(headers)),
  });
const reveal = (headers: Headers, tokenId: string) =>
  call<{ id: string; environment: string; value: string; expiresAt: string }>(
    'POST',
    `/api/onboarding/technical/session-tokens/${tokenId}/reveal`,
    headers,
  );
async function uploadCsr(headers: Headers, environment: string, name = 'request.csr', content: Buffer = CSR) {
  const body = await multipartBody(uploadForm({}, [{ name, content }]));
  return result<{ id: string; code?: string; status: string; file: { name: string; mime: string } }>(
    await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/technical/${environment}/csr`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    }),
  );
}

/** A reviewer's issue, as the later issue's route will do it: the value encrypted, 24 h of life. */
async function issue(tokenId: string, value: string, issuedAt = new Date()) {
  const encrypted = cipher.encrypt(value);
  await t.db
    .updateTable('sessionTokens')
    .set({
      status: 'ISSUED',
      issuedBy: 'rev@portal.test',
      issuedAt,
      expiresAt: tokenExpiresAt(issuedAt),
      valueCiphertext: encrypted.ciphertext,
      valueNonce: encrypted.nonce,
      keyId: encrypted.keyId,
    })
    .where('id', '=', tokenId)
    .execute();
}

const auditActions = async (entityId: string) =>
  (await t.db.selectFrom('auditLog').select('action').where('entityId', '=', entityId).execute()).map(
    (row) => row.action,
  );

describe('the technical step opens at TECHNICAL_IQE, production at TECHNICAL_PRD', () => {
  it.each(['REGISTERED', 'APPROVALS', 'SUSPENDED', 'WITHDRAWN'] as const)(
    'is closed at %s: shown closed, every write 409 STEP_LOCKED, no file stored',
    async (stage) => {
      const company = await companyAt(stage);
      const step = await technical(company.headers);
      expect(step.open).toBe(false);
      expect(step.editable).toBe(false);
      expect(step.environments.IQE.open).toBe(false);
      expect(step.environments.PRD.open).toBe(false);
      expect(await chooseGateway(company.headers, 'IQE', gateways.Both ?? '')).toMatchObject({
        status: 409,
        body: { code: 'STEP_LOCKED' },
      });
      expect(await requestToken(company.headers, 'IQE')).toMatchObject({
        status: 409,
        body: { code: 'STEP_LOCKED' },
      });
      const before = await blobKeys(t);
      expect(await uploadCsr(company.headers, 'IQE')).toMatchObject({
        status: 409,
        body: { code: 'STEP_LOCKED' },
      });
      expect(await blobKeys(t)).toEqual(before);
    },
  );

  it('at TECHNICAL_IQE opens IQE only; at TECHNICAL_PRD and MAINTENANCE both', async () => {
    const company = await companyAt('TECHNICAL_IQE');
    const step = await technical(company.headers);
    expect(step).toMatchObject({ open: true, editable: true });
    expect(step.environments.IQE).toMatchObject({
      environment: 'IQE',
      open: true,
      gateway: null,
      csrs: [],
      tokens: [],
    });
    expect(step.environments.PRD.open).toBe(false);
    expect(await chooseGateway(company.headers, 'PRD', gateways.Both ?? '')).toMatchObject({
      status: 409,
      body: { code: 'STEP_LOCKED' },
    });
    expect((await requestToken(company.headers, 'PRD')).body.code).toBe('STEP_LOCKED');
    expect((await uploadCsr(company.headers, 'PRD')).body.code).toBe('STEP_LOCKED');

    await setStage(company, 'TECHNICAL_PRD');
    expect((await technical(company.headers)).environments.PRD.open).toBe(true);
    await readyForSessionTokens(t, company.organisationId);
    expect((await requestToken(company.headers, 'PRD')).status).toBe(200);
    expect((await uploadCsr(company.headers, 'PRD')).status).toBe(201);
    await setStage(company, 'MAINTENANCE');
    expect((await technical(company.headers)).environments.PRD.open).toBe(true);
  });

  it('refuses an environment other than IQE and PRD', async () => {
    const company = await companyAt('TECHNICAL_PRD');
    expect((await requestToken(company.headers, 'ITE')).status).toBe(400);
  });
});

describe('the gateway', () => {
  it('offers the active, certified gateways of each environment', async () => {
    const company = await companyAt('TECHNICAL_IQE');
    const step = await technical(company.headers);
    const names = (list: Array<{ name: string }>) => list.map((gateway) => gateway.name);
    expect(names(step.environments.IQE.gateways)).toEqual(expect.arrayContaining(['Both', 'IQE only']));
    expect(names(step.environments.IQE.gateways)).not.toContain('Uncertified');
    expect(names(step.environments.IQE.gateways)).not.toContain('Inactive');
    expect(names(step.environments.PRD.gateways)).toContain('Both');
    expect(names(step.environments.PRD.gateways)).not.toContain('IQE only');
  });

  it.each([
    ['inactive', 'Inactive', 'IQE'],
    ['not certified', 'Uncertified', 'IQE'],
    ['not offering the environment', 'IQE only', 'PRD'],
  ])('refuses a gateway %s (400 GATEWAY_NOT_AVAILABLE)', async (_why, name, environment) => {
    const company = await companyAt('TECHNICAL_PRD');
    const refused = await chooseGateway(company.headers, environment, gateways[name] ?? '');
    expect(refused).toMatchObject({ status: 400, body: { code: 'GATEWAY_NOT_AVAILABLE' } });
  });

  it('refuses an unknown gateway and a stale version', async () => {
    const company = await companyAt('TECHNICAL_IQE');
    const unknown = await chooseGateway(company.headers, 'IQE', '00000000-0000-4000-8000-000000000000');
    expect(unknown).toMatchObject({ status: 400, body: { code: 'GATEWAY_NOT_AVAILABLE' } });
    const v = await version(company.headers);
    expect((await chooseGateway(company.headers, 'IQE', gateways.Both ?? '', v)).status).toBe(200);
    expect((await chooseGateway(company.headers, 'IQE', gateways['IQE only'] ?? '', v)).status).toBe(409);
  });

  it('is one for both environments: shown in each environment it offers, with an audit row', async () => {
    const company = await companyAt('TECHNICAL_PRD');
    const chosen = await chooseGateway(company.headers, 'IQE', gateways['IQE only'] ?? '');
    expect(chosen.status).toBe(200);
    expect(chosen.body.technical.environments.IQE.gateway).toEqual({
      id: gateways['IQE only'],
      name: 'IQE only',
    });
    expect(chosen.body.technical.environments.PRD.gateway).toBeNull();
    const both = await chooseGateway(company.headers, 'PRD', gateways.Both ?? '');
    expect(both.body.technical.environments.IQE.gateway?.name).toBe('Both');
    expect(both.body.technical.environments.PRD.gateway?.name).toBe('Both');
    const row = await t.db
      .selectFrom('organisations')
      .select('gatewayId')
      .where('id', '=', company.organisationId)
      .executeTakeFirstOrThrow();
    expect(row.gatewayId).toBe(gateways.Both);
    expect(await auditActions(company.organisationId)).toEqual(['CHOOSE_GATEWAY', 'CHOOSE_GATEWAY']);
  });
});

describe('CSR files', () => {
  it('accepts a PEM certificate request and lists it in its environment', async () => {
    const company = await companyAt('TECHNICAL_IQE');
    const uploaded = await uploadCsr(company.headers, 'IQE', 'acme-iqe.csr');
    expect(uploaded).toMatchObject({
      status: 201,
      body: {
        environment: 'IQE',
        status: 'UPLOADED',
        file: { name: 'acme-iqe.csr', mime: 'application/pkcs10' },
      },
    });
    const step = await technical(company.headers);
    expect(step.environments.IQE.csrs).toEqual([
      {
        id: uploaded.body.id,
        file: expect.objectContaining({ name: 'acme-iqe.csr' }),
        status: 'UPLOADED',
        uploadedAt: expect.any(String),
      },
    ]);
    expect(step.environments.PRD.csrs).toEqual([]);
    expect(await auditActions(uploaded.body.id)).toEqual(['UPLOAD_CSR']);
  });

  it.each([
    ['a PNG renamed .csr', SAMPLES.png],
    ['a text file without the PEM block', Buffer.from('Please sign this certificate for us.\n')],
    [
      'a PEM header with no base64 body',
      Buffer.from('-----BEGIN CERTIFICATE REQUEST-----\nnot base64!\n-----END CERTIFICATE REQUEST-----\n'),
    ],
    [
      'a certificate, not a request',
      Buffer.from(CSR.toString().replaceAll('CERTIFICATE REQUEST', 'CERTIFICATE')),
    ],
  ])('refuses %s with 112, keeping no file', async (_name, content) => {
    const company = await companyAt('TECHNICAL_IQE');
    const before = await blobKeys(t);
    expect(await uploadCsr(company.headers, 'IQE', 'request.csr', content)).toMatchObject({
      status: 400,
      body: { code: '112' },
    });
    expect(await blobKeys(t)).toEqual(before);
    expect((await technical(company.headers)).environments.IQE.csrs).toEqual([]);
  });

  it('refuses another extension with 111', async () => {
    const company = await companyAt('TECHNICAL_IQE');
    expect(await uploadCsr(company.headers, 'IQE', 'request.txt')).toMatchObject({
      status: 400,
      body: { code: '111' },
    });
  });
});

describe('session tokens', () => {
  it('requests one token per environment at a time (409 TOKEN_ALREADY_REQUESTED), with an audit row', async () => {
    const company = await tokenReadyAt('TECHNICAL_PRD');
    const requested = await requestToken(company.headers, 'IQE');
    expect(requested.status).toBe(200);
    const [token] = requested.body.technical.environments.IQE.tokens;
    expect(token).toEqual({
      id: expect.any(String),
      status: 'REQUESTED',
      requestedAt: expect.any(String),
      issuedAt: null,
      expiresAt: null,
      valueAvailable: false,
    });
    expect(await auditActions(token?.id ?? '')).toEqual(['REQUEST_SESSION_TOKEN']);
    expect(await requestToken(company.headers, 'IQE')).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_ALREADY_REQUESTED' },
    });
    // Another environment has its own request.
    expect((await requestToken(company.headers, 'PRD')).status).toBe(200);
    // Once issued, a new one may be requested.
    await issue(token?.id ?? '', 'value-1');
    expect((await requestToken(company.headers, 'IQE')).status).toBe(200);
  });

  it('refuses a request before the gateway and a CSR (409 TOKEN_REQUEST_NOT_READY), naming what is missing', async () => {
    const company = await companyAt('TECHNICAL_PRD');
    const refused = async (environment: string) => {
      const answer = await requestToken(company.headers, environment);
      expect(answer).toMatchObject({ status: 409, body: { code: 'TOKEN_REQUEST_NOT_READY' } });
      return answer.body as unknown as { message: string };
    };
    expect((await refused('IQE')).message).toBe(
      'Before requesting a session token for IQE, choose a gateway offering IQE and upload a CSR for IQE',
    );
    // The gateway offers IQE only: PRD still needs one.
    expect((await chooseGateway(company.headers, 'IQE', gateways['IQE only'] ?? '')).status).toBe(200);
    expect((await refused('IQE')).message).toBe(
      'Before requesting a session token for IQE, upload a CSR for IQE',
    );
    expect((await refused('PRD')).message).toMatch(/choose a gateway offering PRD and upload a CSR for PRD$/);
    // A rejected CSR is no CSR to issue a token for.
    const csr = await uploadCsr(company.headers, 'IQE');
    await t.db
      .updateTable('certificateRequests')
      .set({ status: 'REJECTED' })
      .where('id', '=', csr.body.id)
      .execute();
    await refused('IQE');
    expect((await uploadCsr(company.headers, 'IQE')).status).toBe(201);
    expect((await requestToken(company.headers, 'IQE')).status).toBe(200);
    // Nothing was written by the refusals: one token, one audit row.
    expect((await technical(company.headers)).environments.IQE.tokens).toHaveLength(1);
    expect((await technical(company.headers)).environments.PRD.tokens).toEqual([]);
  });

  it('refuses a stale version', async () => {
    const company = await tokenReadyAt('TECHNICAL_IQE');
    const v = await version(company.headers);
    expect((await requestToken(company.headers, 'IQE', v - 1 || v + 1)).status).toBe(409);
  });

  it('reveals an issued value once (409 TOKEN_ALREADY_SHOWN after), with its expiry', async () => {
    const company = await tokenReadyAt('TECHNICAL_IQE');
    const requested = await requestToken(company.headers, 'IQE');
    const id = requested.body.technical.environments.IQE.tokens[0]?.id ?? '';
    expect(await reveal(company.headers, id)).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_NOT_AVAILABLE' },
    });

    const issuedAt = new Date();
    await issue(id, 'TkN-0123456789abcdef');
    const before = (await technical(company.headers)).environments.IQE.tokens[0];
    expect(before).toMatchObject({
      status: 'ISSUED',
      valueAvailable: true,
      expiresAt: tokenExpiresAt(issuedAt).toISOString(),
    });
    const shown = await reveal(company.headers, id);
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.body).toEqual({
      id,
      environment: 'IQE',
      value: 'TkN-0123456789abcdef',
      expiresAt: tokenExpiresAt(issuedAt).toISOString(),
    });
    expect(await reveal(company.headers, id)).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_ALREADY_SHOWN' },
    });
    expect((await technical(company.headers)).environments.IQE.tokens[0]).toMatchObject({
      status: 'ISSUED',
      valueAvailable: false,
    });
    expect(await auditActions(id)).toEqual(['REQUEST_SESSION_TOKEN', 'REVEAL_SESSION_TOKEN']);
    const stored = await t.db
      .selectFrom('sessionTokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.shownAt).not.toBeNull();
    expect(stored.valueCiphertext).not.toContain('TkN');
  });

  it('shows an issued token past its 24 h as EXPIRED, and reveals nothing', async () => {
    const company = await tokenReadyAt('TECHNICAL_IQE');
    const requested = await requestToken(company.headers, 'IQE');
    const id = requested.body.technical.environments.IQE.tokens[0]?.id ?? '';
    await issue(id, 'old-value', new Date(Date.now() - 25 * 3600 * 1000));
    expect((await technical(company.headers)).environments.IQE.tokens[0]).toMatchObject({
      status: 'EXPIRED',
      valueAvailable: false,
    });
    expect(await reveal(company.headers, id)).toMatchObject({
      status: 409,
      body: { code: 'TOKEN_NOT_AVAILABLE' },
    });
  });
});

describe("two companies' isolation, and a READ_ONLY user", () => {
  it("never shows or reveals another company's token (404)", async () => {
    const a = await tokenReadyAt('TECHNICAL_IQE');
    const b = await companyAt('TECHNICAL_IQE');
    const requested = await requestToken(a.headers, 'IQE');
    const id = requested.body.technical.environments.IQE.tokens[0]?.id ?? '';
    await issue(id, 'a-secret');
    expect(await reveal(b.headers, id)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    expect((await technical(b.headers)).environments.IQE.tokens).toEqual([]);
    expect((await uploadCsr(a.headers, 'IQE')).status).toBe(201);
    expect((await technical(b.headers)).environments.IQE.csrs).toEqual([]);
    // A's value is still there to be revealed once, by A.
    expect((await reveal(a.headers, id)).body.value).toBe('a-secret');
  });

  it('shows a READ_ONLY user the step, read-only, and refuses every write (403)', async () => {
    const company = await tokenReadyAt('TECHNICAL_IQE');
    const requested = await requestToken(company.headers, 'IQE');
    const id = requested.body.technical.environments.IQE.tokens[0]?.id ?? '';
    await issue(id, 'read-only-cannot-see');
    const readOnly = await addPerson(t, company, { access: 'READ_ONLY' });
    const step = await technical(readOnly);
    expect(step).toMatchObject({ open: true, editable: false });
    expect(step.environments.IQE.tokens).toHaveLength(1);
    expect((await chooseGateway(readOnly, 'IQE', gateways.Both ?? '')).status).toBe(403);
    expect((await uploadCsr(readOnly, 'IQE')).status).toBe(403);
    expect((await requestToken(readOnly, 'IQE')).status).toBe(403);
    expect((await reveal(readOnly, id)).status).toBe(403);
  });
});

describe('test runs', () => {
  it("shows the company's IQE and PRD runs in their environment, newest first", async () => {
    const company = await companyAt('TECHNICAL_PRD');
    const other = await companyAt('TECHNICAL_PRD');
    const run = (
      organisationId: string,
      environment: 'ITE' | 'IQE' | 'PRD',
      scenario: string,
      at: string,
      errorCode: string | null = null,
    ) => ({
      organisationId,
      environment,
      scenario,
      result: errorCode ? ('FAILED' as const) : ('PASSED' as const),
      errorCode,
      executedAt: new Date(at),
      source: 'MANUAL' as const,
      createdBy: 'test',
      updatedBy: 'test',
    });
    await t.db
      .insertInto('testRuns')
      .values([
        run(company.organisationId, 'IQE', 'Upload pack', '2026-11-01T10:00:00Z'),
        run(company.organisationId, 'IQE', 'Decommission', '2026-11-02T10:00:00Z', 'E-42'),
        run(company.organisationId, 'PRD', 'Upload pack', '2026-11-03T10:00:00Z'),
        run(company.organisationId, 'ITE', 'Ignored', '2026-11-03T10:00:00Z'),
        run(other.organisationId, 'IQE', 'Not ours', '2026-11-03T10:00:00Z'),
      ])
      .execute();
    const step = await technical(company.headers);
    expect(step.environments.IQE.testRuns).toEqual([
      {
        scenario: 'Decommission',
        result: 'FAILED',
        errorCode: 'E-42',
        executedAt: '2026-11-02T10:00:00.000Z',
      },
      { scenario: 'Upload pack', result: 'PASSED', errorCode: null, executedAt: '2026-11-01T10:00:00.000Z' },
    ]);
    expect(step.environments.PRD.testRuns.map((r) => r.scenario)).toEqual(['Upload pack']);
  });
});
