import { weekStartOf } from '@portal/contracts';
import type { Stage } from '@portal/domain';
import type { TestApp } from '../../test/reviews-test-kit.js';

// Test helpers of the metrics module: a small seed whose every figure can be computed by hand.

const audit = { createdBy: 'test', updatedBy: 'test' };
const DAY = 86_400_000;

export interface CompanySetup {
  obpNumber: string;
  legalName: string;
  stage: Stage;
  email?: string | null;
  createdAt?: Date;
  /** The SPOC's email; null: none named. */
  spocEmail?: string | null;
}

/** An organisation (version 1) and its SPOC, written straight to the tables. */
export async function seedCompany(t: TestApp, setup: CompanySetup): Promise<string> {
  const { id } = await t.db
    .insertInto('organisations')
    .values({
      obpNumber: setup.obpNumber,
      legalName: setup.legalName,
      orgType: 'OPM',
      email: setup.email === undefined ? `${setup.obpNumber.toLowerCase()}@company.test` : setup.email,
      stage: setup.stage,
      ...(setup.createdAt ? { createdAt: setup.createdAt } : {}),
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const spocEmail =
    setup.spocEmail === undefined ? `spoc-${setup.obpNumber.toLowerCase()}@company.test` : setup.spocEmail;
  if (spocEmail) {
    await t.db
      .insertInto('contacts')
      .values({
        organisationId: id,
        kind: 'SPOC',
        firstName: 'Sara',
        lastName: 'Spoc',
        email: spocEmail,
        ...audit,
      })
      .execute();
  }
  return id;
}

export async function seedRun(
  t: TestApp,
  organisationId: string,
  run: { environment: 'ITE' | 'IQE' | 'PRD'; result: 'PASSED' | 'FAILED'; at: Date; scenario?: string },
) {
  await t.db
    .insertInto('testRuns')
    .values({
      organisationId,
      environment: run.environment,
      scenario: run.scenario ?? `Scenario ${Math.random().toString(36).slice(2, 8)}`,
      result: run.result,
      executedAt: run.at,
      source: 'MANUAL',
      ...audit,
    })
    .execute();
}

export async function seedToken(
  t: TestApp,
  organisationId: string,
  environment: 'IQE' | 'PRD',
  status: 'REQUESTED' | 'CANCELLED',
) {
  await t.db
    .insertInto('sessionTokens')
    .values({
      organisationId,
      environment,
      status,
      requestedBy: 'spoc@company.test',
      ...(status === 'CANCELLED'
        ? { cancelledBy: 'rita@emvo.test', cancelledAt: new Date(), cancelReason: 'Not needed' }
        : {}),
      ...audit,
    })
    .execute();
}

export async function seedProductionMove(t: TestApp, organisationId: string, at: Date) {
  await t.db
    .insertInto('stageEvents')
    .values({
      organisationId,
      move: 'MOVE_TO_PRODUCTION',
      fromStage: 'TECHNICAL_IQE',
      toStage: 'TECHNICAL_PRD',
      actor: 'rita@emvo.test',
      role: 'EMVO',
      comment: null,
      at,
    })
    .execute();
}

/** A moment `days` (possibly fractional) and `hours` into the week `weeksAgo` weeks before this one. */
export function inWeek(now: Date, weeksAgo: number, hours = 12): Date {
  return new Date(weekStartOf(now).getTime() - weeksAgo * 7 * DAY + hours * 3_600_000);
}

export const daysAfter = (from: Date, days: number) => new Date(from.getTime() + days * DAY);
