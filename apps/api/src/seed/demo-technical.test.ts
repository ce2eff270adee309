import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { technicalStepSchema } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, XSRF_HEADERS } from '../test/test-app.js';
import { seedIfEmpty } from './seed.js';

type App = Awaited<ReturnType<typeof createTestApp>>;
let t: App;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'technical-seed-'));
  t = await createTestApp({ config: { DATA_DIR: dataDir } });
  await seedIfEmpty(t.db, t.app.fileStorage);
}, 120_000);
afterAll(async () => {
  await t.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the technical seed', () => {
  it('gives every company in a technical stage a usable gateway and test runs, and queues token requests', async () => {
    const organisations = await t.db
      .selectFrom('organisations')
      .leftJoin('gateways', 'gateways.id', 'organisations.gatewayId')
      .select(['organisations.id', 'stage', 'gateways.active', 'gateways.certified', 'gateways.environments'])
      .where('stage', 'in', ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'])
      .execute();
    expect(organisations.length).toBeGreaterThan(0);
    for (const organisation of organisations) {
      expect(organisation).toMatchObject({ active: true, certified: true });
      expect(organisation.environments).toContain('IQE');
      if (organisation.stage !== 'TECHNICAL_IQE') expect(organisation.environments).toContain('PRD');
    }
    const runs = await t.db.selectFrom('testRuns').select(['organisationId', 'environment']).execute();
    const withRuns = new Set(runs.map((run) => run.organisationId));
    expect(organisations.every((organisation) => withRuns.has(organisation.id))).toBe(true);
    const requested = await t.db
      .selectFrom('sessionTokens')
      .select(['organisationId', 'environment', 'status'])
      .execute();
    expect(requested.every((token) => token.status === 'REQUESTED')).toBe(true);
    expect(requested.length).toBe(organisations.filter((o) => o.stage !== 'MAINTENANCE').length);
  });

  it('records how each company in production got there: the move to production, then to maintenance', async () => {
    const moved = await t.db
      .selectFrom('organisations')
      .leftJoin('stageEvents', 'stageEvents.organisationId', 'organisations.id')
      .select(['organisations.stage', 'organisations.createdAt', 'stageEvents.toStage', 'stageEvents.at'])
      .where('organisations.stage', 'in', ['TECHNICAL_PRD', 'MAINTENANCE'])
      .execute();
    expect(moved.length).toBeGreaterThan(0);
    for (const row of moved) {
      expect(
        row.toStage === 'TECHNICAL_PRD' || (row.stage === 'MAINTENANCE' && row.toStage === 'MAINTENANCE'),
      ).toBe(true);
      expect(row.at?.getTime()).toBeGreaterThan(row.createdAt.getTime());
    }
    const iqe = await t.db
      .selectFrom('stageEvents')
      .innerJoin('organisations', 'organisations.id', 'stageEvents.organisationId')
      .select('organisations.stage')
      .where('organisations.stage', '=', 'TECHNICAL_IQE')
      .execute();
    expect(iqe).toEqual([]);
  });

  it("answers a technical company's step in GET /api/onboarding", async () => {
    const organisation = await t.db
      .selectFrom('organisations')
      .select('id')
      .where('stage', '=', 'TECHNICAL_PRD')
      .orderBy('obpNumber')
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .select(['email', 'externalId'])
      .where('organisationId', '=', organisation.id)
      .executeTakeFirstOrThrow();
    const headers = {
      authorization: `Bearer ${await t.sign({ roles: ['EmvoPortalExternal'], sub: user.externalId ?? 'oid-seed-technical', emails: [user.email] })}`,
      ...XSRF_HEADERS,
    };
    const response = await t.app.inject({ method: 'GET', url: '/api/onboarding', headers });
    expect(response.statusCode).toBe(200);
    const technical = technicalStepSchema.parse(response.json().technical);
    expect(technical.open).toBe(true);
    expect(technical.environments.PRD.gateway).not.toBeNull();
    expect(technical.environments.IQE.testRuns.length).toBeGreaterThan(0);
    expect(technical.environments.PRD.tokens).toMatchObject([{ status: 'REQUESTED', valueAvailable: false }]);
  });
});
