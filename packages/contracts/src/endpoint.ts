import type { ListPage, ListQuery, ListResource } from '@portal/list-query';
import { z } from 'zod/mini';
import type { Access, Method } from './route.js';

// Kept in route.ts, free of zod, for the SPA's first page; every declaration module imports them from here.
export { type Access, type Method, pathOf, roles } from './route.js';

/**
 * One declaration per endpoint: method, path, params, query, body, answer and access, written once
 * here and read by two thin readers: the API registers its route from it (apps/api http/route.ts; mock mode
 * runs those routes in the browser) and the SPA calls it with typed answers (apps/web http/api-hooks.ts).
 * ts-rest was the library to fit, but its stable line (3.52) speaks zod 3 only and its Fastify adapter would
 * bypass the portal's access checks and serializer; this is a typed table.
 */

/**
 * What an endpoint answers: a JSON value its schema describes, nothing (204), a download (CSV or a
 * stored file, written by the handler itself), or a stream the handler keeps writing (the live events'
 * text/event-stream, events.ts: read with an EventSource, never with the JSON client).
 */
export type Answer = z.ZodMiniType | 'empty' | 'download' | 'stream';

export interface EndpointSpec {
  method: Method;
  /** The full path, with `:name` parameters (the API's and msw's syntax): /api/gateways/:id. */
  path: string;
  access: Access;
  /** One line for OpenAPI (/api/docs). */
  summary?: string;
  /** The path parameters' rules (an id is a uuid); absent, each is a plain string. */
  params?: z.ZodMiniObject;
  /** The query's rules; a list's query is its list declaration's (spec §7), see `list`. */
  query?: z.ZodMiniType;
  /** A JSON body's schema, or 'multipart' for an upload the handler streams. */
  body?: z.ZodMiniType | 'multipart';
  response: Answer;
  /** The success status; 201 for a creation, 204 for an empty answer, else 200. */
  status?: 200 | 201 | 202 | 204;
  /** A list endpoint (spec §7): what may be filtered, sorted and searched; the answer is one page. */
  list?: ListResource;
  /**
   * A list endpoint's own query params outside the list language (a queue's `assignedToMe=true`): checked
   * by this schema (also part of `query`) and kept out of what the list declaration reads.
   */
  extra?: z.ZodMiniObject;
}

/** The names of a list endpoint's own params (its `extra`), which the list language does not read. */
export const extraParamNames = (e: EndpointSpec): string[] => (e.extra ? Object.keys(e.extra.shape) : []);

/** Declares an endpoint, keeping its literal types for the readers. */
export const endpoint = <const E extends EndpointSpec>(spec: E): E => spec;

/** The names of a path's `:name` parameters. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type Output<S> = S extends z.ZodMiniType ? z.output<S> : never;
type Input<S> = S extends z.ZodMiniType ? z.input<S> : never;

/** The path parameters a caller gives: one string each (the API checks their rules). */
export type PathParams<E extends EndpointSpec> = { [K in ParamNames<E['path']>]: string };
/** The path parameters as a handler reads them, after their rules. */
export type ParsedParams<E extends EndpointSpec> = E['params'] extends z.ZodMiniType
  ? z.output<E['params']>
  : PathParams<E>;

/** A call's query: a list query for a list endpoint (with any extra params), else the query schema's input. */
export type CallQuery<E extends EndpointSpec> = E['list'] extends ListResource
  ? { list: ListQuery; extra?: Record<string, string> }
  : E['query'] extends z.ZodMiniType
    ? z.input<E['query']>
    : undefined;

export type CallBody<E extends EndpointSpec> = E['body'] extends 'multipart' ? FormData : Input<E['body']>;
export type ParsedBody<E extends EndpointSpec> = E['body'] extends 'multipart' ? unknown : Output<E['body']>;

/**
 * What a handler of the endpoint reads, as the declaration has checked it: its list query (`List`, the
 * API's parsed list request: apps/api http/route.ts) and multipart body (`Multipart`).
 */
export interface HandlerInput<E extends EndpointSpec, List, Multipart = unknown> {
  params: ParsedParams<E>;
  query: E['list'] extends object
    ? List
    : E['query'] extends z.ZodMiniType
      ? z.output<E['query']>
      : undefined;
  /** A list endpoint's own params outside the list language (its `extra`), checked. */
  extra: E['extra'] extends z.ZodMiniType ? z.output<E['extra']> : undefined;
  body: E['body'] extends 'multipart' ? Multipart : ParsedBody<E>;
}

/** A downloaded file: its content, and the name the answer gives it (content-disposition), if any. */
export interface DownloadedFile {
  blob: Blob;
  name: string | undefined;
}

/** What the endpoint answers, as a caller reads it (undefined for 204, the file for a download). */
export type ResponseOf<E extends EndpointSpec> = E['response'] extends 'empty'
  ? undefined
  : E['response'] extends 'download'
    ? DownloadedFile
    : E['response'] extends 'stream'
      ? never
      : Output<E['response']>;

/** The success status of an endpoint. */
export const statusOf = (e: EndpointSpec) => e.status ?? (e.response === 'empty' ? 204 : 200);

/**
 * A list's query params as they arrive (spec §7): free-form keys, checked against the list's declaration
 * (a resource's own fields). The schema documents the common ones for OpenAPI.
 */
export const listQuerySchema = z.catchall(
  z.object({
    page: z.optional(z.string()).check(z.describe('Page number, from 1 (default 1)')),
    limit: z.optional(z.string()).check(z.describe('Rows per page (default 20)')),
    order: z
      .optional(z.string())
      .check(z.describe('Sort keys joined by commas; a leading minus means descending')),
    search: z.optional(z.string()).check(z.describe('Free text')),
  }),
  z.union([z.string(), z.array(z.string())]),
);

/** One page of a list (spec §7). */
export const listPageSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.int(),
    limit: z.int(),
    total: z.int(),
    totalEstimated: z
      .boolean()
      .check(
        z.describe(
          "When true, total is the database's estimate (above 1,000 rows an exact count costs too much)",
        ),
      ),
  });

/** A list endpoint: GET, spec §7 query params checked against `list`, one page of `item` answered. */
export const listEndpoint = <const P extends string, const I extends z.ZodMiniType>(spec: {
  path: P;
  access: Access;
  summary?: string;
  list: ListResource;
  item: I;
}) =>
  endpoint({
    method: 'GET',
    path: spec.path,
    access: spec.access,
    ...(spec.summary ? { summary: spec.summary } : {}),
    query: listQuerySchema,
    list: spec.list,
    response: listPageSchema(spec.item),
  });

export type ListItemOf<E extends EndpointSpec> = ResponseOf<E> extends ListPage<infer T> ? T : never;

/** A uuid path parameter (`:id`). */
export const idParams = z.object({ id: z.uuid() });

/** A DELETE's optional `?version=N`: given, the row is deleted only at the version the caller read (409). */
export const versionQuery = z.object({
  version: z
    .optional(z.coerce.number().check(z.int(), z.minimum(1)))
    .check(z.describe('The version the caller read')),
});
