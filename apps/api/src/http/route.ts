import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  type EndpointSpec,
  extraParamNames,
  type HandlerInput,
  type ResponseOf,
  statusOf,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { type ListRequest, parseListRequest } from './list-request.js';
import { writtenAsIs } from './written-as-is.js';

/** The request as the endpoint's declaration has checked it, and Fastify's request and reply. */
export interface RouteInput<E extends EndpointSpec> extends HandlerInput<E, ListRequest> {
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * A handler answers the declared response (the status is the declaration's), or the reply it sent itself
 * (a download, a stream).
 */
export type RouteHandler<E extends EndpointSpec> = (
  input: RouteInput<E>,
) => Promise<(E['response'] extends 'download' ? never : ResponseOf<E>) | FastifyReply>;

export interface RouteOptions {
  /** Only for the few routes that take more than the default 16 KB (http/body-limits.ts). */
  bodyLimit?: number;
  /** OpenAPI tags (the module's name). */
  tags?: string[];
  /** false for a download streamed as stored (compressing documents gains little, drops Content-Length). */
  compress?: false;
  /**
   * Runs before the body is read and checked: the onboarding routes resolve their caller there, so a
   * refused caller's upload is never streamed and their bad body answers 403, not 400.
   */
  preValidation?: RouteShorthandOptions['preValidation'];
  /** Runs after the body is checked, before the handler (a limit by the body's email). */
  preHandler?: RouteShorthandOptions['preHandler'];
  /** This route's own rate limit (@fastify/rate-limit), tighter than the plugin's default. */
  rateLimit?: RateLimitOptions;
  /**
   * The answer is written with JSON.stringify (http/written-as-is.ts): its schema holds transforms that zod
   * cannot run backwards to encode it.
   */
  writtenAsIs?: true;
  /** The media types a route reads when more than its declared body's (OpenAPI: a CSV import's text/csv). */
  consumes?: string[];
}

/**
 * Registers one route from its declaration in @portal/contracts: path, access (checked by the auth plugin
 * from the verified token), params, query, body and response schemas (validation and serialization), the
 * success status. A list endpoint's query is checked against its list declaration (400 with its code).
 */
export function route<E extends EndpointSpec>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {},
) {
  const status = statusOf(endpoint);
  const schema: Record<string, unknown> = {
    ...(options.tags ? { tags: options.tags } : {}),
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
  };
  if (endpoint.body === 'multipart') schema.consumes = ['multipart/form-data'];
  else if (endpoint.body) schema.body = endpoint.body;
  if (options.consumes) schema.consumes = options.consumes;
  if (typeof endpoint.response === 'object') schema.response = { [status]: endpoint.response };
  const list = endpoint.list;
  const extraNames = extraParamNames(endpoint);
  const routeOptions: RouteShorthandOptions = {
    config: { access: endpoint.access, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
    schema,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.compress === false ? { compress: false } : {}),
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(options.writtenAsIs ? { serializerCompiler: writtenAsIs } : {}),
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...routeOptions,
    handler: async (request, reply) => {
      const raw = request.query as Record<string, string | string[] | undefined>;
      // A list's own params (`extra`, checked with the query) are not the list language's to read.
      const query = list
        ? parseListRequest(
            extraNames.length === 0
              ? raw
              : Object.fromEntries(Object.entries(raw).filter(([name]) => !extraNames.includes(name))),
            list,
          )
        : raw;
      const extra = endpoint.extra?.parse(raw);
      const answer = await handler({
        params: request.params as RouteInput<E>['params'],
        query: query as RouteInput<E>['query'],
        extra: extra as RouteInput<E>['extra'],
        body: request.body as RouteInput<E>['body'],
        request,
        reply,
      });
      if (answer === reply || reply.sent) return reply;
      return reply.status(status).send(status === 204 ? undefined : answer);
    },
  });
}
