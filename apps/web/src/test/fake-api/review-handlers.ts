import {
  applicationOf,
  billingOf,
  CHECK_DECIDED_FIRST,
  type CheckDetail,
  checksApi,
  checkTypeOfQueue,
  QUEUE_SLUGS,
  type QueueSlug,
  type QueueSummary,
  type queueFlagsSchema,
  type ReviewQueueRow,
  reviewQueueRowSchema,
  reviewQueuesApi,
  type SessionTokenRow,
  sessionTokenRowSchema,
  sessionTokensApi,
} from '@portal/contracts';
import type { CheckRow, OrganisationRow } from '@portal/demo-data';
import {
  billingStep,
  cancelTokenTransition,
  checkDetailOf,
  checkEventsOf,
  checkRecordOf,
  dateOf,
  decide,
  decidedFirst,
  isAwaitingReview,
  isCheckOverdue,
  isoDates,
  issueTokenTransition,
  sessionTokenStatusAt,
  type TokenTransition,
} from '@portal/domain';
import type { HttpHandler } from 'msw';
import type { z } from 'zod/mini';
import { byId, type MockDb, userByEmail } from './mock-db';
import {
  actorOf,
  apiError,
  callerOf,
  errorList,
  failed,
  type MockContext,
  mockRoute,
  unauthorized,
} from './mock-http';
import { answerWith, applyCheckTransition, tableOf, updateColumns, writeAudit } from './mock-resource';
import { onboardingRowsOf } from './onboarding-company';

/*
 * The reviewers' queues over the store's checks: which checks a queue shows and what waits in each. The
 * API answers both in SQL (review_queue view, migration 0014; the open checks' partial index, migration
 * 0006) by the same rules (packages/domain isAwaitingReview, isCheckOverdue).
 */

/** A check as the queues read it. */
type QueuedCheck = Pick<CheckRow, 'type' | 'status' | 'assignee' | 'slaDueAt'>;
/** Who asks (as the assignee column names them) and when: "assigned to me" and "overdue" depend on both. */
type QueueCaller = { actor: string; now: Date };

/**
 * A row of the queue with the caller's flags: a check of the queue's type ever submitted, assigned to the
 * caller when asked, awaiting review past its SLA due date when asked (apps/api reviewQueueQuery).
 */
export const isInQueue = (
  check: QueuedCheck,
  queue: QueueSlug,
  flags: z.output<typeof queueFlagsSchema>,
  caller: QueueCaller,
): boolean =>
  check.type === checkTypeOfQueue(queue) &&
  check.status !== 'NOT_SUBMITTED' &&
  (flags.assignedToMe !== 'true' || check.assignee === caller.actor) &&
  (flags.overdue !== 'true' || isCheckOverdue(check, caller.now));

/** GET /api/review-queues/summary: each queue's open checks, the overdue ones, the caller's. */
export function queueSummaryOf(checks: readonly QueuedCheck[], caller: QueueCaller): QueueSummary {
  const open = checks.filter((check) => isAwaitingReview(check.status));
  return {
    queues: QUEUE_SLUGS.map((queue) => {
      const own = open.filter((check) => check.type === checkTypeOfQueue(queue));
      return {
        queue,
        open: own.length,
        overdue: own.filter((check) => isCheckOverdue(check, caller.now)).length,
        assignedToMe: own.filter((check) => check.assignee === caller.actor).length,
      };
    }),
  };
}

/*
 * The reviewers' calls in mock mode (apps/api modules/reviews): the queues and their summary over
 * db.checks, one check's detail (packages/domain checkDetailView, as the API computes it), its decisions
 * (the shared mock-resource.ts applyCheckTransition, so the company sees them) and billing steps. The caller is the signed-in
 * demo reviewer: "assigned to me" and every row written name them.
 */

/** Mock mode is no production: a temporary approval (test environments only) is offered. */
const TEST_ENVIRONMENT = true;

export function reviewHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const checks = tableOf(context, 'checks', 'check');
  /** A check's organisation: a foreign key, always there. */
  const organisationOf = (check: CheckRow) => byId(db.organisations, check.organisationId) as OrganisationRow;
  const eventsOf = (check: CheckRow) => db.checkEvents.filter((row) => row.checkId === check.id);

  /** apps/api migration 0014 review_queue: a check ever submitted, with its organisation's columns. */
  const rowOf = (check: CheckRow): ReviewQueueRow =>
    reviewQueueRowSchema.parse({
      ...organisationOf(check),
      ...check,
      overdue: isCheckOverdue(check, context.now()),
    });

  /** apps/api check-detail.ts (domain checkDetailOf): the company's application read READ_ONLY, its files. */
  const detailOf = (check: CheckRow): CheckDetail => {
    const organisation = organisationOf(check);
    const { agreement, invoicing, ...rows } = onboardingRowsOf(db, organisation);
    const { company, spoc, spocAssistant, authorisedRepresentative, mahs } = applicationOf(rows, 'READ_ONLY');
    const tickBoxes = byId(db.disclaimerContents, agreement?.tickBoxesDisclaimerId);
    return checkDetailOf({
      check,
      organisation,
      application: { company, spoc, spocAssistant, authorisedRepresentative, mahs },
      files: db.storedFiles,
      events: eventsOf(check),
      invoicing: invoicing ?? undefined,
      billingDetails: invoicing ? billingOf(invoicing.billing) : null,
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
    const check = checks.find(id);
    if (!reviewer) return unauthorized();
    if (check instanceof Response) return check;
    if (check.version === version) return { reviewer, check, organisation: organisationOf(check) };
    // The last event, as the API reads the events, oldest first (domain checkEventsOf).
    const latest = checkEventsOf(eventsOf(check)).at(-1);
    const actorName = (actor: string) => userByEmail(db, actor)?.displayName ?? actor;
    const deed = latest && { ...latest, actorName: actorName(latest.actor) };
    const { message, values } = decidedFirst(check.status, deed);
    return errorList([{ code: CHECK_DECIDED_FIRST, message, values }], 409);
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

    mockRoute(context, checksApi.check, async ({ params, request }) =>
      callerOf(context, request) ? answerWith(detailOf)(checks.find(params.id)) : unauthorized(),
    ),

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
      if (!decision.ok) return failed(decision);
      applyCheckTransition(context, request, { organisation, check, type: check.type, ...decision });
      return detailOf(check);
    }),

    // apps/api check-billing.ts: packages/domain billingStep; no transition, yet an event, a new version and
    // an audit row each.
    mockRoute(context, checksApi.bill, async ({ params, body: step, request }) => {
      const locked = atVersion(request, params.id, step.version);
      if (locked instanceof Response) return locked;
      const { reviewer, check, organisation } = locked;
      const invoicing = db.invoicingInformation.find((row) => row.organisationId === organisation.id);
      const result = billingStep(check, invoicing, step, { actor: reviewer.email, now: context.now() });
      if (!result.ok) return failed(result);
      updateColumns(context, request, result.invoicing, isoDates(result.next));
      updateColumns(context, request, check);
      db.checkEvents.push({ id: context.newId(), checkId: check.id, ...isoDates(result.event) });
      const diff = { organisationId: organisation.id, ...result.diff };
      writeAudit(context, request, { action: step.action, entity: 'check', entityId: check.id, diff });
      return detailOf(check);
    }),
  ];
}

/*
 * The reviewers' session-token queue in mock mode (apps/api modules/session-tokens): db.sessionTokens with
 * each company's columns, an issued token past its 24 h reading EXPIRED at each answer (domain
 * sessionTokenStatusAt), issuing and cancelling by the API's rules (domain issueTokenTransition,
 * cancelTokenTransition).
 */

type StoredToken = MockDb['sessionTokens'][number];

export function sessionTokenHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  const tokens = tableOf(context, 'sessionTokens', 'sessionToken');

  /** apps/api session-tokens-list.ts: the token with its company's number, name and email, status as of now. */
  const rowOf = (token: StoredToken): SessionTokenRow =>
    sessionTokenRowSchema.parse({
      ...byId(db.organisations, token.organisationId),
      ...token,
      status: sessionTokenStatusAt({ ...token, expiresAt: dateOf(token.expiresAt) }, context.now()),
    });
  const answer = answerWith(rowOf);

  /**
   * The token at the reviewer's version (404, 409 as the API), changed as the domain's transition says,
   * with `value` (kept for the company's one reveal, or wiped) and the transition's audit row.
   */
  const transition = <Changes extends object>(
    request: Request,
    { id, version, action, value }: { id: string; version: number; action: string; value: string | null },
    rule: (token: StoredToken, by: { actor: string; now: Date }) => TokenTransition<Changes>,
  ) => {
    const by = { actor: actorOf(context, request), now: context.now() };
    const change = (token: StoredToken) => {
      const result = rule(token, by);
      if (!result.ok) return apiError(409, result.code, result.message);
      return { changes: { ...isoDates(result.changes), value }, action, diff: result.diff };
    };
    return answer(tokens.update(request, id, version, change));
  };

  return [
    mockRoute(context, sessionTokensApi.list, async () => db.sessionTokens.map(rowOf)),

    mockRoute(context, sessionTokensApi.issue, async ({ params, body, request }) => {
      const write = { ...params, version: body.version, action: 'ISSUE_SESSION_TOKEN', value: body.value };
      return transition(request, write, issueTokenTransition);
    }),

    mockRoute(context, sessionTokensApi.cancel, async ({ params, body, request }) => {
      const write = { ...params, version: body.version, action: 'CANCEL_SESSION_TOKEN', value: null };
      return transition(request, write, (token, by) =>
        cancelTokenTransition(token, { ...by, reason: body.reason }),
      );
    }),
  ];
}
