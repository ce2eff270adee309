import {
  type CallBody,
  type CallQuery,
  type EndpointSpec,
  type PathParams,
  pathOf,
  type ResponseOf,
  type Route,
} from '@portal/contracts';
import { stringifyListQuery } from '@portal/list-query';
import type { HttpClient } from './http-client';

type Known<T, Key extends string> = [T] extends [undefined] ? { [K in Key]?: undefined } : { [K in Key]: T };

/**
 * What a call of an endpoint takes: its path parameters, its query (a list query for a list endpoint) and
 * its body, each required exactly when the declaration has one.
 */
export type CallInput<E extends EndpointSpec> = Known<
  keyof PathParams<E> extends never ? undefined : PathParams<E>,
  'params'
> &
  (E['list'] extends object ? { query: CallQuery<E> } : { query?: CallQuery<E> }) &
  Known<E['body'] extends undefined ? undefined : CallBody<E>, 'body'> & { signal?: AbortSignal };

/**
 * What a call takes of an endpoint: its declaration, or its route (the declaration without its zod
 * schemas, which no call reads: the first page's calls use routes, contracts first-screen-routes.ts).
 */
export type Callable<E extends EndpointSpec> = E | Route<E>;

/** The query params a call sends: a list's in spec §7's form, else the query's own values as strings. */
function queryParams(
  endpoint: Pick<EndpointSpec, 'list'>,
  query: unknown,
): Record<string, string> | undefined {
  if (!query) return undefined;
  if (endpoint.list) {
    const { list, extra = {} } = query as { list: Parameters<typeof stringifyListQuery>[0]; extra?: object };
    return { ...extra, ...stringifyListQuery(list) };
  }
  const entries = Object.entries(query as Record<string, unknown>).filter(([, value]) => value !== undefined);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/**
 * Calls an endpoint declared in @portal/contracts: its method and path (no path literal in the SPA), with
 * the answer typed as the declaration's response.
 */
export function callApi<E extends EndpointSpec>(
  http: HttpClient,
  endpoint: Callable<E>,
  input: CallInput<E>,
): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = input as {
    params?: Record<string, string>;
    query?: unknown;
    body?: unknown;
    signal?: AbortSignal;
  };
  const search = queryParams(endpoint, query);
  return http<ResponseOf<E>>(pathOf(endpoint, params), {
    method: endpoint.method,
    ...(body !== undefined ? { body } : {}),
    ...(search ? { query: search } : {}),
    ...(signal ? { signal } : {}),
    ...(endpoint.response === 'download' ? { download: true } : {}),
  });
}

/**
 * The query key of an endpoint's answer: its path's segments (parameters filled in), then its query.
 * `['api', 'gateways']` is the prefix of every gateway query, so one invalidation refreshes them all.
 */
export function apiKey<E extends EndpointSpec>(
  endpoint: Callable<E>,
  input?: Partial<CallInput<E>>,
): unknown[] {
  const params = (input?.params ?? {}) as Record<string, string>;
  const segments = endpoint.path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? params[segment.slice(1)] : segment));
  const known = segments.indexOf(undefined);
  const path = known === -1 ? segments : segments.slice(0, known);
  return input?.query === undefined ? path : [...path, input.query];
}
