import { IncomingMessage, type ServerResponse } from 'node:http';

/** Forms here are a few fields; oidc-provider's own limit for its endpoints is 56 kB. */
const BODY_LIMIT = 56 * 1024;

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage, limit = BODY_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, size);
}

export function isForm(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** The fields of a urlencoded form post; anything else counts as an empty form. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  if (req.method !== 'POST' || !isForm(req)) return new URLSearchParams();
  return new URLSearchParams((await readBody(req)).toString('utf8'));
}

/**
 * A copy of a request whose body was already read, carrying `body` instead: oidc-provider reads bodies from
 * the request stream itself, and a request handed to it pre-parsed makes it print a warning.
 */
export function withBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = { ...req.headers, 'content-length': String(body.length) };
  copy.push(body);
  copy.push(null);
  // Otherwise the copy counts as aborted once read, and destroying it would close the client's socket.
  copy.complete = true;
  return copy;
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/**
 * MSAL lower-cases the authority and B2C's paths are case-insensitive, but oidc-provider's routes are not
 * (identity.md #2): every path segment is compared in lower case, except the generated ids that follow
 * `interaction/` and `authorize/` (the resume route), which are case-sensitive.
 */
export function lowerCasePath(pathname: string): string {
  const segments = pathname.split('/');
  return segments
    .map((segment, index) => {
      const previous = segments[index - 1]?.toLowerCase();
      return previous === 'interaction' || previous === 'authorize' ? segment : segment.toLowerCase();
    })
    .join('/');
}

/**
 * identity.md #5: MSAL sends offline_access with every refresh, but oidc-provider dropped it from the grant
 * (it keeps it only with prompt=consent), so the refresh would fail with invalid_scope.
 */
export function stripOfflineAccessOnRefresh(body: Buffer): Buffer {
  const form = new URLSearchParams(body.toString('utf8'));
  const scope = form.get('scope');
  if (form.get('grant_type') !== 'refresh_token' || scope === null) return body;
  const kept = scope.split(' ').filter((value) => value !== '' && value !== 'offline_access');
  if (kept.length > 0) form.set('scope', kept.join(' '));
  else form.delete('scope');
  return Buffer.from(form.toString(), 'utf8');
}
