import {
  METRICS_COMPANY_CSV_HEADER,
  METRICS_COMPANY_LIST,
  type MetricsCompanyRow,
  metricsApi,
  metricsCompanyCsvLine,
  organisationsApi,
} from '@portal/contracts';
import type { OrganisationRow } from '@portal/demo-data';
import { moveStage, refusalStatus, stageMoveWrites } from '@portal/domain';
import { runInMemoryList } from '@portal/list-query';
import { type HttpHandler, HttpResponse } from 'msw';
import { actorOf } from './audit-trail';
import { touchOrganisation } from './check-transition';
import { isoDates } from './iso-dates';
import { metricsCompanyRowOf, metricsOf } from './metrics-rows';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

/*
 * Mock mode's /emvo/tests-status-metrics (apps/api modules/metrics): the figures and the per-company table
 * computed over db.organisations, db.testRuns, db.sessionTokens and db.stageEvents by contracts metricsOf
 * and metricsCompanyRowOf (what the API's SQL computes), the table's CSV export, and a reviewer's stage
 * moves.
 */

/** Every row the list query matches, in its order: the export ignores paging, so one page holds them all. */
function allMatching(rows: readonly MetricsCompanyRow[], search: URLSearchParams) {
  const limit = Math.max(rows.length, 1);
  const params = new URLSearchParams(search);
  params.set('page', '1');
  params.set('limit', String(limit));
  return runInMemoryList(rows, params, { ...METRICS_COMPANY_LIST, maxLimit: limit });
}

export function metricsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const rowOf = (organisation: OrganisationRow): MetricsCompanyRow =>
    metricsCompanyRowOf(
      organisation,
      db.testRuns.filter((run) => run.organisationId === organisation.id),
    );

  return [
    mockRoute(context, metricsApi.figures, async () => metricsOf(db, context.now())),

    mockRoute(context, metricsApi.companies, async () => db.organisations.map(rowOf)),

    mockRoute(context, metricsApi.companiesCsv, async ({ request }) => {
      const matching = allMatching(db.organisations.map(rowOf), new URL(request.url).searchParams);
      if (!matching.ok) return apiError(400, matching.error.code, matching.error.message);
      const body = METRICS_COMPANY_CSV_HEADER + matching.page.items.map(metricsCompanyCsvLine).join('');
      const day = context.now().toISOString().slice(0, 10);
      return new HttpResponse(body, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="tests-status-${day}.csv"`,
        },
      });
    }),

    // apps/api stage-move.ts: at the reviewer's version, by packages/domain moveStage's rules, writing what
    // stageMoveWrites says (the new stage, version + 1, the audit row named after the move, the stage event).
    mockRoute(context, organisationsApi.stageMove, async ({ params, body, request }) => {
      const organisation = db.organisations.find((row) => row.id === params.id);
      if (!organisation) return apiError(404, 'NOT_FOUND', 'No such organisation');
      if (organisation.version !== body.version) return versionConflict();
      const moved = moveStage(organisation.stage, body.move, {
        role: 'EMVO',
        actor: actorOf(context, request),
        reason: body.reason,
        now: context.now(),
      });
      if (!moved.ok) return apiError(refusalStatus(moved.code), moved.code, moved.message);
      const writes = stageMoveWrites(moved.event);
      const audit = { ...writes.audit, entityId: organisation.id };
      touchOrganisation(context, request, organisation, moved.next, audit);
      const event = { id: context.newId(), organisationId: organisation.id, ...isoDates(writes.event) };
      db.stageEvents.push(event);
      return rowOf(organisation);
    }),
  ];
}
