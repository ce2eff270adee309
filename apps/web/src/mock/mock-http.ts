import type { UserRow } from '@portal/demo-data';
import type { ListRequestError } from '@portal/list-query';
import { HttpResponse } from 'msw';
import type { z } from 'zod';
import { DEMO_USERS, type MockRole } from './mock-auth';
import type { MockDb } from './mock-db';

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
  const email = (DEMO_USERS[who as MockRole]?.email ?? who).toLowerCase();
  return context.db.users.find((user) => user.email.toLowerCase() === email);
}

/** The API's one error shape (apps/api plugins/errors.ts): `{ code, message }`, or a list for validation. */
export const apiError = (status: number, code: string, message: string) =>
  HttpResponse.json<ListRequestError>({ code, message }, { status });

/** apps/api http/api-error.ts versionConflict: a stale version never overwrites someone else's change. */
export const versionConflict = () =>
  apiError(409, 'VERSION_CONFLICT', 'Someone else changed this record; reload it and try again');

export const noContent = () => new HttpResponse(null, { status: 204 });

export type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A zod failure as the API's validation answer: 400 with one `{ code: INVALID_FIELD, field, message }` each. */
export function validate<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const entries = result.error.issues.map((issue) => ({
    code: 'INVALID_FIELD',
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { ok: false, response: HttpResponse.json(entries, { status: 400 }) };
}

/** The body as JSON, answering as Fastify does for an empty or unreadable one. */
export async function readJson(request: Request): Promise<Parsed<unknown>> {
  const text = await request.text();
  if (text === '') {
    return { ok: false, response: apiError(400, 'BAD_REQUEST', 'Body cannot be empty') };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: apiError(400, 'INVALID_JSON', 'Body is not valid JSON') };
  }
}

/** The body, checked against a schema: its value, or the 400 to answer. */
export async function readBody<T>(request: Request, schema: z.ZodType<T>): Promise<Parsed<T>> {
  const body = await readJson(request);
  return body.ok ? validate(schema, body.value) : body;
}

/**
 * Protected calls need a session, as at the API (401 UNAUTHORIZED without a bearer token). Roles are not
 * checked here: mock auth's token is one fixed string, and the SPA's guards already keep each area to its role.
 */
export const signedIn = (request: Request) => /^bearer \S+/i.test(request.headers.get('authorization') ?? '');
export const unauthorized = () => apiError(401, 'UNAUTHORIZED', 'Sign in to continue');
