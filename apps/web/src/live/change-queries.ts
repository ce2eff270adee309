import {
  type ChangeEvent,
  firstScreenRoutes,
  QUEUE_SLUGS,
  queueOfCheckType,
  REVIEWER_ONLY_CHANGES,
} from '@portal/contracts';
import { BILLING_ACTIONS } from '@portal/domain';
import type { QueryClient, QueryFilters } from '@tanstack/react-query';
import { apiKey } from '../http/api-call';

// The routes, not the declarations: this module loads just after the first screen, and a declaration would
// bring its module's schemas with it (contracts first-screen-addresses.ts).
const routes = firstScreenRoutes;

/**
 * Some cached answers a change makes stale: every query under a key (api-call.ts apiKey: the endpoint's
 * path), or only those whose answer `stale` accepts (the check detail not yet at the event's version, the
 * details of one company's checks).
 */
export interface StaleQueries {
  queryKey: unknown[];
  /** That key's query alone, not those under it (the metrics figures' key heads the metrics table's). */
  exact?: boolean;
  stale?: (data: unknown) => boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A value inside a cached answer, or undefined. */
const fieldOf = (data: unknown, ...path: string[]): unknown =>
  path.reduce<unknown>((at, name) => (isRecord(at) ? at[name] : undefined), data);

/** contracts events.ts: "a screen holding the version already has nothing to refetch" (the caller's own write). */
const olderThan =
  (version: number | null, ...path: string[]) =>
  (data: unknown): boolean => {
    const held = fieldOf(data, ...path);
    return version === null || typeof held !== 'number' || held < version;
  };

const queue = (slug: (typeof QUEUE_SLUGS)[number]): StaleQueries => ({
  queryKey: apiKey(routes.reviewQueue, { params: { queue: slug } }),
});
/** The queue of the check's type (each one when the type is not given): its pages and its scrolling list. */
const queuesOf = (event: ChangeEvent): StaleQueries[] =>
  event.checkType ? [queue(queueOfCheckType(event.checkType))] : QUEUE_SLUGS.map(queue);
const allQueues = (): StaleQueries[] => QUEUE_SLUGS.map(queue);
const queueSummary: StaleQueries = { queryKey: apiKey(routes.queueSummary) };
/** The check's detail, unless it holds the event's version already (its notes, under its key, apart). */
const checkDetail = (event: ChangeEvent): StaleQueries => ({
  queryKey: apiKey(routes.checkDetail, { params: { id: event.entityId } }),
  exact: true,
  stale: olderThan(event.version, 'check', 'version'),
});
/** The check's internal notes: a note written on it is their one change (contracts REVIEWER_ONLY_CHANGES). */
const checkNotes = (event: ChangeEvent): StaleQueries[] =>
  event.action === 'ADD_NOTE'
    ? [{ queryKey: apiKey(routes.checkNotes, { params: { id: event.entityId } }) }]
    : [];
/** The open details of one company's checks (they show its application and its stage). */
const checksOfCompany = (event: ChangeEvent): StaleQueries => ({
  queryKey: apiKey(routes.checkDetail),
  stale: (data) =>
    event.organisationId !== null && fieldOf(data, 'organisation', 'id') === event.organisationId,
});
/** The company's own application (a company's stream carries its own organisation's events only). */
const onboarding = (version: number | null = null): StaleQueries => ({
  queryKey: apiKey(routes.onboardingAnswer),
  stale: olderThan(version, 'organisation', 'version'),
});
const metricsFigures: StaleQueries = { queryKey: apiKey(routes.metricsFigures), exact: true };
const metricsCompanies: StaleQueries = { queryKey: apiKey(routes.metricsCompanies) };
const organisations: StaleQueries = { queryKey: apiKey(routes.organisationsList) };
const sessionTokens: StaleQueries = { queryKey: apiKey(routes.sessionTokensList) };

/**
 * A billing step, the start of a review or the reviewers' own work on a check (an assignment, a note)
 * moves no company to another stage (packages/domain stageAfterChecks).
 */
const movesNoStage = (action: string) =>
  action === 'START' ||
  (BILLING_ACTIONS as readonly string[]).includes(action) ||
  (REVIEWER_ONLY_CHANGES as readonly string[]).includes(action);

/**
 * The one table from a change to the queries it touches, by kind (contracts events.ts):
 * - check: its queue and the queues' summary, its detail (its notes for a note), the company's
 *   application; a transition other than START (a billing step, an assignment or a note is none) may
 *   move the company's stage and its status copies: the metrics and the organisations list too.
 * - application: the company's application; what the reviewers see of it: the queues' rows (name,
 *   country, MAH count), its checks' details, the organisations list and the metrics table (name, email).
 * - sessionToken: the reviewers' token queue, the company's application (its technical step), the open
 *   requests figure (a reveal changes no figure).
 * - testRun: the metrics (figures and table), the company's application (its runs).
 * - stage: the metrics, the company's application, its checks' details (the stage decides what may be
 *   done), the organisations list.
 * A query not in the cache is not affected: a reviewer holds no application, a company no queue.
 */
export function changeTargets(event: ChangeEvent): StaleQueries[] {
  switch (event.kind) {
    case 'check':
      return [
        ...queuesOf(event),
        queueSummary,
        checkDetail(event),
        ...checkNotes(event),
        onboarding(),
        ...(movesNoStage(event.action) ? [] : [metricsFigures, metricsCompanies, organisations]),
      ];
    case 'application':
      return [
        onboarding(event.version),
        ...allQueues(),
        checksOfCompany(event),
        organisations,
        metricsCompanies,
      ];
    case 'sessionToken':
      return [sessionTokens, onboarding(), ...(event.action === 'REVEAL' ? [] : [metricsFigures])];
    case 'testRun':
      return [metricsFigures, metricsCompanies, onboarding()];
    case 'stage':
      return [
        metricsFigures,
        metricsCompanies,
        onboarding(event.version),
        checksOfCompany(event),
        organisations,
      ];
  }
}

/** TanStack Query's filters for some stale queries. */
export const filtersOf = ({ queryKey, exact, stale }: StaleQueries): QueryFilters => ({
  queryKey,
  ...(exact ? { exact } : {}),
  ...(stale ? { predicate: (query) => stale(query.state.data) } : {}),
});

/** Invalidates exactly the queries a change touches: the ones on screen refetch, the others when next shown. */
export async function invalidateChange(queryClient: QueryClient, event: ChangeEvent): Promise<void> {
  await Promise.all(changeTargets(event).map((target) => queryClient.invalidateQueries(filtersOf(target))));
}
