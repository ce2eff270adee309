import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyReply,
  FastifyRequest,
  preHandlerHookHandler,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { parse as parseJson } from 'secure-json-parse';
import type { core } from 'zod/mini';
import { userStanding } from '../accounts/user-standing.js';
import { configuredTokenKey, lazyTokenCipher } from '../company/token-cipher.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database-handle.js';
import { requestHandle } from '../db/request-context.js';
import { ApiError } from '../http/api-error.js';
import { DEFAULT_BODY_LIMIT } from '../http/body-limits.js';
import { createOutbox } from '../mail/outbox.js';
import { recordSignIn } from '../modules/users/sign-ins.js';
import { type Access, refuseOtherRoles, refuseStanding, type SessionUser } from '../plugins/auth.js';
import { errorAnswer } from '../plugins/errors.js';
import { refuseNulCharacters } from '../plugins/nul-characters.js';
import { routesPlugin } from '../routes.js';
import type { FileStorage } from '../storage/file-storage.js';
import { multipartOf } from './multipart-parts.js';
import { type CollectedRoute, routeCollector, routeTable } from './route-collector.js';

export interface InBrowserApiOptions {
  database: Database;
  config: Config;
  fileStorage: FileStorage;
  /** The signed-in user a bearer token names (mock mode's sign-in), else undefined: 401. */
  userOf: (token: string) => Promise<SessionUser | undefined>;
  log: FastifyBaseLogger;
}

export interface InBrowserApi {
  /** Answers one request as the API does. */
  fetch(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** The client address of every request here, which the audit rows name: this browser. */
const CLIENT_ADDRESS = '127.0.0.1';

/** What the API answers a path it has no route for (node/web-plugin.ts). */
const notFound = (method: string, path: string) =>
  new ApiError(404, 'NOT_FOUND', `Nothing at ${method} ${path}`);

/** Rate limits are the server's, against floods from many clients: in the browser every call is allowed. */
const unlimited = async () => ({ isAllowed: true as const, key: '' });

/** A Fastify-shaped failure (its code and status), for errorAnswer to shape as the API does. */
const fastifyError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

/**
 * The API without a server, for mock mode (architecture.md): the same route plugins (routes.ts), each
 * request through the steps Fastify and the API's plugins take: its route, the access its declaration
 * names (plugins/auth.ts, with the signed-in user from `userOf` instead of a verified JWT), the body
 * (JSON, text, multipart; the route's body limit), NUL characters refused, the route's preValidation,
 * params, body and query checked by their zod schemas, its preHandler, its handler, the answer written by
 * its response schema; every error shaped by plugins/errors.ts. Rate limits and CSRF are the server's
 * and stay there.
 */
export async function createInBrowserApi(options: InBrowserApiOptions): Promise<InBrowserApi> {
  const { database, config, fileStorage, log } = options;
  const mail = createOutbox({
    db: database.db,
    logger: log,
    // No sender: the mails stay in the outbox, and each one's link is logged (mock mode's console).
    transport: undefined,
    production: false,
  });
  const signedIn = new Set<string>();
  let requestCount = 0;

  /** The user a request's bearer token names, in good standing, as plugins/auth.ts verifies one. */
  async function verifiedUser(request: FastifyRequest): Promise<SessionUser> {
    const header = request.headers.authorization;
    if (!header) throw new ApiError(401, 'UNAUTHORIZED', 'Sign in to continue');
    const token = /^bearer (\S+)$/i.exec(header)?.[1];
    const user = token ? await options.userOf(token) : undefined;
    if (!user) throw new ApiError(401, 'ERR_AUTHENTICATION', 'The session token is not valid');
    return user;
  }

  async function authenticate(request: FastifyRequest, access: Access | undefined): Promise<void> {
    if (access === 'public') return;
    if (access === 'connector') {
      throw new ApiError(401, 'UNAUTHORIZED', 'The connector credentials are missing or wrong');
    }
    const user = await verifiedUser(request);
    request.user = user;
    if (!signedIn.has(user.subject)) {
      signedIn.add(user.subject);
      await recordSignIn(database.db, user);
    }
    refuseStanding(await userStanding(database.db, user));
    refuseOtherRoles(access, user);
  }

  /** plugins/auth.ts's `app.signedInUser`: on a public route, the caller a valid token names, else none. */
  async function signedInUser(request: FastifyRequest): Promise<SessionUser | undefined> {
    if (request.user) return request.user;
    if (!request.headers.authorization) return undefined;
    try {
      const user = await verifiedUser(request);
      refuseStanding(await userStanding(database.db, user));
      return user;
    } catch (error) {
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  }

  const collector = routeCollector({
    log,
    fileStorage,
    mail,
    createRateLimit: () => unlimited,
    signedInUser,
  });
  await collector.app.register(routesPlugin, {
    database,
    config,
    observeVital: () => {},
    tokenCipher: lazyTokenCipher(configuredTokenKey(config.tokenEncryptionKey)),
  });
  const table = routeTable(collector.routes);

  async function answer(incoming: Request): Promise<Response> {
    const url = new URL(incoming.url);
    const method = incoming.method.toUpperCase();
    requestCount += 1;
    const headers = Object.fromEntries(incoming.headers);
    const multipart = multipartOf(incoming);
    const request = {
      id: `in-browser-${requestCount}`,
      method,
      url: `${url.pathname}${url.search}`,
      headers,
      params: {},
      query: {},
      body: undefined as unknown,
      ip: CLIENT_ADDRESS,
      log,
      server: collector.app,
      db: requestHandle(database.db, method, CLIENT_ADDRESS),
      raw: { complete: true },
      routeOptions: { config: {} as { access?: Access }, url: undefined as string | undefined },
      ...multipart,
    } as unknown as FastifyRequest;
    const reply = replyFor(request);
    try {
      const found = table.find(method, request.url);
      if (!found) throw notFound(method, url.pathname);
      const { route, params, query } = found;
      Object.assign(request, { params, query, routeOptions: { config: route.config ?? {}, url: route.url } });
      await authenticate(request, route.config?.access);
      // As Fastify: a GET's or HEAD's body is never read, nor an empty DELETE's; a multipart one is streamed.
      const bodiless = method === 'GET' || method === 'HEAD' || (method === 'DELETE' && !incoming.body);
      if (!bodiless && !request.isMultipart()) {
        request.body = await bodyOf(incoming, route.bodyLimit ?? DEFAULT_BODY_LIMIT, collector.textTypes);
      }
      refuseNulCharacters(request);
      await runHooks(route.preValidation, request, reply);
      validate(route, request);
      await runHooks(route.preHandler, request, reply);
      const sent = await route.handler.call(collector.app, request, reply);
      if (!reply.sent && sent !== undefined && sent !== reply) reply.send(sent);
      return await responseOf(route, reply);
    } catch (error) {
      const { status, body } = errorAnswer(error as FastifyError, request);
      return Response.json(body, { status });
    }
  }

  return {
    // A HEAD is its GET's answer without the body, as Fastify answers one.
    fetch: async (incoming) => {
      const answered = await answer(incoming);
      if (incoming.method.toUpperCase() !== 'HEAD') return answered;
      return new Response(null, { status: answered.status, headers: answered.headers });
    },
    close: collector.close,
  };
}

/** The body of a request that is not multipart: JSON parsed, text as it is, over its limit 413 (as Fastify). */
async function bodyOf(incoming: Request, limit: number, textTypes: ReadonlySet<string>): Promise<unknown> {
  const text = await incoming.text();
  if (new TextEncoder().encode(text).length > limit) {
    throw fastifyError(413, 'FST_ERR_CTP_BODY_TOO_LARGE', 'Request body is too large');
  }
  const type = incoming.headers.get('content-type') ?? '';
  if (text === '' && !type.startsWith('application/json')) return undefined;
  if (type.startsWith('application/json')) {
    if (text === '') {
      throw fastifyError(
        400,
        'FST_ERR_CTP_EMPTY_JSON_BODY',
        "Body cannot be empty when content-type is set to 'application/json'",
      );
    }
    try {
      // Fastify's own JSON parser, with its defaults: a `__proto__` or `constructor.prototype` key is refused.
      return parseJson(text, { protoAction: 'error', constructorAction: 'error' });
    } catch {
      throw fastifyError(
        400,
        'FST_ERR_CTP_INVALID_JSON_BODY',
        "Body is not valid JSON but content-type is set to 'application/json'",
      );
    }
  }
  if (textTypes.has(type.split(';')[0]?.trim() ?? '')) return text;
  throw fastifyError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', `Unsupported Media Type: ${type}`);
}

type Hooks = preHandlerHookHandler | preHandlerHookHandler[] | undefined;

async function runHooks(hooks: Hooks, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  for (const hook of [hooks ?? []].flat()) await hook.call(reply.server, request, reply, () => {});
}

/** Params, body and query checked by the route's zod schemas, in Fastify's order; a failure answers 400. */
function validate(route: CollectedRoute, request: FastifyRequest): void {
  const schema = (route.schema ?? {}) as Record<string, core.$ZodType | undefined>;
  const parts = [
    ['params', 'params'],
    ['body', 'body'],
    ['querystring', 'query'],
  ] as const;
  for (const [name, part] of parts) {
    const partSchema = schema[name];
    if (!partSchema) continue;
    const result = validatorCompiler({
      schema: partSchema,
      method: route.method,
      url: route.url,
      httpPart: name,
    })(request[part]) as { value?: unknown; error?: unknown[] };
    if (result.error) {
      throw Object.assign(new Error(`${name} is invalid`), { statusCode: 400, validation: result.error });
    }
    Object.assign(request, { [part]: result.value });
  }
}

/** The reply a handler writes: its status, headers and payload, kept for responseOf. */
function replyFor(request: FastifyRequest) {
  const headers: Record<string, string> = {};
  const reply = {
    statusCode: 200,
    sent: false,
    payload: undefined as unknown,
    request,
    server: request.server,
    log: request.log,
    status(code: number) {
      reply.statusCode = code;
      return reply;
    },
    code(code: number) {
      return reply.status(code);
    },
    header(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
      return reply;
    },
    headers(values: Record<string, unknown>) {
      for (const [name, value] of Object.entries(values)) reply.header(name, value);
      return reply;
    },
    type(value: string) {
      return reply.header('content-type', value);
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
    getHeaders: () => ({ ...headers }),
    send(payload?: unknown) {
      reply.sent = true;
      reply.payload = payload;
      return reply;
    },
    hijack() {
      throw new ApiError(404, 'NOT_FOUND', 'A live event stream is not served in the browser');
    },
  };
  return reply as unknown as FastifyReply & { payload: unknown; getHeaders(): Record<string, string> };
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<Uint8Array | string> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** The reply as a Response: a stream read whole, bytes as they are, else written by its response schema. */
async function responseOf(
  route: CollectedRoute,
  reply: FastifyReply & { payload: unknown; getHeaders(): Record<string, string> },
): Promise<Response> {
  const { payload, statusCode: status } = reply;
  const headers = new Headers(
    Object.entries(reply.getHeaders()).map(([name, value]) => [name, String(value)]),
  );
  if (payload === undefined || payload === null) return new Response(null, { status, headers });
  if (isAsyncIterable(payload)) {
    const chunks: Uint8Array[] = [];
    for await (const chunk of payload)
      chunks.push(typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk);
    return new Response(new Blob(chunks), { status, headers });
  }
  if (typeof payload === 'string' || payload instanceof Uint8Array) {
    return new Response(payload, { status, headers });
  }
  const responses = (route.schema as { response?: Record<number, core.$ZodType> } | undefined)?.response;
  const schema = responses?.[status];
  const write = schema
    ? (route.serializerCompiler ?? serializerCompiler)({
        schema,
        method: route.method,
        url: route.url,
        httpStatus: String(status),
      })
    : JSON.stringify;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(write(payload) as string, { status, headers });
}
