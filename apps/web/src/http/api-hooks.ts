import type { EndpointSpec, ResponseOf } from '@portal/contracts';
import type { ListQuery } from '@portal/list-query';
import {
  keepPreviousData,
  queryOptions,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiKey, type Callable, type CallInput, callApi } from './api-call';
import type { HttpClient, HttpError } from './http-client';
import { useHttp } from './http-context';

type QueryOptions<E extends EndpointSpec> = Omit<
  UseQueryOptions<ResponseOf<E>, HttpError>,
  'queryKey' | 'queryFn'
>;

/**
 * An endpoint's query as useApiQuery reads it (its key and its call), for who reads it outside a
 * component: a route's loader, a prefetch as the app starts. The screen then finds the answer in the cache.
 */
export function apiQueryOptions<E extends EndpointSpec>(
  http: HttpClient,
  endpoint: Callable<E>,
  input: Omit<CallInput<E>, 'signal'>,
  options: QueryOptions<E> = {},
) {
  return queryOptions<ResponseOf<E>, HttpError>({
    queryKey: apiKey(endpoint, input as Partial<CallInput<E>>),
    queryFn: ({ signal }) => callApi(http, endpoint, { ...input, signal } as CallInput<E>),
    ...options,
  });
}

/** Reads an endpoint (a GET) with TanStack Query: the key comes from its path and query. */
export function useApiQuery<E extends EndpointSpec>(
  endpoint: Callable<E>,
  input: Omit<CallInput<E>, 'signal'>,
  options: QueryOptions<E> = {},
) {
  return useQuery(apiQueryOptions(useHttp(), endpoint, input, options));
}

/**
 * One page of a list endpoint (spec §7); the previous page stays on screen while the next one loads, so
 * the table never flashes empty.
 */
export function useApiList<E extends EndpointSpec & { list: object }>(
  endpoint: E,
  list: ListQuery,
  options: QueryOptions<E> & { params?: Record<string, string>; extra?: Record<string, string> } = {},
) {
  const { params, extra, ...queryOptions } = options;
  const input = { ...(params ? { params } : {}), query: { list, ...(extra ? { extra } : {}) } };
  return useApiQuery(endpoint, input as unknown as Omit<CallInput<E>, 'signal'>, {
    placeholderData: keepPreviousData,
    ...queryOptions,
  });
}

type MutationOptions<E extends EndpointSpec> = Omit<
  UseMutationOptions<ResponseOf<E>, HttpError, Omit<CallInput<E>, 'signal'>>,
  'mutationFn'
> & {
  /** The endpoints whose answers this change makes stale: their queries are refetched once it settles. */
  invalidates?: readonly Callable<EndpointSpec>[];
};

/** Changes through an endpoint; afterwards the queries of `invalidates` are refetched (success or not). */
export function useApiMutation<E extends EndpointSpec>(
  endpoint: Callable<E>,
  options: MutationOptions<E> = {},
) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const { invalidates = [], onSettled, ...rest } = options;
  return useMutation<ResponseOf<E>, HttpError, Omit<CallInput<E>, 'signal'>>({
    mutationFn: (input) => callApi(http, endpoint, input as CallInput<E>),
    onSettled: async (...args) => {
      await Promise.all(
        invalidates.map((stale) => queryClient.invalidateQueries({ queryKey: apiKey(stale) })),
      );
      await onSettled?.(...args);
    },
    ...rest,
  });
}
