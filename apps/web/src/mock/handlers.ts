import { delay, type HttpHandler, HttpResponse, http, passthrough } from 'msw';
import { z } from 'zod';
import { type ApiErrorBody, type MockListResource, runInMemoryList } from './in-memory-list';
import {
  CHECK_STATUSES,
  createMockLinks,
  demoId,
  MOCK_ORGANISATIONS,
  type MockLink,
  ORG_TYPES,
  STAGES,
} from './mock-data';

/** spec §7 and §9: with mock configured, mock responses replace calls, delayed 300 ms. */
export const MOCK_DELAY_MS = 300;

export interface MockHandlersOptions {
  /** Tests pass 0; the app uses the spec's 300 ms. */
  delayMs?: number;
}

// The API's link schemas (apps/api modules/links/links-schemas.ts), repeated because an app never
// imports another app; the same zod rules give the same field messages.
const URL_PATTERN =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?(\/\S*)?$/i;
const listIdSchema = z.string().regex(/^[a-z0-9-]{1,50}$/, 'A list id is lower-case letters, digits and -');
const linkParams = z.object({ id: listIdSchema });
const linkItemParams = z.object({ id: listIdSchema, linkId: z.uuid() });
const linkInputSchema = z.object({
  label: z.string().trim().min(1).max(100),
  link: z.string().trim().max(2000).regex(URL_PATTERN, 'Enter a web address such as https://example.com'),
  order: z.number().int().min(0).max(10_000).default(0),
  active: z.boolean().default(true),
});
const linkUpdateSchema = linkInputSchema.extend({ version: z.number().int().min(1) });

/** The API's reviewers' list (apps/api modules/organisations/organisations-list.ts). */
export const ORGANISATIONS_LIST: MockListResource = {
  fields: {
    obpNumber: { type: 'text' },
    legalName: { type: 'text' },
    orgType: { type: 'enum', values: ORG_TYPES },
    email: { type: 'text' },
    'address.city': { type: 'text' },
    'address.country': { type: 'text' },
    stage: { type: 'enum', values: STAGES },
    legitimacyStatus: { type: 'enum', values: CHECK_STATUSES },
    contractualStatus: { type: 'enum', values: CHECK_STATUSES },
    financialStatus: { type: 'enum', values: CHECK_STATUSES },
    mahCount: { type: 'integer' },
    submittedAt: { type: 'date' },
    createdAt: { type: 'date' },
  },
  searchFields: ['legalName', 'obpNumber', 'email'],
  defaultOrder: ['-createdAt'],
  tieBreaker: 'id',
  maxLimit: 100,
};

/** The API's one error shape (apps/api plugins/errors.ts): `{ code, message }`, or a list for validation. */
const apiError = (status: number, code: string, message: string) =>
  HttpResponse.json<ApiErrorBody>({ code, message }, { status });

type Parsed<T> = { ok: true; value: T } | { ok: false; response: Response };

/** A zod failure as the API's validation answer: 400 with one `{ code: INVALID_FIELD, field, message }` each. */
function validate<T>(schema: z.ZodType<T>, input: unknown): Parsed<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, value: result.data };
  const entries = result.error.issues.map((issue) => ({
    code: 'INVALID_FIELD',
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  return { ok: false, response: HttpResponse.json(entries, { status: 400 }) };
}

/** The body as JSON, answering as Fastify does for an empty or unreadable one. */
async function readJson(request: Request): Promise<Parsed<unknown>> {
  const text = await request.text();
  if (text === '') {
    return { ok: false, response: apiError(400, 'BAD_REQUEST', 'Body cannot be empty') };
  }
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, response: apiError(400, 'INVALID_JSON', 'Body is not valid JSON') };
  }
}

/**
 * Protected calls need a session, as at the API (401 UNAUTHORIZED without a bearer token). Roles are not
 * checked here: mock auth's token is one fixed string, and the SPA's guards already keep each area to its role.
 */
const signedIn = (request: Request) => /^bearer \S+/i.test(request.headers.get('authorization') ?? '');
const unauthorized = () => apiError(401, 'UNAUTHORIZED', 'Sign in to continue');

const notFound = (listId: string, linkId: string) =>
  apiError(404, 'NOT_FOUND', `No link ${linkId} in ${listId}`);

/** The active links of a list, in their order (apps/api links-repository listLinks). */
const activeInOrder = (links: readonly MockLink[]) =>
  links
    .filter((link) => link.active)
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label, 'en'));

/**
 * Every call the SPA makes (spec §7) and the organisations list, answered in memory. Each call to this
 * function starts from fresh demo data, so tests do not share state.
 */
export function createMockHandlers(options: MockHandlersOptions = {}): HttpHandler[] {
  const delayMs = options.delayMs ?? MOCK_DELAY_MS;
  const links = createMockLinks();
  const listOf = (listId: string): MockLink[] => links.get(listId) ?? [];
  // Counted rather than random: crypto.randomUUID needs a secure context, which a LAN address is not.
  let created = 0;
  const newId = () => demoId('b1', ++created);

  return [
    // Translations are the real static files (public/assets/i18n), never mocked.
    http.get('/assets/i18n/*', () => passthrough()),

    http.get('/api/organisations', async ({ request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const result = runInMemoryList(
        MOCK_ORGANISATIONS,
        new URL(request.url).searchParams,
        ORGANISATIONS_LIST,
      );
      if (!result.ok) return apiError(400, result.error.code, result.error.message);
      return HttpResponse.json(result.page);
    }),

    http.get('/links/:id', async ({ params }) => {
      await delay(delayMs);
      const valid = validate(linkParams, params);
      if (!valid.ok) return valid.response;
      return HttpResponse.json(activeInOrder(listOf(valid.value.id)));
    }),

    http.get('/links/:id/:linkId', async ({ params }) => {
      await delay(delayMs);
      const valid = validate(linkItemParams, params);
      if (!valid.ok) return valid.response;
      const { id, linkId } = valid.value;
      const found = listOf(id).find((link) => link.id === linkId);
      return found ? HttpResponse.json(found) : notFound(id, linkId);
    }),

    http.post('/links/:id', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkParams, params);
      if (!valid.ok) return valid.response;
      const body = await readJson(request);
      if (!body.ok) return body.response;
      const input = validate(linkInputSchema, body.value);
      if (!input.ok) return input.response;
      const link: MockLink = { id: newId(), ...input.value, version: 1 };
      links.set(valid.value.id, [...listOf(valid.value.id), link]);
      return HttpResponse.json(link, { status: 201 });
    }),

    http.put('/links/:id/:linkId', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkItemParams, params);
      if (!valid.ok) return valid.response;
      const body = await readJson(request);
      if (!body.ok) return body.response;
      const input = validate(linkUpdateSchema, body.value);
      if (!input.ok) return input.response;
      const { id, linkId } = valid.value;
      const list = listOf(id);
      const index = list.findIndex((link) => link.id === linkId);
      const current = list[index];
      if (!current) return notFound(id, linkId);
      // domain.md: optimistic locking; a stale version never overwrites someone else's change.
      if (current.version !== input.value.version) {
        return apiError(409, 'VERSION_CONFLICT', 'Someone else changed this record; reload it and try again');
      }
      const { version, ...changes } = input.value;
      const updated: MockLink = { ...current, ...changes, version: version + 1 };
      list[index] = updated;
      return HttpResponse.json(updated);
    }),

    http.delete('/links/:id/:linkId', async ({ params, request }) => {
      await delay(delayMs);
      if (!signedIn(request)) return unauthorized();
      const valid = validate(linkItemParams, params);
      if (!valid.ok) return valid.response;
      const { id, linkId } = valid.value;
      const list = listOf(id);
      const index = list.findIndex((link) => link.id === linkId);
      if (index < 0) return notFound(id, linkId);
      list.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
}
