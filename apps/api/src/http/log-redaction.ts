import type { FastifyRequest } from 'fastify';

/** What stands in a log line for a secret. */
export const REDACTED_IN_LOG = '[redacted]';

/** A mailed link's token as a path segment: /api/account-tokens/{token}[/use|/resend]. */
const TOKEN_SEGMENT = /(\/account-tokens\/)[^/?#]+/gi;
/** A query parameter that carries a credential: the SPA's /confirm?token=…, a code, a ticket. */
const SECRET_PARAMS = new Set(['token', 'code', 'ticket', 'access_token', 'id_token']);

/**
 * A URL as the logs may hold it, with mailed-link tokens and credentials in the query
 * replaced: a log reader must not be able to use a person's invitation or confirmation link.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(TOKEN_SEGMENT, `$1${REDACTED_IN_LOG}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      return SECRET_PARAMS.has(name.toLowerCase()) ? `${name}=${REDACTED_IN_LOG}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** Fastify's request serializer (method, url, host, address), with the URL redacted. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
