import {
  METRICS_COMPANY_LIST,
  type MetricsCompanyRow,
  metricsCompanyRowSchema,
  metricsSchema,
  stageMoveSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema, listQuerySchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { reviewerOf } from '../reviews/reviewer.js';
import { companyRowOf, listMetricsCompanies, metricsCompanyQuery } from './metrics-company-list.js';
import { metricsCompanyCsvStream } from './metrics-csv.js';
import { loadMetrics } from './metrics-figures.js';
import { moveOrganisationStage } from './stage-move.js';

const organisationParams = z.object({ id: z.uuid() });

/** One company's row of the table, as it is now. */
async function companyRow(db: Kysely<DB>, id: string): Promise<MetricsCompanyRow> {
  const row = await metricsCompanyQuery(db).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('No such organisation');
  return companyRowOf(row);
}

/**
 * domain.md /emvo/tests-status-metrics (issue 12 items 2 to 4): the figures, the per-company table and its
 * CSV export, and the stage moves a reviewer takes from it. Every route is EMVO only.
 */
export async function metricsRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['metrics'];
  const access = roles('EMVO');
  const services = { mail: app.mail, appName: config.appName, publicUrl: config.publicUrl };

  api.get(
    '/metrics',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Companies per stage, IQE pass rate per week, open token requests, median days to production',
        response: { 200: metricsSchema },
      },
    },
    async () => loadMetrics(db),
  );

  api.get(
    '/metrics/companies',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The per-company table: stage, last run, pass rate per environment (spec §3 list query)',
        querystring: listQuerySchema,
        response: { 200: listPageSchema(metricsCompanyRowSchema) },
      },
    },
    async (request) => listMetricsCompanies(db, parseListRequest(request.query, METRICS_COMPANY_LIST)),
  );

  api.get(
    '/metrics/companies.csv',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'The per-company table as CSV, streamed, with the list query’s filters and order (no paging)',
        querystring: listQuerySchema,
      },
    },
    async (request, reply) => {
      // Parsed before the first byte goes out: a bad query still answers 400 with its code.
      const listRequest = parseListRequest(request.query, METRICS_COMPANY_LIST);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="tests-status-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(metricsCompanyCsvStream(db, listRequest));
    },
  );

  api.post(
    '/organisations/:id/stage-moves',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Moves a company to TECHNICAL_PRD or MAINTENANCE at its version (409 VERSION_CONFLICT when stale)',
        params: organisationParams,
        body: stageMoveSchema,
        response: { 200: metricsCompanyRowSchema },
      },
    },
    async (request) => {
      await moveOrganisationStage(db, services, reviewerOf(request), request.params.id, request.body);
      return companyRow(db, request.params.id);
    },
  );
}
