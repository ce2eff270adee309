import {
  type EndpointSpec,
  extraParamNames,
  type ListItemOf,
  type ParsedBody,
  type ParsedParams,
  type ResponseOf,
  statusOf,
} from '@portal/contracts';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { listAnswer } from './list-answer';
import { apiError, type MockContext, readBody, signedIn, unauthorized, validate } from './mock-http';

type MockQuery<E extends EndpointSpec> = E['list'] extends object
  ? URLSearchParams
  : E['query'] extends z.ZodType
    ? z.output<E['query']>
    : undefined;

export interface MockInput<E extends EndpointSpec> {
  params: ParsedParams<E>;
  /** A list endpoint's raw query params (run in memory against its declaration), else the parsed query. */
  query: MockQuery<E>;
  body: E['body'] extends 'multipart' ? FormData : ParsedBody<E>;
  /** A list endpoint's own params outside the list language (its `extra`), checked; not in `query`. */
  extra: E['extra'] extends z.ZodType ? z.output<E['extra']> : undefined;
  request: Request;
}

/**
 * A handler answers the declared response, or a Response of its own (a refusal, a download); a list
 * endpoint's handler may answer all its rows, which are then filtered, sorted and paged as the API does. A
 * download's handler answers undefined for a file that is not its own: msw then asks the next handler of
 * the same path (each mock group serves its own files, see file-download.ts).
 */
export type MockResolver<E extends EndpointSpec> = (
  input: MockInput<E>,
) => Promise<
  | ResponseOf<E>
  | (E['list'] extends object ? readonly ListItemOf<E>[] : never)
  | (E['response'] extends 'download' ? undefined : never)
  | Response
>;

export interface MockRouteOptions {
  /**
   * A refusal answered before the params, query and body are checked, as the API's route option of the
   * same name (apps/api http/route.ts): the onboarding routes refuse a READ_ONLY caller there.
   */
  preValidation?: (request: Request) => Response | undefined;
  /**
   * Answers only the requests whose path parameters this accepts; msw asks the next handler of the path
   * about the others (GET /api/disclaimers/REGISTRATION is registration's, the other types are not).
   */
  matches?: (params: Record<string, unknown>) => boolean;
}

const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/**
 * Answers an endpoint declared in @portal/contracts as the API does, done once for every mock handler: the
 * mock delay, 401 without a session on a protected route, the params', query's and body's rules (400
 * INVALID_FIELD each), the declared success status.
 */
export function mockRoute<E extends EndpointSpec>(
  context: MockContext,
  endpoint: E,
  resolve: MockResolver<E>,
  options: MockRouteOptions = {},
): HttpHandler {
  return METHODS[endpoint.method](endpoint.path, async ({ request, params }) => {
    if (options.matches && !options.matches(params)) return undefined;
    await delay(context.delayMs);
    if (endpoint.access !== 'public' && !signedIn(request)) return unauthorized();
    const refused = options.preValidation?.(request);
    if (refused) return refused;
    const checkedParams = endpoint.params
      ? validate(endpoint.params, params)
      : { ok: true as const, value: params };
    if (!checkedParams.ok) return checkedParams.response;
    const search = new URL(request.url).searchParams;
    let extra: unknown;
    if (endpoint.extra) {
      const names = extraParamNames(endpoint);
      const checked = validate(
        endpoint.extra,
        Object.fromEntries(names.map((name) => [name, search.get(name) ?? undefined])),
      );
      if (!checked.ok) return checked.response;
      extra = checked.value;
      // The list language reads the rest, as at the API.
      for (const name of names) search.delete(name);
    }
    let query: unknown = search;
    if (!endpoint.list && endpoint.query) {
      const checked = validate(endpoint.query, Object.fromEntries(search));
      if (!checked.ok) return checked.response;
      query = checked.value;
    }
    let body: unknown;
    if (endpoint.body === 'multipart') {
      // As the API answers a body that is not multipart form data.
      body = await request.formData().catch(() => undefined);
      if (!body) return apiError(400, 'INVALID_MULTIPART', 'The body is not multipart form data');
    } else if (endpoint.body) {
      const checked = await readBody(request, endpoint.body);
      if (!checked.ok) return checked.response;
      body = checked.value;
    }
    const answer = await resolve({
      params: checkedParams.value,
      query,
      body,
      extra,
      request,
    } as MockInput<E>);
    if (endpoint.method !== 'GET') context.persist();
    if (answer instanceof Response) return answer;
    if (answer === undefined && endpoint.response === 'download') return undefined;
    if (endpoint.list && Array.isArray(answer)) return listAnswer(answer, search, endpoint.list);
    const status = statusOf(endpoint);
    return status === 204
      ? new HttpResponse(null, { status })
      : HttpResponse.json(answer as object, { status });
  });
}
