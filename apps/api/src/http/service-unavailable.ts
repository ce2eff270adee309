/**
 * Whether an error says a service the API depends on (PostgreSQL, the blob store) cannot be reached right
 * now, rather than that the request or the code is wrong. The central error handler answers such errors
 * 503 SERVICE_UNAVAILABLE (spec §8: the SPA then shows its unavailable page) instead of 500 DEFAULT_ERROR,
 * so a caller can tell an outage, which passes, from a fault, which does not.
 */
export function isServiceUnavailable(error: unknown): boolean {
  return causesOf(error).some(
    (cause) => isUnavailableCode(fieldOf(cause, 'code')) || UNAVAILABLE_MESSAGES.has(messageOf(cause)),
  );
}

/**
 * PostgreSQL's SQLSTATEs for a server that is gone or not taking work: class 08 (connection exception),
 * 57P01 admin_shutdown (`pg_ctl stop -m fast` ends the sessions), 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Node's network errors on the way to a server (refused: nothing listens; reset or broken pipe: it went
 * away mid-way; timed out or unreachable; a resolver that failed for now), and the Azure SDK's code for a
 * request it could not send at all (@azure/core-rest-pipeline RestError.REQUEST_SEND_ERROR).
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'REQUEST_SEND_ERROR',
]);

/** pg and pg-pool throw these plain Errors (no code) when a connection is lost or cannot be had in time. */
const UNAVAILABLE_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

const isUnavailableCode = (code: unknown) =>
  typeof code === 'string' &&
  (code.startsWith('08') ? code.length === 5 : SQLSTATES.has(code) || NETWORK_CODES.has(code));

const fieldOf = (value: unknown, field: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[field] : undefined;

const messageOf = (value: unknown) => {
  const message = fieldOf(value, 'message');
  return typeof message === 'string' ? message : '';
};

/**
 * The error, its causes (`cause`, as pg-pool and the Azure SDK wrap them) and an AggregateError's parts
 * (Node's connect tries each address of a host name), a few levels deep.
 */
function causesOf(error: unknown, depth = 0): unknown[] {
  if (error === undefined || error === null || depth > 4) return [];
  const parts = fieldOf(error, 'errors');
  const nested = Array.isArray(parts) ? parts : [];
  return [
    error,
    ...causesOf(fieldOf(error, 'cause'), depth + 1),
    ...nested.flatMap((part) => causesOf(part, depth + 1)),
  ];
}
