import {
  type EndpointSpec,
  type ListItemOf,
  type ParsedBody,
  type ParsedParams,
  type ResponseOf,
  statusOf,
} from '@portal/contracts';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { listAnswer } from './list-answer';
import { type MockContext, readBody, signedIn, unauthorized, validate } from './mock-http';

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
  request: Request;
}

/**
 * A handler answers the declared response, or a Response of its own (a refusal, a download); a list
 * endpoint's handler may answer all its rows, which are then filtered, sorted and paged as the API does.
 */
export type MockResolver<E extends EndpointSpec> = (
  input: MockInput<E>,
) => Promise<ResponseOf<E> | (E['list'] extends object ? readonly ListItemOf<E>[] : never) | Response>;

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
): HttpHandler {
  return METHODS[endpoint.method](endpoint.path, async ({ request, params }) => {
    await delay(context.delayMs);
    if (endpoint.access !== 'public' && !signedIn(request)) return unauthorized();
    const checkedParams = endpoint.params
      ? validate(endpoint.params, params)
      : { ok: true as const, value: params };
    if (!checkedParams.ok) return checkedParams.response;
    const search = new URL(request.url).searchParams;
    let query: unknown = search;
    if (!endpoint.list && endpoint.query) {
      const checked = validate(endpoint.query, Object.fromEntries(search));
      if (!checked.ok) return checked.response;
      query = checked.value;
    }
    let body: unknown;
    if (endpoint.body === 'multipart') body = await request.formData();
    else if (endpoint.body) {
      const checked = await readBody(request, endpoint.body);
      if (!checked.ok) return checked.response;
      body = checked.value;
    }
    const answer = await resolve({ params: checkedParams.value, query, body, request } as MockInput<E>);
    if (answer instanceof Response) return answer;
    if (endpoint.list && Array.isArray(answer)) return listAnswer(answer, search, endpoint.list);
    const status = statusOf(endpoint);
    return status === 204
      ? new HttpResponse(null, { status })
      : HttpResponse.json(answer as object, { status });
  });
}
