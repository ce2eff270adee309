import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMetrics } from '../modules/metrics/metrics-figures.js';
import { createTestDatabase } from '../test/test-database.js';
import { writeAudit } from './audit.js';
import type { Database } from './database-handle.js';

// Migration 0018: what the database keeps current in the writing statement, so the big
// tables are never scanned to show a page: an audit row's company, a company's runs summed up, and its
// first move to production.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const who = { createdBy: 'test', updatedBy: 'test' };

async function company(number: string, createdAt = new Date('2026-01-01T00:00:00Z')) {
  const { id } = await database.db
    .insertInto('organisations')
    .values({
      obpNumber: number,
      legalName: `Company ${number}`,
      orgType: 'OPM',
      stage: 'INFORMATION',
      createdAt,
      ...who,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const companyOfLatestAudit = async () =>
  (
    await database.db
      .selectFrom('auditLog')
      .select('organisationId')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
  ).organisationId;

describe('an audit row stores the company of its record as it is written', () => {
  it('for the company itself, a person, a contact, a check and a disclaimer acceptance', async () => {
    const acme = await company('K0001');
    const person = await database.db
      .insertInto('users')
      .values({
        email: 'paula@acme.test',
        displayName: 'Paula',
        roles: ['EXTERNAL'],
        organisationId: acme,
        ...who,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contact = await database.db
      .insertInto('contacts')
      .values({
        organisationId: acme,
        kind: 'SPOC',
        firstName: 'S',
        lastName: 'P',
        email: 's@acme.test',
        ...who,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const check = await database.db
      .insertInto('checks')
      .values({ organisationId: acme, type: 'LEGITIMACY', status: 'SUBMITTED', ...who })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = await database.db
      .insertInto('disclaimerContents')
      .values({
        type: 'LOGIN',
        title: 'Sign-in',
        body: 'Body',
        status: 'PUBLISHED',
        versionNumber: 1,
        ...who,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const acceptance = await database.db
      .insertInto('disclaimerAcceptances')
      .values({ userId: person.id, disclaimerContentId: text.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [entity, entityId] of <Array<[string, string]>>[
      ['organisation', acme],
      ['user', person.id],
      ['contact', contact.id],
      ['check', check.id],
      ['disclaimerAcceptance', acceptance.id],
    ]) {
      await writeAudit(database.db, { actor: 'ada@portal.test', action: 'UPDATE', entity, entityId });
      expect(await companyOfLatestAudit(), entity).toBe(acme);
    }
    // A record of no company's, and an id that is not a uuid: no company, and no error.
    await writeAudit(database.db, {
      actor: 'ada@portal.test',
      action: 'UPDATE',
      entity: 'disclaimerContent',
      entityId: text.id,
    });
    expect(await companyOfLatestAudit()).toBeNull();
    await writeAudit(database.db, {
      actor: 'ada@portal.test',
      action: 'IMPORT',
      entity: 'user',
      entityId: 'not-a-uuid',
    });
    expect(await companyOfLatestAudit()).toBeNull();
  });

  it("a registration's rows join the company its confirmation creates", async () => {
    const text = await database.db
      .insertInto('disclaimerContents')
      .values({
        type: 'REGISTRATION',
        title: 'Terms',
        body: 'Body',
        status: 'PUBLISHED',
        versionNumber: 1,
        ...who,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const registration = await database.db
      .insertInto('registrations')
      .values({
        email: 'new@beta.test',
        firstName: 'N',
        lastName: 'B',
        companyName: 'Beta',
        orgType: 'PD',
        disclaimerContentId: text.id,
        ...who,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(database.db, {
      actor: 'new@beta.test',
      action: 'CREATE',
      entity: 'registration',
      entityId: registration.id,
    });
    expect(await companyOfLatestAudit()).toBeNull();
    const beta = await company('K0002');
    await database.db
      .updateTable('registrations')
      .set({ organisationId: beta })
      .where('id', '=', registration.id)
      .execute();
    expect(await companyOfLatestAudit()).toBe(beta);
  });
});

describe("a company's test runs are summed up on its row by the statements that write them", () => {
  const summary = (id: string) =>
    database.db
      .selectFrom('organisations')
      .select(['lastRunAt', 'iteRuns', 'itePassed', 'passRateIte', 'passRateIqe', 'passRatePrd'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const run = (
    organisationId: string,
    environment: 'ITE' | 'IQE' | 'PRD',
    result: 'PASSED' | 'FAILED',
    day: number,
  ) => ({
    organisationId,
    environment,
    scenario: `Scenario ${day}`,
    result,
    executedAt: new Date(Date.UTC(2026, 5, day)),
    source: 'MANUAL' as const,
    ...who,
  });

  it('after an insert of several companies, an update and a delete', async () => {
    const [gamma, delta] = [await company('K0003'), await company('K0004')];
    expect(await summary(gamma)).toEqual({
      lastRunAt: null,
      iteRuns: 0,
      itePassed: 0,
      passRateIte: null,
      passRateIqe: null,
      passRatePrd: null,
    });
    await database.db
      .insertInto('testRuns')
      .values([
        run(gamma, 'ITE', 'PASSED', 1),
        run(gamma, 'ITE', 'PASSED', 2),
        run(gamma, 'ITE', 'FAILED', 3),
        run(gamma, 'PRD', 'PASSED', 4),
        run(delta, 'IQE', 'FAILED', 5),
      ])
      .execute();
    expect(await summary(gamma)).toEqual({
      lastRunAt: new Date(Date.UTC(2026, 5, 4)),
      iteRuns: 3,
      itePassed: 2,
      passRateIte: 67,
      passRateIqe: null,
      passRatePrd: 100,
    });
    expect(await summary(delta)).toMatchObject({ passRateIqe: 0, lastRunAt: new Date(Date.UTC(2026, 5, 5)) });
    await database.db
      .updateTable('testRuns')
      .set({ result: 'PASSED' })
      .where('organisationId', '=', gamma)
      .where('scenario', '=', 'Scenario 3')
      .execute();
    expect(await summary(gamma)).toMatchObject({ itePassed: 3, passRateIte: 100 });
    await database.db
      .deleteFrom('testRuns')
      .where('organisationId', '=', gamma)
      .where('environment', '=', 'PRD')
      .execute();
    expect(await summary(gamma)).toMatchObject({
      lastRunAt: new Date(Date.UTC(2026, 5, 3)),
      passRatePrd: null,
    });
  });
});

describe("a company's first move to production is kept on its row", () => {
  it('the earliest one, with the days since its registration', async () => {
    const epsilon = await company('K0005', new Date('2026-01-01T00:00:00Z'));
    const move = (at: string) => ({
      organisationId: epsilon,
      move: 'MOVE_TO_PRODUCTION' as const,
      fromStage: 'TECHNICAL_IQE' as const,
      toStage: 'TECHNICAL_PRD' as const,
      actor: 'rita@portal.test',
      role: 'EMVO' as const,
      at: new Date(at),
    });
    await database.db.insertInto('stageEvents').values(move('2026-01-31T12:00:00Z')).execute();
    await database.db
      .insertInto('stageEvents')
      .values({
        ...move('2026-03-01T00:00:00Z'),
        move: 'MOVE_TO_MAINTENANCE',
        fromStage: 'TECHNICAL_PRD',
        toStage: 'MAINTENANCE',
      })
      .execute();
    await database.db.insertInto('stageEvents').values(move('2026-04-01T00:00:00Z')).execute();
    const row = await database.db
      .selectFrom('organisations')
      .select(['firstProductionAt', 'daysToProduction'])
      .where('id', '=', epsilon)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ firstProductionAt: new Date('2026-01-31T12:00:00Z'), daysToProduction: 30.5 });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from organisations where days_to_production is not null`.execute(
      database.db,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('the figure counters (migration 0019) always equal a recount of their tables', () => {
  /** Each counter's non-zero rows, and the same counted afresh from the tables. */
  const counters = async () => {
    const kept = await sql<{ counter: string }>`
      select 'stage ' || stage || ' ' || companies as counter from stage_counts where companies <> 0
      union all select 'tenths ' || tenths || ' ' || companies from production_days where companies <> 0
      union all select 'day ' || day || ' ' || environment || ' ' || runs || ' ' || passed
        from test_run_days where runs <> 0 or passed <> 0
      order by 1`.execute(database.db);
    const recounted = await sql<{ counter: string }>`
      select 'stage ' || stage || ' ' || count(*) as counter from organisations group by stage
      union all select 'tenths ' || round(days_to_production * 10)::int || ' ' || count(*)
        from organisations where days_to_production is not null group by round(days_to_production * 10)::int
      union all select 'day ' || (executed_at at time zone 'UTC')::date || ' ' || environment || ' ' || count(*) || ' '
          || count(*) filter (where result = 'PASSED')
        from test_runs group by (executed_at at time zone 'UTC')::date, environment
      order by 1`.execute(database.db);
    return { kept: kept.rows.map((row) => row.counter), recounted: recounted.rows.map((row) => row.counter) };
  };

  it('after companies are created, moved, sent to production, given runs, and deleted', async () => {
    const zeta = await company('K0006', new Date('2026-02-01T00:00:00Z'));
    const eta = await company('K0007', new Date('2026-02-01T06:00:00Z'));
    await database.db
      .updateTable('organisations')
      .set({ stage: 'TECHNICAL_PRD' })
      .where('id', 'in', [zeta, eta])
      .execute();
    await database.db
      .insertInto('stageEvents')
      .values(
        [zeta, eta].map((organisationId) => ({
          organisationId,
          move: 'MOVE_TO_PRODUCTION' as const,
          fromStage: 'TECHNICAL_IQE' as const,
          toStage: 'TECHNICAL_PRD' as const,
          actor: 'rita@portal.test',
          role: 'EMVO' as const,
          at: new Date('2026-02-11T00:00:00Z'),
        })),
      )
      .execute();
    await database.db
      .insertInto('testRuns')
      .values(
        [0, 1, 2].map((n) => ({
          organisationId: n === 2 ? eta : zeta,
          environment: 'IQE' as const,
          scenario: `Counted ${n}`,
          result: n === 0 ? ('FAILED' as const) : ('PASSED' as const),
          executedAt: new Date(Date.UTC(2026, 6, 1 + n, 23, 30)),
          source: 'MANUAL' as const,
          ...who,
        })),
      )
      .execute();
    await database.db
      .updateTable('testRuns')
      .set({ result: 'PASSED' })
      .where('scenario', '=', 'Counted 0')
      .execute();
    await database.db.deleteFrom('testRuns').where('scenario', '=', 'Counted 2').execute();
    const { kept, recounted } = await counters();
    expect(kept).toEqual(recounted);
    expect(kept).toContain('tenths 100 1'); // zeta: 10 days
    expect(kept).toContain('tenths 98 1'); // eta: 9.75 days, to the tenth
  });

  it('the median of the days to production is the middle one, or the mean of the two middle ones', async () => {
    const figures = async () => {
      const metrics = await loadMetrics(database.db, new Date('2026-07-06T00:00:00Z'));
      return { median: metrics.medianDaysToProduction, moves: metrics.productionMoves };
    };
    const { rows } = await sql<{ median: number; moves: number }>`
      select round((percentile_cont(0.5) within group (order by days_to_production))::numeric, 1)::float8 as median,
             count(*)::int as moves
        from organisations where days_to_production is not null`.execute(database.db);
    expect(await figures()).toEqual({ median: rows[0]?.median, moves: rows[0]?.moves });
  });
});
