import {
  METRICS_COMPANY_LIST,
  type MetricsCompanyRow,
  metricsApi,
  organisationsApi,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { callerOf } from '../../http/caller.js';
import { parseListRequest } from '../../http/list-request.js';
import { route } from '../../http/route.js';
import { companyRowOf, listMetricsCompanies, metricsCompanyQuery } from './metrics-companies-list.js';
import { metricsCompanyCsvStream } from './metrics-csv.js';
import { loadMetrics } from './metrics-figures.js';
import { moveOrganisationStage } from './stage-move.js';

/** One company's row of the table, as it is now. */
async function companyRow(db: Kysely<DB>, id: string): Promise<MetricsCompanyRow> {
  const row = await metricsCompanyQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such organisation');
  return companyRowOf(row);
}

/**
 * domain.md /emvo/tests-status-metrics: the figures, the per-company table and its
 * CSV export (@portal/contracts metricsApi), and the stage moves a reviewer takes from it
 * (organisationsApi.stageMove). Every route is EMVO only.
 */
export async function metricsRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const { config } = options;
  const tags = ['metrics'];
  const services = { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl };

  route(app, metricsApi.figures, async ({ request }) => loadMetrics(request.db), { tags });
  route(app, metricsApi.companies, async ({ query, request }) => listMetricsCompanies(request.db, query), {
    tags,
  });
  route(
    app,
    metricsApi.companiesCsv,
    async ({ query, reply, request }) => {
      // Parsed before the first byte goes out: a bad query still answers 400 with its code.
      const listRequest = parseListRequest(query, METRICS_COMPANY_LIST);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tests-status-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(metricsCompanyCsvStream(request.db, listRequest));
    },
    { tags },
  );
  route(
    app,
    organisationsApi.stageMove,
    async ({ params, body, request }) => {
      await moveOrganisationStage(request.db, services, callerOf(request), params.id, body);
      return companyRow(request.db, params.id);
    },
    { tags },
  );
}
