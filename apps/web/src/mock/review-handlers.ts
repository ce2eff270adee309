import {
  CHECK_DECIDED_FIRST,
  type CheckDetail,
  type CheckEvent,
  checksApi,
  checkTypeOfQueue,
  QUEUE_SLUGS,
  type ReviewQueueRow,
  reviewQueuesApi,
} from '@portal/contracts';
import {
  allowedActions,
  allowedBillingActions,
  attemptsOf,
  bill,
  type CheckStatus,
  type CheckType,
  type DomainErrorCode,
  decide,
  type Failure,
  feeFor,
  isAwaitingReview,
  isOverdue,
  iso,
  stageAfterChecks,
  words,
} from '@portal/domain';
import { type HttpHandler, HttpResponse } from 'msw';
import { fileDownloadRoute } from './file-download';
import { DEMO_USERS } from './mock-auth';
import { apiError, type MockContext } from './mock-http';
import { mockRoute } from './mock-route';
import {
  createMockReviews,
  DEMO_DOCUMENT,
  invoicedComment,
  MOCK_CHECK_RULES,
  MOCK_REVIEWER,
  type MockCheck,
  type MockReviewState,
  PAID_COMMENT,
} from './review-data';

/*
 * The reviewers' calls in mock mode (apps/api modules/reviews; contracts reviews.ts): the three queues, the
 * landing page's summary, one check's detail, its decisions and billing steps, and its documents. Every
 * rule is the domain's (decide, allowedActions, stageAfterChecks, allowedBillingActions, bill); the caller
 * is always mock auth's reviewer (mock mode's token says nothing of who calls), so "assigned to me" is
 * MOCK_REVIEWER. Demo data: review-data.ts.
 */

export interface ReviewHandlersOptions {
  /** The clock (tests fix it): what is overdue, and when a decision is taken. */
  now?: () => Date;
}

/** The demo documents' content, as the API streams a stored file. */
const DEMO_DOCUMENT_BYTES = new TextEncoder().encode(DEMO_DOCUMENT);

/** A domain refusal's HTTP status, as the API answers it: the caller's to fix 400, else a conflict (409). */
const STATUS_OF: Partial<Record<DomainErrorCode, number>> = {
  REASON_REQUIRED: 400,
  ACTOR_REQUIRED: 400,
  INVALID_INVOICE_NUMBER: 400,
  INVALID_DATE: 400,
  ROLE_NOT_ALLOWED: 403,
};
const refusal = (failure: Failure) => apiError(STATUS_OF[failure.code] ?? 409, failure.code, failure.message);

/** What an event did to the check, as the stale decision's message says it (apps/api locked-check.ts). */
function deed(event: CheckEvent): string {
  if (event.from === event.to) {
    if (event.comment?.startsWith(invoicedComment(''))) return 'marked this check invoiced';
    if (event.comment === PAID_COMMENT) return 'marked this check paid';
    return 'changed this check';
  }
  const deeds: Record<CheckStatus, string> = {
    NOT_SUBMITTED: 'sent this check back to not submitted',
    SUBMITTED: 'submitted this check',
    IN_REVIEW: 'started the review of this check',
    CORRECTIONS_REQUESTED: 'requested corrections to this check',
    APPROVED: 'approved this check',
    TEMPORARILY_APPROVED: 'approved this check temporarily',
    REJECTED: 'rejected this check',
  };
  return deeds[event.to];
}

/** The name a reviewer knows a colleague by: a demo user's display name, else the actor as recorded. */
const displayNameOf = (actor: string) =>
  Object.values(DEMO_USERS).find((user) => user.email === actor)?.name ?? actor;

/**
 * A stale version (domain.md: two reviewers never decide the same check twice): 409 with one entry naming
 * who acted last and what the check is now, for the catalogue's CHECK_DECIDED_FIRST message.
 */
function decidedFirst(check: MockCheck): Response {
  const latest = check.events.at(-1);
  const actor = latest ? displayNameOf(latest.actor) : 'Someone';
  const message = `${actor} ${latest ? deed(latest) : 'changed this check'} first`;
  return HttpResponse.json(
    [{ code: CHECK_DECIDED_FIRST, message, values: { actor, status: words(check.status) } }],
    {
      status: 409,
    },
  );
}

export function reviewHandlers(context: MockContext, options: ReviewHandlersOptions = {}): HttpHandler[] {
  const now = options.now ?? (() => new Date());
  const state: MockReviewState = createMockReviews(now());

  const organisationOf = (check: MockCheck) => {
    const organisation = state.organisations.get(check.organisationId);
    if (!organisation) throw new Error(`Demo check ${check.id} has no organisation`);
    return organisation;
  };
  const overdue = (check: MockCheck) => isAwaitingReview(check.status) && isOverdue(check.slaDueAt, now());

  const rowOf = (check: MockCheck): ReviewQueueRow => {
    const { summary, application } = organisationOf(check);
    return {
      id: check.id,
      organisationId: check.organisationId,
      obpNumber: summary.obpNumber,
      legalName: application.company.legalName,
      orgType: application.company.orgType,
      country: application.company.address.country,
      email: application.company.email,
      mahCount: application.mahs.length,
      submittedAt: iso(check.submittedAt),
      slaDueAt: iso(check.slaDueAt),
      overdue: overdue(check),
      attempt: check.attempt,
      status: check.status,
      assignee: check.assignee,
      version: check.version,
    };
  };

  /** A queue holds the checks of its type that were ever submitted (contracts REVIEW_QUEUE_LIST). */
  const queueOf = (type: CheckType) =>
    state.checks.filter((check) => check.type === type && check.status !== 'NOT_SUBMITTED');

  const statusOf = (organisationId: string, type: CheckType): Pick<MockCheck, 'status' | 'decidedBy'> =>
    state.checks.find((check) => check.organisationId === organisationId && check.type === type) ?? {
      status: 'NOT_SUBMITTED',
      decidedBy: null,
    };

  const billingOf = (check: MockCheck): CheckDetail['billing'] => {
    const invoicing = check.invoicing;
    if (!invoicing) return null;
    const active = organisationOf(check).application.mahs.length;
    // The fee of the form as filed (its declared count), as the API answers it.
    const fee = feeFor(invoicing.declaredMahCount ?? active).amountCents;
    return {
      declaredMahCount: invoicing.declaredMahCount,
      activeMahCount: active,
      feeCents: fee,
      // Mock mode has no earlier invoice to deduct.
      amountDueCents: fee,
      invoiceNumber: invoicing.invoiceNumber,
      invoicedAt: iso(invoicing.invoicedAt),
      paidAt: iso(invoicing.paidAt),
      allowedActions: allowedBillingActions({ financialStatus: check.status, ...invoicing }),
    };
  };

  const detailOf = (check: MockCheck): CheckDetail => {
    const organisation = organisationOf(check);
    return {
      check: {
        id: check.id,
        type: check.type,
        status: check.status,
        attempt: check.attempt,
        submittedAt: iso(check.submittedAt),
        slaDueAt: iso(check.slaDueAt),
        overdue: overdue(check),
        assignee: check.assignee,
        decidedAt: iso(check.decidedAt),
        decidedBy: check.decidedBy,
        reason: check.reason,
        version: check.version,
      },
      organisation: {
        id: check.organisationId,
        obpNumber: organisation.summary.obpNumber,
        stage: organisation.stage,
      },
      application: organisation.application,
      documents: check.documents,
      attempts: attemptsOf(check.events),
      events: check.events,
      allowedActions: allowedActions(check, 'EMVO', MOCK_CHECK_RULES),
      billing: billingOf(check),
    };
  };

  /** The organisation's stage after one of its checks changed (domain stageAfterChecks). */
  const moveStage = (check: MockCheck) => {
    const organisation = organisationOf(check);
    const { status: legitimacyStatus } = statusOf(check.organisationId, 'LEGITIMACY');
    const { status: contractualStatus } = statusOf(check.organisationId, 'CONTRACTUAL');
    const financial = statusOf(check.organisationId, 'FINANCIAL');
    organisation.stage = stageAfterChecks({
      stage: organisation.stage,
      legitimacyStatus,
      contractualStatus,
      financialStatus: financial.status,
      financialDecidedBy: financial.decidedBy,
    });
  };

  /** The check a call names, else the API's 404. */
  const checkOf = (id: string): MockCheck | Response =>
    state.checks.find((candidate) => candidate.id === id) ?? apiError(404, 'NOT_FOUND', `No check ${id}`);

  /** A change of the check at the version the reviewer saw: the check, else the 404 or the 409 to answer. */
  const atVersion = (id: string, version: number): MockCheck | Response => {
    const check = checkOf(id);
    if (check instanceof Response) return check;
    return version === check.version ? check : decidedFirst(check);
  };

  /** Every change of a check is an event and a new version (a billing step keeps the status). */
  const record = (check: MockCheck, event: Omit<CheckEvent, 'id' | 'at'>) => {
    check.events.push({ ...event, id: context.newId(), at: now().toISOString() });
    check.version += 1;
  };

  return [
    // Before the queue route, whose :queue would read 'summary'.
    mockRoute(context, reviewQueuesApi.summary, async () => ({
      queues: QUEUE_SLUGS.map((queue) => {
        const open = queueOf(checkTypeOfQueue(queue)).filter((check) => isAwaitingReview(check.status));
        return {
          queue,
          open: open.length,
          overdue: open.filter(overdue).length,
          assignedToMe: open.filter((check) => check.assignee === MOCK_REVIEWER).length,
        };
      }),
    })),

    // Every row of the queue the flags keep; mockRoute runs the list query on them.
    mockRoute(context, reviewQueuesApi.queue, async ({ params, extra }) =>
      queueOf(checkTypeOfQueue(params.queue))
        .filter((check) => extra.assignedToMe !== 'true' || check.assignee === MOCK_REVIEWER)
        .filter((check) => extra.overdue !== 'true' || overdue(check))
        .map(rowOf),
    ),

    mockRoute(context, checksApi.check, async ({ params }) => {
      const check = checkOf(params.id);
      return check instanceof Response ? check : detailOf(check);
    }),

    mockRoute(context, checksApi.decide, async ({ params, body }) => {
      const check = atVersion(params.id, body.version);
      if (check instanceof Response) return check;
      const result = decide(check, body.action, {
        ...MOCK_CHECK_RULES,
        role: 'EMVO',
        actor: MOCK_REVIEWER,
        reason: body.reason ?? null,
        now: now(),
      });
      if (!result.ok) return refusal(result);
      const { next, event } = result;
      Object.assign(check, next);
      const { from, to, actor, role, comment } = event;
      record(check, { from, to, actor, role, comment });
      moveStage(check);
      return detailOf(check);
    }),

    mockRoute(context, checksApi.bill, async ({ params, body: step }) => {
      const check = atVersion(params.id, step.version);
      if (check instanceof Response) return check;
      const invoicing = check.invoicing;
      if (!invoicing) {
        return apiError(409, 'ACTION_NOT_ALLOWED', 'Only the financial check is invoiced and paid');
      }
      const result = bill({ financialStatus: check.status, ...invoicing }, step.action, {
        now: now(),
        invoiceNumber: step.action === 'MARK_INVOICED' ? step.invoiceNumber : null,
      });
      if (!result.ok) return refusal(result);
      Object.assign(invoicing, result.next);
      record(check, {
        from: check.status,
        to: check.status,
        actor: MOCK_REVIEWER,
        role: 'EMVO',
        comment: step.action === 'MARK_INVOICED' ? invoicedComment(step.invoiceNumber) : PAID_COMMENT,
      });
      return detailOf(check);
    }),

    // The checks' documents; any other id is left to other handlers (the onboarding's own files).
    fileDownloadRoute(context, (id) => {
      const document = state.checks.flatMap((check) => check.documents).find((doc) => doc.id === id);
      return document && { name: document.name, mime: document.mime, bytes: DEMO_DOCUMENT_BYTES };
    }),
  ];
}
