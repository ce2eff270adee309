import type { DownloadedFile } from '@portal/contracts';

/** The one error type of every failed call (style.md): the HTTP status, the API's code, and its body. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const first = Array.isArray(body) ? body[0] : body;
    const code = typeof first === 'object' && first && 'code' in first ? String(first.code) : undefined;
    super(`HTTP ${status}${code ? ` ${code}` : ''}`);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export interface HttpClientOptions {
  /** spec §3 apiUrl: prefixed to every path ('' for the same origin). */
  baseUrl: string;
  /** The session's bearer token, or undefined for a visitor. */
  getToken: () => Promise<string | undefined>;
  /** spec §1: the current language, sent as Accept-Language. */
  language: () => string;
  fetch?: typeof fetch;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON value, or FormData (sent as multipart, for POST, PUT and PATCH). */
  body?: unknown;
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** The answer is a file: it comes back as a DownloadedFile (content and name), not as JSON. */
  download?: boolean;
  /** The call outlives the page (a report sent as the page is hidden). */
  keepalive?: boolean;
}

const XSRF_COOKIE = 'XSRF-TOKEN';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return cookie ? decodeURIComponent(cookie.slice(prefix.length)) : undefined;
}

/**
 * spec §7: every call goes to the configured base URL plus its path, with a bearer token when there is a
 * session, JSON unless form data, Accept-Language, and on non-GET relative calls the anti-forgery header.
 */
export function createHttpClient(options: HttpClientOptions) {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  return async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    const method = init.method ?? 'GET';
    const url = `${options.baseUrl}${path}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
    const headers = new Headers({ accept: 'application/json', 'accept-language': options.language() });
    const token = await options.getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
    const isForm = init.body instanceof FormData;
    if (init.body !== undefined && !isForm) headers.set('content-type', 'application/json');
    const relative = !/^[a-z][a-z0-9+.-]*:/i.test(url);
    if (method !== 'GET' && relative) {
      const xsrf = readCookie(XSRF_COOKIE);
      if (xsrf) headers.set('x-xsrf-token', xsrf);
    }
    const body =
      init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body);
    const response = await doFetch(url, {
      method,
      headers,
      body,
      signal: init.signal,
      credentials: 'same-origin',
      ...(init.keepalive ? { keepalive: true } : {}),
    });
    if (init.download && response.ok) {
      const file: DownloadedFile = { blob: await response.blob(), name: fileNameOf(response) };
      return file as T;
    }
    const text = await response.text();
    const parsed: unknown = text ? safeJson(text) : undefined;
    if (!response.ok) throw new HttpError(response.status, parsed);
    return parsed as T;
  };
}

/** The file name the API gives (content-disposition). */
const fileNameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export type HttpClient = ReturnType<typeof createHttpClient>;
