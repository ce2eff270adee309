import type { Role } from '@portal/domain';

// What a caller needs of an endpoint at run time, free of zod: the SPA's first page imports this module
// (and first-screen-routes.ts) and, with the package's "sideEffects": false, none of the schemas.

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: anyone, the B2C API connector (HTTP basic with the configured secret), or
 * signed-in users with one of some roles. The API checks it from the verified token on every request.
 */
export type Access = 'public' | 'connector' | { readonly roles: readonly Role[] };

/** A route any signed-in user with one of these roles may call. */
export const roles = (...allowed: Role[]): Access => ({ roles: allowed });

/** What a route reads of its declaration (endpoint.ts EndpointSpec, not imported: it imports this module). */
interface Declared {
  method: Method;
  path: string;
  status?: number;
  list?: unknown;
  response: unknown;
}

/**
 * An endpoint's declaration (endpoint.ts) without its zod schemas: its method, path and access, and its
 * answer when that is no JSON value ('download', 'empty'). A caller of the JSON API reads nothing else; the
 * declaration itself is a type only here, for the call's parameters, body and answer.
 */
export interface Route<E extends Declared = Declared> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly access: Access;
  readonly status?: E['status'];
  readonly list?: E['list'];
  readonly response?: Extract<E['response'], string>;
  /** Never set: what the route's callers read its types from. */
  readonly declaration?: E;
}

/** The path with its parameters filled in, each URI-encoded. */
export function pathOf(e: { path: string }, params: Record<string, string> = {}): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path} needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
}
