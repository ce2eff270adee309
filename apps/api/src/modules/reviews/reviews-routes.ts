import {
  billingStepSchema,
  checkDecisionSchema,
  checkDetailSchema,
  queueSummarySchema,
  REVIEW_QUEUE_LIST,
  reviewQueueRowSchema,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { writtenAsIs } from '../../http/written-as-is.js';
import { parseListRequest } from '../../list/list-resource.js';
import { listPageSchema } from '../../list/list-schemas.js';
import { roles } from '../../plugins/auth.js';
import { billCheck } from './billing-step.js';
import { decideCheck } from './check-decision.js';
import { loadCheckDetail } from './check-detail.js';
import { queueSummary } from './queue-summary.js';
import { listReviewQueue } from './review-queue-list.js';
import type { ReviewServices } from './review-services.js';
import { reviewerOf } from './reviewer.js';
import { checkParams, queueParams, queueQuerySchema } from './reviews-schemas.js';

/**
 * domain.md /emvo/legitimacy, /emvo/contractual, /emvo/financial: the reviewers' three queues, the
 * detail of one check and the decisions and billing steps taken on it. Every route is EMVO only.
 */
export async function reviewsRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = options.database;
  const { config } = options;
  const tags = ['reviews'];
  const access = roles('EMVO');
  const services: ReviewServices = {
    mail: app.mail,
    appName: config.appName,
    publicUrl: config.publicUrl,
    slaHolidays: config.slaHolidays,
    // domain.md: "Approve temporarily (test environments only)". Production is what the environment
    // config's `production` flag says (spec §3; NODE_ENV=production), the flag the SPA reads too, so both
    // offer the same actions; every other deployment (local, test, acceptance: any ENV_NAME) is a test
    // environment.
    testEnvironment: !config.production,
  };

  api.get(
    '/review-queues/summary',
    {
      config: { access },
      schema: {
        tags,
        summary: 'What waits in each queue: open, overdue and assigned to the caller',
        response: { 200: queueSummarySchema },
      },
    },
    async (request) => queueSummary(db, { actor: reviewerOf(request).actor, now: new Date() }),
  );

  api.get(
    '/review-queues/:queue',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The checks of one queue, oldest submitted first (spec §3 list query, §7 query params)',
        params: queueParams,
        querystring: queueQuerySchema,
        response: { 200: listPageSchema(reviewQueueRowSchema) },
      },
    },
    async (request) => {
      const { assignedToMe, overdue, ...listParams } = request.query;
      return listReviewQueue(
        db,
        request.params.queue,
        parseListRequest(listParams, REVIEW_QUEUE_LIST),
        { assignedToMe: assignedToMe === 'true', overdue: overdue === 'true' },
        { actor: reviewerOf(request).actor, now: new Date() },
      );
    },
  );

  api.get(
    '/checks/:id',
    {
      config: { access },
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'One check with the application, documents, attempts, events and allowed actions',
        params: checkParams,
        response: { 200: checkDetailSchema },
      },
    },
    async (request) => loadCheckDetail(db, request.params.id, services),
  );

  api.post(
    '/checks/:id/decisions',
    {
      config: { access },
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Starts the review or decides the check at its version (409 CHECK_DECIDED_FIRST when stale)',
        params: checkParams,
        body: checkDecisionSchema,
        response: { 200: checkDetailSchema },
      },
    },
    async (request) => {
      await decideCheck(db, services, reviewerOf(request), request.params.id, request.body);
      return loadCheckDetail(db, request.params.id, services);
    },
  );

  api.post(
    '/checks/:id/billing',
    {
      config: { access },
      serializerCompiler: writtenAsIs,
      schema: {
        tags,
        summary: 'Marks an approved financial check invoiced (with its number), then paid, at its version',
        params: checkParams,
        body: billingStepSchema,
        response: { 200: checkDetailSchema },
      },
    },
    async (request) => {
      await billCheck(db, services, reviewerOf(request), request.params.id, request.body);
      return loadCheckDetail(db, request.params.id, services);
    },
  );
}
