import type { MetricsCompanyRow } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Headers, mailsTo, reviewerHeaders, type TestApp } from '../../test/reviews-test-kit.js';
import { createTestApp } from '../../test/test-app.js';
import { seedCompany } from './metrics-test-kit.js';

let t: TestApp;
let rita: Headers;
let sequence = 200;

beforeAll(async () => {
  t = await createTestApp();
  rita = await reviewerHeaders(t, 'rita@emvo.test');
});
afterAll(() => t.app.close());

async function company(stage: Parameters<typeof seedCompany>[1]['stage'], spocEmail?: string | null) {
  sequence += 1;
  const obpNumber = `C00${sequence}`;
  const id = await seedCompany(t, { obpNumber, legalName: `Company ${sequence}`, stage, spocEmail });
  return {
    id,
    obpNumber,
    spoc: spocEmail === undefined ? `spoc-${obpNumber.toLowerCase()}@company.test` : spocEmail,
  };
}

const move = (id: string, payload: object, headers: Headers = rita) =>
  t.app.inject({ method: 'POST', url: `/api/organisations/${id}/stage-moves`, headers, payload });

const stored = (id: string) =>
  t.db
    .selectFrom('organisations')
    .select(['stage', 'version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const auditOf = (id: string) =>
  t.db.selectFrom('auditLog').selectAll().where('entityId', '=', id).orderBy('at').execute();
const eventsOf = (id: string) =>
  t.db.selectFrom('stageEvents').selectAll().where('organisationId', '=', id).orderBy('at').execute();

describe('POST /api/organisations/:id/stage-moves: to production, then maintenance', () => {
  it('moves TECHNICAL_IQE to TECHNICAL_PRD with its event, audit row and the SPOC mail', async () => {
    const { id, obpNumber, spoc } = await company('TECHNICAL_IQE');
    const response = await move(id, {
      move: 'MOVE_TO_PRODUCTION',
      reason: ' IQE tests all green ',
      version: 1,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<MetricsCompanyRow>()).toMatchObject({
      id,
      stage: 'TECHNICAL_PRD',
      version: 2,
      allowedMoves: ['MOVE_TO_MAINTENANCE'],
    });
    expect(await stored(id)).toEqual({ stage: 'TECHNICAL_PRD', version: 2 });
    expect(await eventsOf(id)).toMatchObject([
      {
        move: 'MOVE_TO_PRODUCTION',
        fromStage: 'TECHNICAL_IQE',
        toStage: 'TECHNICAL_PRD',
        actor: 'rita@emvo.test',
        role: 'EMVO',
        comment: 'IQE tests all green',
      },
    ]);
    const audit = await auditOf(id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor: 'rita@emvo.test',
      action: 'MOVE_TO_PRODUCTION',
      entity: 'organisation',
    });
    expect(JSON.parse(JSON.stringify(audit[0]?.diff))).toEqual({
      stage: { from: 'TECHNICAL_IQE', to: 'TECHNICAL_PRD' },
      reason: 'IQE tests all green',
    });
    const mails = await mailsTo(t, spoc);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(`moves to production (${obpNumber})`);
    expect(mails[0]?.text).toContain('Comment: “IQE tests all green”');

    const second = await move(id, { move: 'MOVE_TO_MAINTENANCE', version: 2 });
    expect(second.statusCode).toBe(200);
    expect(await stored(id)).toEqual({ stage: 'MAINTENANCE', version: 3 });
    expect((await mailsTo(t, spoc)).map((mail) => mail.subject)).toHaveLength(2);
  });

  it.each([
    ['MOVE_TO_PRODUCTION', 'APPROVALS'],
    ['MOVE_TO_PRODUCTION', 'TECHNICAL_PRD'],
    ['MOVE_TO_MAINTENANCE', 'TECHNICAL_IQE'],
    ['MOVE_TO_MAINTENANCE', 'MAINTENANCE'],
    ['MOVE_TO_PRODUCTION', 'SUSPENDED'],
  ] as const)('refuses %s from %s with 409 ACTION_NOT_ALLOWED and writes nothing', async (name, stage) => {
    const { id, spoc } = await company(stage);
    const response = await move(id, { move: name, version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ACTION_NOT_ALLOWED' });
    expect(await stored(id)).toEqual({ stage, version: 1 });
    expect(await auditOf(id)).toEqual([]);
    expect(await eventsOf(id)).toEqual([]);
    expect(await mailsTo(t, spoc)).toEqual([]);
  });

  it('answers 409 VERSION_CONFLICT to a stale version and changes nothing', async () => {
    const { id } = await company('TECHNICAL_IQE');
    expect((await move(id, { move: 'MOVE_TO_PRODUCTION', version: 1 })).statusCode).toBe(200);
    const stale = await move(id, { move: 'MOVE_TO_MAINTENANCE', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect(await stored(id)).toEqual({ stage: 'TECHNICAL_PRD', version: 2 });
  });

  it('moves a company without a SPOC, without a mail', async () => {
    const { id } = await company('TECHNICAL_IQE', null);
    expect((await move(id, { move: 'MOVE_TO_PRODUCTION', version: 1 })).statusCode).toBe(200);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('answers 400 to a move reviewers do not make, 404 to an unknown company', async () => {
    const { id } = await company('TECHNICAL_IQE');
    const suspend = await move(id, { move: 'SUSPEND', reason: 'x', version: 1 });
    expect(suspend.statusCode).toBe(400);
    const missing = await move('00000000-0000-4000-8000-000000000000', {
      move: 'MOVE_TO_PRODUCTION',
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 403 to ADMIN and EXTERNAL callers and moves nothing', async () => {
    const { id } = await company('TECHNICAL_IQE');
    for (const role of ['EmvoPortalAdmin', 'EmvoPortalExternal']) {
      const response = await move(id, { move: 'MOVE_TO_PRODUCTION', version: 1 }, await t.bearer(role));
      expect(response.statusCode).toBe(403);
    }
    expect(await stored(id)).toEqual({ stage: 'TECHNICAL_IQE', version: 1 });
  });
});
