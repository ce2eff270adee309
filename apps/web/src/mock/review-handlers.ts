import {
  CHECK_DECIDED_FIRST,
  type CheckDetail,
  checksApi,
  type ReviewQueueRow,
  reviewQueueRowSchema,
  reviewQueuesApi,
} from '@portal/contracts';
import type { CheckRow, UserRow } from '@portal/demo-data';
import {
  billingStep,
  checkDetailOf,
  checkEventsOf,
  checkRecordOf,
  decide,
  decidedFirst,
  type Failure,
  isCheckOverdue,
  refusalStatus,
} from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { actorOf, writeAudit } from './audit-trail';
import { applyCheckTransition, updateColumns } from './check-transition';
import { isoDates } from './iso-dates';
import { apiError, callerOf, type MockContext, unauthorized } from './mock-http';
import { mockRoute } from './mock-route';
import { onboardingAnswer } from './onboarding-answer';
import { isInQueue, queueSummaryOf } from './review-queue-rows';

/*
 * The reviewers' calls in mock mode (apps/api modules/reviews): the queues and their summary over
 * db.checks, one check's detail (packages/domain checkDetailView, as the API computes it), its decisions
 * (the shared check-transition.ts, so the company sees them) and billing steps. The caller is the signed-in
 * demo reviewer: "assigned to me" and every row written name them.
 */

/** Mock mode is no production: a temporary approval (test environments only) is offered. */
const TEST_ENVIRONMENT = true;

const refusal = (failure: Failure) => apiError(refusalStatus(failure.code), failure.code, failure.message);

export function reviewHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  /** A check's organisation: a foreign key, always there. */
  const organisationOf = (check: CheckRow) => {
    const organisation = db.organisations.find((row) => row.id === check.organisationId);
    if (!organisation) throw new Error(`Check ${check.id} has no organisation`);
    return organisation;
  };
  /** Its events, oldest first, as the API reads them (domain checkEventsOf). */
  const eventsOf = (check: CheckRow) =>
    checkEventsOf(db.checkEvents.filter((row) => row.checkId === check.id));

  /** apps/api migration 0014 review_queue: a check ever submitted, with its organisation's columns. */
  const rowOf = (check: CheckRow): ReviewQueueRow =>
    reviewQueueRowSchema.parse({
      ...organisationOf(check),
      ...check,
      overdue: isCheckOverdue(check, context.now()),
    });

  /** apps/api check-detail.ts (domain checkDetailOf): the company's application read READ_ONLY, its files. */
  const detailOf = (check: CheckRow, reviewer: UserRow): CheckDetail => {
    const organisation = organisationOf(check);
    const reader = { ...reviewer, organisationId: organisation.id, access: 'READ_ONLY' as const };
    const { company, spoc, spocAssistant, authorisedRepresentative, mahs, financial } = onboardingAnswer(
      db,
      reader,
      context.now(),
    );
    const ours = <Row extends { organisationId: string }>(rows: Row[]) =>
      rows.find((row) => row.organisationId === organisation.id);
    const agreement = ours(db.participationAgreements);
    const tickBoxes = db.disclaimerContents.find((row) => row.id === agreement?.tickBoxesDisclaimerId);
    return checkDetailOf({
      check,
      organisation,
      application: { company, spoc, spocAssistant, authorisedRepresentative, mahs },
      files: db.storedFiles,
      events: db.checkEvents.filter((row) => row.checkId === check.id),
      invoicing: ours(db.invoicingInformation),
      // The billing details as the company's financial step reads them (apps/api financial-step billingOf).
      billingDetails: financial.invoicing?.billing ?? null,
      agreement: agreement && { ...agreement, tickBoxes: tickBoxes ?? null },
      testEnvironment: TEST_ENVIRONMENT,
      now: context.now(),
    });
  };

  /**
   * The check a change names, at the version the reviewer saw, with the caller: else 401, 404, or 409
   * CHECK_DECIDED_FIRST naming who acted last (apps/api locked-check.ts).
   */
  const atVersion = (request: Request, id: string, version: number) => {
    const reviewer = callerOf(context, request);
    const check = db.checks.find((row) => row.id === id);
    if (!reviewer) return unauthorized();
    if (!check) return apiError(404, 'NOT_FOUND', `No check ${id}`);
    if (check.version === version) return { reviewer, check, organisation: organisationOf(check) };
    const latest = eventsOf(check).at(-1);
    const name =
      latest && db.users.find((user) => user.email.toLowerCase() === latest.actor.toLowerCase())?.displayName;
    const { message, values } = decidedFirst(
      check.status,
      latest && { ...latest, actorName: name ?? latest.actor },
    );
    return HttpResponse.json([{ code: CHECK_DECIDED_FIRST, message, values }], { status: 409 });
  };

  return [
    // Before the queue route, whose :queue would read 'summary'.
    mockRoute(context, reviewQueuesApi.summary, async ({ request }) =>
      queueSummaryOf(db.checks, { actor: actorOf(context, request), now: context.now() }),
    ),

    // Every row of the queue the flags keep (contracts isInQueue); mockRoute runs the list query on them.
    mockRoute(context, reviewQueuesApi.queue, async ({ params, extra, request }) => {
      const caller = { actor: actorOf(context, request), now: context.now() };
      return db.checks.filter((check) => isInQueue(check, params.queue, extra, caller)).map(rowOf);
    }),

    mockRoute(context, checksApi.check, async ({ params, request }) => {
      const reviewer = callerOf(context, request);
      const check = db.checks.find((row) => row.id === params.id);
      if (!reviewer) return unauthorized();
      return check ? detailOf(check, reviewer) : apiError(404, 'NOT_FOUND', `No check ${params.id}`);
    }),

    // apps/api check-decision.ts: packages/domain decide, then the transition every check change writes.
    mockRoute(context, checksApi.decide, async ({ params, body, request }) => {
      const locked = atVersion(request, params.id, body.version);
      if (locked instanceof Response) return locked;
      const { reviewer, check, organisation } = locked;
      const decision = decide(checkRecordOf(check), body.action, {
        role: 'EMVO',
        actor: reviewer.email,
        reason: body.reason,
        now: context.now(),
        testEnvironment: TEST_ENVIRONMENT,
      });
      if (!decision.ok) return refusal(decision);
      const { next, event } = decision;
      applyCheckTransition(context, request, { organisation, check, type: check.type, next, event });
      return detailOf(check, reviewer);
    }),

    // apps/api check-billing.ts: packages/domain billingStep; no transition, yet an event, a new version and
    // an audit row each.
    mockRoute(context, checksApi.bill, async ({ params, body: step, request }) => {
      const locked = atVersion(request, params.id, step.version);
      if (locked instanceof Response) return locked;
      const { reviewer, check, organisation } = locked;
      const invoicing = db.invoicingInformation.find((row) => row.organisationId === organisation.id);
      const result = billingStep(check, invoicing, step, { actor: reviewer.email, now: context.now() });
      if (!result.ok) return refusal(result);
      updateColumns(context, request, result.invoicing, isoDates(result.next));
      updateColumns(context, request, check);
      db.checkEvents.push({ id: context.newId(), checkId: check.id, ...isoDates(result.event) });
      const diff = { organisationId: organisation.id, ...result.diff };
      writeAudit(context, request, { action: step.action, entity: 'check', entityId: check.id, diff });
      return detailOf(check, reviewer);
    }),
  ];
}
