import type { TechnicalEnvironment } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.js';
import { SEED_AUDIT as audit, DAY, EPOCH, SEED_ACTOR } from './seed-defaults.js';

const SCENARIOS = [
  'Upload product master data',
  'Upload pack data',
  'Decommission packs',
  'Reactivate packs',
  'Alert handling',
];

/**
 * The demo's technical step (issue 11 item 3), for every organisation in TECHNICAL_IQE and later (the demo
 * external user's company included, when it is in a technical stage): a gateway it may use (active,
 * certified, offering the environments its stage opened), test runs per environment open to it (every
 * third one failed, with an error code), one REQUESTED session token in its current environment for
 * the reviewers' queue, and the stage moves into production and maintenance. Deterministic: the organisations in OBP-number order, dates from the fixed day.
 */
export async function seedTechnical(db: Kysely<DB>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const choosable = (environment: TechnicalEnvironment) =>
      trx
        .selectFrom('gateways')
        .select(['id', 'environments'])
        .where('active', '=', true)
        .where('certified', '=', true)
        .where(sql<boolean>`${environment} = any(environments)`)
        .orderBy('name')
        .execute();
    const forIqe = await choosable('IQE');
    const forPrd = await choosable('PRD');
    const organisations = await trx
      .selectFrom('organisations')
      .select(['id', 'stage', 'gatewayId', 'createdAt'])
      .where('stage', 'in', ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'])
      .orderBy('obpNumber')
      .execute();
    for (const [index, organisation] of organisations.entries()) {
      const production = organisation.stage !== 'TECHNICAL_IQE';
      const environments: TechnicalEnvironment[] = production ? ['IQE', 'PRD'] : ['IQE'];
      const candidates = production
        ? forPrd.filter((gateway) => gateway.environments.includes('IQE'))
        : forIqe;
      const current = candidates.find((gateway) => gateway.id === organisation.gatewayId);
      const gateway = current ?? candidates[index % Math.max(candidates.length, 1)];
      if (gateway && gateway.id !== organisation.gatewayId) {
        await trx
          .updateTable('organisations')
          .set({ gatewayId: gateway.id })
          .where('id', '=', organisation.id)
          .execute();
      }
      const base = EPOCH - (30 - (index % 20)) * DAY;
      const runs = environments.flatMap((environment, environmentIndex) =>
        SCENARIOS.slice(0, 3 + (index % 3)).map((scenario, scenarioIndex) => {
          const failed = (index + scenarioIndex) % 3 === 0;
          return {
            organisationId: organisation.id,
            environment,
            scenario,
            result: failed ? ('FAILED' as const) : ('PASSED' as const),
            errorCode: failed ? `E${400 + scenarioIndex * 7 + (index % 5)}` : null,
            executedAt: new Date(base + environmentIndex * 10 * DAY + scenarioIndex * 3_600_000),
            source: scenarioIndex % 2 === 0 ? ('MANUAL' as const) : ('CSV_IMPORT' as const),
            approvedBy: scenarioIndex % 2 === 0 ? 'reviewer@portal.test' : null,
            ...audit,
          };
        }),
      );
      if (runs.length > 0) await trx.insertInto('testRuns').values(runs).execute();
      // The reviewers' moves that brought it to production and maintenance (the metrics' median days from
      // registration to production reads them): 3 to 9 weeks after registration, maintenance a month later.
      if (production) {
        const toProduction = new Date(organisation.createdAt.getTime() + (21 + (index % 43)) * DAY);
        const moves = [
          {
            move: 'MOVE_TO_PRODUCTION' as const,
            fromStage: 'TECHNICAL_IQE' as const,
            toStage: 'TECHNICAL_PRD' as const,
            at: toProduction,
          },
          ...(organisation.stage === 'MAINTENANCE'
            ? [
                {
                  move: 'MOVE_TO_MAINTENANCE' as const,
                  fromStage: 'TECHNICAL_PRD' as const,
                  toStage: 'MAINTENANCE' as const,
                  at: new Date(toProduction.getTime() + 30 * DAY),
                },
              ]
            : []),
        ];
        await trx
          .insertInto('stageEvents')
          .values(
            moves.map((move) => ({
              ...move,
              organisationId: organisation.id,
              actor: 'reviewer@portal.test',
              role: 'EMVO' as const,
              comment: null,
            })),
          )
          .execute();
      }
      // Companies in maintenance have finished their tests; the others wait for a token.
      if (organisation.stage !== 'MAINTENANCE') {
        const environment: TechnicalEnvironment = production ? 'PRD' : 'IQE';
        const requestedAt = new Date(EPOCH - (index % 4) * DAY);
        await trx
          .insertInto('sessionTokens')
          .values({
            organisationId: organisation.id,
            environment,
            requestedBy: SEED_ACTOR,
            requestedAt,
            createdAt: requestedAt,
            updatedAt: requestedAt,
            ...audit,
          })
          .execute();
      }
    }
  });
}
