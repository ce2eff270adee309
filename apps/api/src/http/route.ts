import {
  type EndpointSpec,
  type ParsedBody,
  type ParsedParams,
  type ResponseOf,
  statusOf,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import { type ListRequest, parseListRequest } from '../list/list-resource.js';

/** The query a handler reads: a checked list request for a list endpoint, else the query schema's output. */
type ParsedQuery<E extends EndpointSpec> = E['list'] extends object
  ? ListRequest
  : E['query'] extends z.ZodType
    ? z.output<E['query']>
    : undefined;

/** The request as the endpoint's declaration has checked it. */
export interface RouteInput<E extends EndpointSpec> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
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
  if (typeof endpoint.response === 'object') schema.response = { [status]: endpoint.response };
  const list = endpoint.list;
  const routeOptions: RouteShorthandOptions = {
    config: { access: endpoint.access },
    schema,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...routeOptions,
    handler: async (request, reply) => {
      const query = list
        ? parseListRequest(request.query as Record<string, string | string[] | undefined>, list)
        : request.query;
      const answer = await handler({
        params: request.params as ParsedParams<E>,
        query: query as ParsedQuery<E>,
        body: request.body as ParsedBody<E>,
        request,
        reply,
      });
      if (answer === reply || reply.sent) return reply;
      return reply.status(status).send(status === 204 ? undefined : answer);
    },
  });
}
