import {
  CHECK_DECIDED_FIRST,
  type CheckDetail,
  checksApi,
  checkTypeOfQueue,
  QUEUE_SLUGS,
  type ReviewQueueRow,
  reviewQueueRowSchema,
  reviewQueuesApi,
} from '@portal/contracts';
import type { CheckRow, UserRow } from '@portal/demo-data';
import {
  bill,
  changedFields,
  checkDetailView,
  checkDocumentIds,
  dateOf,
  decide,
  decidedFirst,
  type Failure,
  invoicedComment,
  isAwaitingReview,
  isCheckOverdue,
  iso,
  PAID_COMMENT,
  refusalStatus,
} from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { actorOf, writeAudit } from './audit-trail';
import { applyCheckTransition, checkRecordOf, updateColumns } from './check-transition';
import { apiError, callerOf, type MockContext, unauthorized } from './mock-http';
import { mockRoute } from './mock-route';
import { onboardingAnswer } from './onboarding-answer';

/*
 * The reviewers' calls in mock mode (apps/api modules/reviews): the queues and their summary over
 * db.checks, one check's detail (packages/domain checkDetailView, as the API computes it), its decisions
 * (the shared check-transition.ts, so the company sees them) and billing steps. The caller is the signed-in
 * demo reviewer: "assigned to me" and every row written name them.
 */

/** Mock mode is no production: a temporary approval (test environments only) is offered. */
const TEST_ENVIRONMENT = true;

const refusal = (failure: Failure) => apiError(refusalStatus(failure.code), failure.code, failure.message);
const notAllowed = (message: string) => apiError(409, 'ACTION_NOT_ALLOWED', message);

export function reviewHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  /** A check's organisation: a foreign key, always there. */
  const organisationOf = (check: CheckRow) => {
    const organisation = db.organisations.find((row) => row.id === check.organisationId);
    if (!organisation) throw new Error(`Check ${check.id} has no organisation`);
    return organisation;
  };
  /** Its events, oldest first (id orders two of the same instant), as the API reads them. */
  const eventsOf = (check: CheckRow) =>
    db.checkEvents
      .filter((event) => event.checkId === check.id)
      .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
      .map((event) => ({ ...event, from: event.fromStatus, to: event.toStatus }));

  /** apps/api migration 0014 review_queue: a check ever submitted, with its organisation's columns. */
  const rowOf = (check: CheckRow): ReviewQueueRow =>
    reviewQueueRowSchema.parse({
      ...organisationOf(check),
      ...check,
      overdue: isCheckOverdue(check, context.now()),
    });

  /** apps/api check-detail.ts: the company's application as the reviewer reads it (READ_ONLY), its files. */
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
    const invoicing = ours(db.invoicingInformation);
    const agreement = ours(db.participationAgreements);
    const tickBoxes = db.disclaimerContents.find((row) => row.id === agreement?.tickBoxesDisclaimerId);
    const fileIds = checkDocumentIds(check.type, {
      copyOfProofFileId: authorisedRepresentative.copyOfProof?.id,
      signedFileId: agreement?.signedFileId,
      formFileId: invoicing?.formFileId,
    });
    return checkDetailView({
      check,
      organisation,
      application: { company, spoc, spocAssistant, authorisedRepresentative, mahs },
      documents: db.storedFiles.filter((file) => fileIds.includes(file.id)),
      events: eventsOf(check),
      invoicing,
      // The billing details as the company's financial step reads them (apps/api financial-step billingOf).
      billingDetails: financial.invoicing?.billing ?? null,
      agreement: agreement && { ...agreement, tickBoxes: tickBoxes ?? null },
      activeMahCount: mahs.length,
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
    mockRoute(context, reviewQueuesApi.summary, async ({ request }) => {
      const me = actorOf(context, request);
      const open = db.checks.filter((check) => isAwaitingReview(check.status));
      return {
        queues: QUEUE_SLUGS.map((queue) => {
          const own = open.filter((check) => check.type === checkTypeOfQueue(queue));
          const overdue = own.filter((check) => isCheckOverdue(check, context.now())).length;
          return {
            queue,
            open: own.length,
            overdue,
            assignedToMe: own.filter((check) => check.assignee === me).length,
          };
        }),
      };
    }),

    // Every row of the queue the flags keep; mockRoute runs the list query on them.
    mockRoute(context, reviewQueuesApi.queue, async ({ params, extra, request }) => {
      const me = actorOf(context, request);
      return db.checks
        .filter((check) => check.type === checkTypeOfQueue(params.queue) && check.status !== 'NOT_SUBMITTED')
        .filter((check) => extra.assignedToMe !== 'true' || check.assignee === me)
        .filter((check) => extra.overdue !== 'true' || isCheckOverdue(check, context.now()))
        .map(rowOf);
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

    // apps/api check-billing.ts: no transition, yet an event, a new version and an audit row each.
    mockRoute(context, checksApi.bill, async ({ params, body: step, request }) => {
      const locked = atVersion(request, params.id, step.version);
      if (locked instanceof Response) return locked;
      const { reviewer, check, organisation } = locked;
      if (check.type !== 'FINANCIAL') {
        return notAllowed(`Only the financial check is invoiced, not the ${check.type.toLowerCase()} check`);
      }
      const invoicing = db.invoicingInformation.find((row) => row.organisationId === organisation.id);
      if (!invoicing) {
        return notAllowed(
          'The company has not filed its invoicing information yet: there is nothing to invoice',
        );
      }
      const { invoiceNumber, invoicedAt, paidAt } = invoicing;
      const state = {
        invoiceNumber,
        invoicedAt: dateOf(invoicedAt),
        paidAt: dateOf(paidAt),
        financialStatus: check.status,
      };
      const typed = step.action === 'MARK_INVOICED' ? step.invoiceNumber : null;
      const result = bill(state, step.action, { now: context.now(), invoiceNumber: typed });
      if (!result.ok) return refusal(result);
      const { next } = result;
      const after = {
        invoiceNumber: next.invoiceNumber,
        invoicedAt: iso(next.invoicedAt),
        paidAt: iso(next.paidAt),
      };
      const diff = {
        organisationId: organisation.id,
        invoicingInformationId: invoicing.id,
        ...changedFields(invoicing, after),
      };
      updateColumns(context, request, invoicing, after);
      updateColumns(context, request, check);
      db.checkEvents.push({
        id: context.newId(),
        checkId: check.id,
        fromStatus: check.status,
        toStatus: check.status,
        actor: reviewer.email,
        role: 'EMVO',
        comment: step.action === 'MARK_INVOICED' ? invoicedComment(next.invoiceNumber ?? '') : PAID_COMMENT,
        at: context.now().toISOString(),
      });
      writeAudit(context, request, { action: step.action, entity: 'check', entityId: check.id, diff });
      return detailOf(check, reviewer);
    }),
  ];
}
