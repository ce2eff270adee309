import { checksApi, reviewQueuesApi } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database-handle.js';
import { actorOf, callerOf } from '../../http/caller.js';
import { route } from '../../http/route.js';
import { assignCheck, listReviewers } from './check-assignment.js';
import { billCheck } from './check-billing.js';
import { decideCheck } from './check-decision.js';
import { loadCheckDetail } from './check-detail.js';
import { addCheckNote, listCheckNotes } from './check-notes.js';
import { queueSummary } from './queue-summary.js';
import { listReviewQueue } from './review-queue-list.js';
import type { ReviewServices } from './review-services.js';

/**
 * The reviewers' queues, one check's detail and the decisions and billing actions taken on it, as
 * @portal/contracts reviewQueuesApi and checksApi declare them (EMVO only; the notes and the reviewers
 * are readable by administrators too).
 */
export async function reviewsRoutes(app: FastifyInstance, options: { database: Database; config: Config }) {
  const { config } = options;
  const tags = ['reviews'];
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
  // The check's detail holds the company's application, whose schema transforms the SPA's input: written
  // as built (http/written-as-is.ts).
  const detailOptions = { tags, writtenAsIs: true as const };

  route(
    app,
    reviewQueuesApi.summary,
    async ({ request }) => queueSummary(request.db, { actor: actorOf(request), now: new Date() }),
    {
      tags,
    },
  );
  route(
    app,
    reviewQueuesApi.queue,
    async ({ params, query, extra, request }) =>
      listReviewQueue(
        request.db,
        params.queue,
        query,
        { assignedToMe: extra.assignedToMe === 'true', overdue: extra.overdue === 'true' },
        { actor: actorOf(request), now: new Date() },
      ),
    { tags },
  );
  route(
    app,
    checksApi.check,
    async ({ params, request }) => loadCheckDetail(request.db, params.id, services),
    detailOptions,
  );
  route(
    app,
    checksApi.decide,
    async ({ params, body, request }) => {
      await decideCheck(request.db, services, callerOf(request), params.id, body);
      return loadCheckDetail(request.db, params.id, services);
    },
    detailOptions,
  );
  route(
    app,
    checksApi.bill,
    async ({ params, body, request }) => {
      await billCheck(request.db, services, callerOf(request), params.id, body);
      return loadCheckDetail(request.db, params.id, services);
    },
    detailOptions,
  );
  route(
    app,
    checksApi.assign,
    async ({ params, body, request }) => {
      await assignCheck(request.db, callerOf(request), params.id, body);
      return loadCheckDetail(request.db, params.id, services);
    },
    detailOptions,
  );
  route(app, checksApi.notes, async ({ params, request }) => listCheckNotes(request.db, params.id), { tags });
  route(
    app,
    checksApi.addNote,
    async ({ params, body, request }) => {
      await addCheckNote(request.db, callerOf(request), params.id, body);
      return listCheckNotes(request.db, params.id);
    },
    { tags },
  );
  route(app, checksApi.reviewers, async ({ request }) => listReviewers(request.db), { tags });
}
