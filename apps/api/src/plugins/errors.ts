import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, type ErrorEntry } from '../http/api-error.js';
import { isServiceUnavailable } from '../http/service-unavailable.js';

/** spec §8: the codes the SPA's catalogue maps HTTP statuses to, when nothing more precise applies. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'NOT_FOUND',
  409: 'VERSION_CONFLICT',
  413: 'FILE_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * One error shape for the whole API: `{ code, message }`, or a list of them for validation errors
 * (spec §8 "a list body shows each entry"). A 5xx never leaks internals: it is logged, and the caller
 * gets DEFAULT_ERROR with the request id to quote.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, body } = errorAnswer(error, request);
    return reply.status(status).send(body);
  });
});

/** The status and body an error answers, logged when it is ours (`request`: its id and log). */
export function errorAnswer(
  error: FastifyError | ApiError,
  request: Pick<FastifyRequest, 'id' | 'log'>,
): { status: number; body: unknown } {
  if (error instanceof ApiError) {
    return { status: error.statusCode, body: error.details ?? { code: error.code, message: error.message } };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const entries: ErrorEntry[] = error.validation.map((issue) => ({
      code: 'INVALID_FIELD',
      field: [issue.instancePath.replace(/^\//, '').replaceAll('/', '.')].filter(Boolean).join('.'),
      message: issue.message ?? 'Invalid value',
    }));
    return { status: 400, body: entries };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
        ? 'INVALID_JSON'
        : (CODE_BY_STATUS[status] ?? 'BAD_REQUEST');
    return { status, body: { code, message: error.message } };
  }
  // After the 4xx answers: a client that broke its own connection (ECONNRESET on its body) is a 4xx.
  if (isServiceUnavailable(error)) {
    // The database or the blob store cannot be reached: an outage that passes, not a fault of ours or
    // the caller's. spec §8: 503 SERVICE_UNAVAILABLE, on which the SPA shows its unavailable page.
    request.log.warn({ err: error }, 'a service the API depends on is unavailable');
    const message = `The service is unavailable for a moment; try again shortly (request ${request.id})`;
    return { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message } };
  }
  request.log.error({ err: error }, 'request failed');
  const message = `Something went wrong on our side (request ${request.id})`;
  return {
    status: status === 503 ? 503 : 500,
    body: { code: status === 503 ? 'SERVICE_UNAVAILABLE' : 'DEFAULT_ERROR', message },
  };
}

/**
 * Fastify's own errors before a route is found (FST_ERR_BAD_URL: a path that is not valid percent-encoding,
 * such as /api/gateways/%zz), which skip the error handler above: the same one shape, a client mistake
 * answered 400 BAD_REQUEST. Passed to Fastify's `frameworkErrors` option (app.ts).
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    reply.status(status).send({ code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST', message: error.message });
    return;
  }
  request.log.error({ err: error }, 'request failed before routing');
  reply.status(500).send({
    code: 'DEFAULT_ERROR',
    message: `Something went wrong on our side (request ${request.id})`,
  });
}
