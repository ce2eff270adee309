import type { TechnicalEnvironment } from '@portal/domain';
import { audited, DAY, EPOCH, iso, SEED_ACTOR } from './rows.js';
import type { DemoTables, GatewayRow, StageEventRow, TestRunRow } from './tables.js';

const SCENARIOS = [
  'Upload product master data',
  'Upload pack data',
  'Decommission packs',
  'Reactivate packs',
  'Alert handling',
];

/**
 * The technical step of every organisation in TECHNICAL_IQE and later: a gateway it may use (active,
 * certified, offering the environments its stage opened), test runs per environment open to it (every
 * third one failed, with an error code), one REQUESTED session token in its current environment for the
 * reviewers' queue, and the stage moves into production and maintenance.
 */
export function addTechnical(
  tables: DemoTables,
  options: { reviewer: string; id: (table: keyof DemoTables) => string },
): void {
  const { reviewer, id } = options;
  const choosable = (environment: TechnicalEnvironment) =>
    tables.gateways
      .filter((gateway) => gateway.active && gateway.certified && gateway.environments.includes(environment))
      .sort((a, b) => a.name.localeCompare(b.name));
  const forIqe = choosable('IQE');
  const forPrd = choosable('PRD').filter((gateway) => gateway.environments.includes('IQE'));
  const organisations = tables.organisations
    .filter((organisation) => ['TECHNICAL_IQE', 'TECHNICAL_PRD', 'MAINTENANCE'].includes(organisation.stage))
    .sort((a, b) => a.obpNumber.localeCompare(b.obpNumber));
  for (const [index, organisation] of organisations.entries()) {
    const production = organisation.stage !== 'TECHNICAL_IQE';
    const environments: TechnicalEnvironment[] = production ? ['IQE', 'PRD'] : ['IQE'];
    const candidates: GatewayRow[] = production ? forPrd : forIqe;
    const gateway =
      candidates.find((candidate) => candidate.id === organisation.gatewayId) ??
      candidates[index % Math.max(candidates.length, 1)];
    if (gateway) organisation.gatewayId = gateway.id;

    const base = EPOCH - (30 - (index % 20)) * DAY;
    const runs: TestRunRow[] = environments.flatMap((environment, environmentIndex) =>
      SCENARIOS.slice(0, 3 + (index % 3)).map((scenario, scenarioIndex) => {
        const failed = (index + scenarioIndex) % 3 === 0;
        return {
          ...audited(id('testRuns')),
          organisationId: organisation.id,
          environment,
          scenario,
          result: failed ? 'FAILED' : 'PASSED',
          errorCode: failed ? `E${400 + scenarioIndex * 7 + (index % 5)}` : null,
          executedAt: iso(base + environmentIndex * 10 * DAY + scenarioIndex * 3_600_000),
          source: scenarioIndex % 2 === 0 ? 'MANUAL' : 'CSV_IMPORT',
          approvedBy: scenarioIndex % 2 === 0 ? reviewer : null,
        };
      }),
    );
    tables.testRuns.push(...runs);

    // The reviewers' moves that brought it to production and maintenance (the metrics' median days from
    // registration to production reads them): 3 to 9 weeks after registration, maintenance a month later.
    if (production) {
      const toProduction = Date.parse(organisation.createdAt) + (21 + (index % 43)) * DAY;
      const move = (facts: Pick<StageEventRow, 'move' | 'fromStage' | 'toStage'>, at: number) =>
        tables.stageEvents.push({
          id: id('stageEvents'),
          organisationId: organisation.id,
          ...facts,
          actor: reviewer,
          role: 'EMVO',
          comment: null,
          at: iso(at),
        });
      move(
        { move: 'MOVE_TO_PRODUCTION', fromStage: 'TECHNICAL_IQE', toStage: 'TECHNICAL_PRD' },
        toProduction,
      );
      if (organisation.stage === 'MAINTENANCE') {
        move(
          { move: 'MOVE_TO_MAINTENANCE', fromStage: 'TECHNICAL_PRD', toStage: 'MAINTENANCE' },
          toProduction + 30 * DAY,
        );
      }
    }

    // Companies in maintenance have finished their tests; the others wait for a token.
    if (organisation.stage !== 'MAINTENANCE') {
      const requestedAt = EPOCH - (index % 4) * DAY;
      // Requested by the company's SPOC, as the portal writes a request (the requester's email).
      const spoc = tables.users.find(
        (user) => user.organisationId === organisation.id && user.obpRole === 'SPOC',
      );
      tables.sessionTokens.push({
        ...audited(id('sessionTokens'), requestedAt),
        organisationId: organisation.id,
        environment: production ? 'PRD' : 'IQE',
        status: 'REQUESTED',
        requestedBy: spoc?.email ?? SEED_ACTOR,
        requestedAt: iso(requestedAt),
        issuedBy: null,
        issuedAt: null,
        expiresAt: null,
        shownAt: null,
        cancelledBy: null,
        cancelledAt: null,
        cancelReason: null,
      });
    }
  }
}
