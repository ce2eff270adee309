import {
  type EndpointSpec,
  extraParamNames,
  type HandlerInput,
  type ListItemOf,
  type ResponseOf,
  statusOf,
} from '@portal/contracts';
import type { UserRow } from '@portal/demo-data';
import { type Failure, refusalStatus } from '@portal/domain';
import { type ListRequestError, runInMemoryList } from '@portal/list-query';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import type { z } from 'zod/mini';
import type { MockRole } from '../../mock/mock-accounts';
import { DEMO_USERS } from '../../mock/mock-auth';
import { type MockDb, userByEmail } from './mock-db';

/** What every group of handlers shares: the one store, the delay, the clock, and ids counted rather than random. */
export interface MockContext {
  delayMs: number;
  /** crypto.randomUUID needs a secure context, which a LAN address is not. */
  newId: () => string;
  db: MockDb;
  /** Keeps the store for the next page load; mockRoute calls it after every call that may write. */
  persist: () => void;
  now: () => Date;
}

/**
 * The signed-in caller, as the API reads it from the verified token: mock auth's token names the role
 * (`mock.EMVO`), whose demo account is a row of the users table, or the user's email. Undefined without one.
 */
export function callerOf(context: MockContext, request: Request): UserRow | undefined {
  const who = /^bearer mock\.(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  return userByEmail(context.db, DEMO_USERS[who as MockRole]?.email ?? who);
}

/** Who writes: the signed-in caller's email, as the API's actorOf (a call without a demo session: anonymous). */
export const actorOf = (context: MockContext, request: Request) =>
  callerOf(context, request)?.email ?? 'anonymous';

/** The API's one error shape (apps/api plugins/errors.ts): `{ code, message }`, or a list for validation. */
export const apiError = (status: number, code: string, message: string) =>
  HttpResponse.json<ListRequestError>({ code, message }, { status });

/** A list of errors (a validation's INVALID_FIELD entries, a submission's MISSING items), 400 unless told. */
export const errorList = (entries: readonly object[], status = 400) => HttpResponse.json(entries, { status });

type Refusal = { status: number; code: string; message: string };
/** A domain rule's refusal (its status, code and message) as the API answers it; undefined without one. */
export function refused(refusal: Refusal): Response;
export function refused(refusal: Refusal | null | undefined): Response | undefined;
export function refused(refusal: Refusal | null | undefined): Response | undefined {
  return refusal ? apiError(refusal.status, refusal.code, refusal.message) : undefined;
}

/** A domain decision's failure, with the status the API gives its code (domain refusalStatus). */
export const failed = ({ code, message }: Failure) => apiError(refusalStatus(code), code, message);

/** 409 STEP_LOCKED with the domain's message while a step or environment is closed, else undefined. */
export const stepLocked = (message: string | null) =>
  message ? apiError(409, 'STEP_LOCKED', message) : undefined;

/** apps/api http/api-error.ts versionConflict: a stale version never overwrites someone else's change. */
export const versionConflict = () =>
  apiError(409, 'VERSION_CONFLICT', 'Someone else changed this record; reload it and try again');

export const unauthorized = () => apiError(401, 'UNAUTHORIZED', 'Sign in to continue');

/**
 * The input checked against a schema (none: as it is): its value, or a zod failure as the API's validation
 * answer, 400 with one `{ code: INVALID_FIELD, field, message }` each.
 */
export function validate<T>(schema: z.ZodMiniType<T> | undefined, input: unknown): T | Response {
  const result = schema ? schema.safeParse(input) : { success: true as const, data: input as T };
  if (result.success) return result.data;
  const entries = result.error.issues.map((issue) => ({
    code: 'INVALID_FIELD',
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return errorList(entries);
}

/** The body, checked against a schema: its value, or the 400 to answer (as Fastify for an empty or unreadable one). */
async function readBody<T>(request: Request, schema: z.ZodMiniType<T>): Promise<T | Response> {
  const text = await request.text();
  if (text === '') return apiError(400, 'BAD_REQUEST', 'Body cannot be empty');
  try {
    return validate(schema, JSON.parse(text));
  } catch {
    return apiError(400, 'INVALID_JSON', 'Body is not valid JSON');
  }
}

/** A list endpoint's query is its raw params here (run in memory against its declaration). */
export interface MockInput<E extends EndpointSpec> extends HandlerInput<E, URLSearchParams, FormData> {
  request: Request;
}

/**
 * A handler answers the declared response, or a Response of its own (a refusal, a download); a list
 * endpoint's handler may answer all its rows, which are then filtered, sorted and paged as the API does.
 */
type MockResolver<E extends EndpointSpec> = (
  input: MockInput<E>,
) => Promise<ResponseOf<E> | (E['list'] extends object ? readonly ListItemOf<E>[] : never) | Response>;

/**
 * A refusal answered before the params, query and body are checked, as the API's route option of the same
 * name (apps/api http/route.ts): the onboarding routes refuse a READ_ONLY caller there.
 */
type PreValidation = (request: Request) => Response | undefined;

/**
 * Answers an endpoint declared in @portal/contracts as the API does, done once for every mock handler: the
 * mock delay, 401 without a session on a protected route (roles are not checked: the SPA's guards keep
 * each area to its role), the params', query's and body's rules (400 INVALID_FIELD each), the declared
 * success status. A list's rows are run in memory (spec §7 query params) against the list's declaration,
 * the one the API builds its SQL from: the page, or 400 with the list-query code.
 */
export function mockRoute<E extends EndpointSpec>(
  context: MockContext,
  endpoint: E,
  resolve: MockResolver<E>,
  preValidation?: PreValidation,
): HttpHandler {
  const method = endpoint.method.toLowerCase() as Lowercase<EndpointSpec['method']>;
  return http[method](endpoint.path, async ({ request, params }) => {
    await delay(context.delayMs);
    const signedIn = /^bearer \S+/i.test(request.headers.get('authorization') ?? '');
    if (endpoint.access !== 'public' && !signedIn) return unauthorized();
    const refusal = preValidation?.(request);
    if (refusal) return refusal;
    const checkedParams = validate(endpoint.params, params);
    if (checkedParams instanceof Response) return checkedParams;
    const search = new URL(request.url).searchParams;
    let extra: unknown;
    if (endpoint.extra) {
      const names = extraParamNames(endpoint);
      extra = validate(
        endpoint.extra,
        Object.fromEntries(names.map((name) => [name, search.get(name) ?? undefined])),
      );
      if (extra instanceof Response) return extra;
      // The list language reads the rest, as at the API.
      for (const name of names) search.delete(name);
    }
    let query: unknown = search;
    if (!endpoint.list && endpoint.query) {
      query = validate(endpoint.query, Object.fromEntries(search));
      if (query instanceof Response) return query;
    }
    let body: unknown;
    if (endpoint.body === 'multipart') {
      // As the API answers a body that is not multipart form data.
      body = await request.formData().catch(() => undefined);
      if (!body) return apiError(400, 'INVALID_MULTIPART', 'The body is not multipart form data');
    } else if (endpoint.body) {
      body = await readBody(request, endpoint.body);
      if (body instanceof Response) return body;
    }
    const answer = await resolve({ params: checkedParams, query, body, extra, request } as MockInput<E>);
    if (endpoint.method !== 'GET') context.persist();
    if (answer instanceof Response) return answer;
    if (endpoint.list && Array.isArray(answer)) {
      const result = runInMemoryList(answer, search, endpoint.list);
      return result.ok
        ? HttpResponse.json(result.page)
        : apiError(400, result.error.code, result.error.message);
    }
    const status = statusOf(endpoint);
    return status === 204
      ? new HttpResponse(null, { status })
      : HttpResponse.json(answer as object, { status });
  });
}
