import { type ListResource, runInMemoryList } from '@portal/list-query';
import { delay, type HttpHandler, HttpResponse, http } from 'msw';
import { z } from 'zod';
import {
  apiError,
  MOCK_ACTOR,
  type MockContext,
  noContent,
  type Parsed,
  readBody,
  signedIn,
  unauthorized,
  validate,
  versionConflict,
} from './mock-http';

/** Every stored row has an id and a version (domain.md: optimistic locking). */
export interface MockRow {
  id: string;
  version: number;
}

/** Each resource's own rules: what the generic store cannot know. */
export interface ResourceRules<Row extends MockRow, Input> {
  /** A unique rule the API's database holds (a gateway's name): the 409 to answer, or undefined. */
  conflict?: (input: Input, rows: readonly Row[], exceptId?: string) => Response | undefined;
  /** Why a row may not be deleted (a gateway in use): the 409 to answer, or undefined. */
  undeletable?: (row: Row) => Response | undefined;
}

export interface InMemoryStore<Row extends MockRow, Input> {
  readonly rows: Row[];
  /** The row, or 404. */
  get(id: string): Parsed<Row>;
  create(input: Input): Parsed<Row>;
  /** At `version` (409 when stale), as the API's updateAtVersion. */
  update(id: string, input: Input & { version: number }): Parsed<Row>;
  /** At `version` when given, as the API's deleteAtVersion. */
  remove(id: string, version?: number): Parsed<Row>;
}

/**
 * The API's versioned writes over an array: create, update at a version, delete; 404 for a missing row and
 * 409 for a stale version or a resource's own conflict, with the API's codes and messages.
 */
export function createInMemoryStore<Row extends MockRow, Input extends object>(
  rows: Row[],
  options: {
    /** The 404's message, as the API words it. */
    missing: (id: string) => string;
    newId: () => string;
    /** Whether rows keep createdAt, updatedAt, createdBy and updatedBy (the API's audited columns). */
    stamped: boolean;
    rules?: ResourceRules<Row, Input>;
  },
): InMemoryStore<Row, Input> {
  const { rules = {} } = options;
  const notFound = (id: string) => ({
    ok: false as const,
    response: apiError(404, 'NOT_FOUND', options.missing(id)),
  });
  const stamped = (row: Record<string, unknown>, created: boolean) => {
    if (!options.stamped) return row;
    const now = new Date().toISOString();
    return {
      ...row,
      ...(created ? { createdAt: now, createdBy: MOCK_ACTOR } : {}),
      updatedAt: now,
      updatedBy: MOCK_ACTOR,
    };
  };
  const indexOf = (id: string) => rows.findIndex((row) => row.id === id);

  return {
    rows,
    get(id) {
      const row = rows.find((candidate) => candidate.id === id);
      return row ? { ok: true, value: row } : notFound(id);
    },
    create(input) {
      const conflict = rules.conflict?.(input, rows);
      if (conflict) return { ok: false, response: conflict };
      const row = stamped({ ...input, id: options.newId(), version: 1 }, true) as unknown as Row;
      rows.push(row);
      return { ok: true, value: row };
    },
    update(id, input) {
      const index = indexOf(id);
      const current = rows[index];
      if (!current) return notFound(id);
      if (current.version !== input.version) return { ok: false, response: versionConflict() };
      const conflict = rules.conflict?.(input, rows, id);
      if (conflict) return { ok: false, response: conflict };
      const { version, ...changes } = input;
      const updated = stamped({ ...current, ...changes, version: version + 1 }, false) as unknown as Row;
      rows[index] = updated;
      return { ok: true, value: updated };
    },
    remove(id, version) {
      const index = indexOf(id);
      const current = rows[index];
      if (!current) return notFound(id);
      if (version !== undefined && current.version !== version)
        return { ok: false, response: versionConflict() };
      const refusal = rules.undeletable?.(current);
      if (refusal) return { ok: false, response: refusal };
      rows.splice(index, 1);
      return { ok: true, value: current };
    },
  };
}

/**
 * A list call answered in memory (spec §7 query params) from the list's declaration, the one the API builds
 * its SQL from: the page, or 400 with the list-query code when the query cannot run.
 */
export function listAnswer<T>(rows: readonly T[], params: URLSearchParams, list: ListResource): Response {
  const result = runInMemoryList(rows, params, list);
  return result.ok ? HttpResponse.json(result.page) : apiError(400, result.error.code, result.error.message);
}

/** A handler that answers after the mock delay, and 401 without a session, as protected API routes do. */
export const protectedHandler =
  (delayMs: number, handle: (request: Request, params: Record<string, unknown>) => Promise<Response>) =>
  async ({ request, params }: { request: Request; params: Record<string, unknown> }) => {
    await delay(delayMs);
    if (!signedIn(request)) return unauthorized();
    return handle(request, params);
  };

const idParams = z.object({ id: z.uuid() });
const versionQuery = z.object({ version: z.coerce.number().int().min(1).optional() });

/** The answer of a store call: the row as the API shapes it, with a status, or the refusal. */
export const answer = <Row, Dto>(result: Parsed<Row>, toDto: (row: Row) => Dto, status = 200) =>
  result.ok ? HttpResponse.json(toDto(result.value) as object, { status }) : result.response;

export interface CrudOptions<Row extends MockRow, Input extends object, Dto> {
  /** The collection's path, such as /api/gateways. */
  path: string;
  store: InMemoryStore<Row, Input>;
  /** The list's declaration (packages/contracts lists.ts), the same the API builds its SQL from. */
  list: ListResource;
  inputSchema: z.ZodType<Input>;
  updateSchema: z.ZodType<Input & { version: number }>;
  /** The row as the API answers it (a gateway with its organisation count). */
  toDto: (row: Row) => Dto;
}

/**
 * An admin resource as the API serves it: GET the list (spec §7 query params), GET one, POST, PUT at a
 * version, DELETE (at a version when `?version=` is given).
 */
export function crudHandlers<Row extends MockRow, Input extends object, Dto>(
  { delayMs }: MockContext,
  { path, store, list, inputSchema, updateSchema, toDto }: CrudOptions<Row, Input, Dto>,
): HttpHandler[] {
  const handle = (fn: (request: Request, params: Record<string, unknown>) => Promise<Response>) =>
    protectedHandler(delayMs, fn);
  const withId = (fn: (id: string, request: Request) => Promise<Response>) =>
    handle(async (request, params) => {
      const valid = validate(idParams, params);
      return valid.ok ? fn(valid.value.id, request) : valid.response;
    });

  return [
    http.get(
      path,
      handle(async (request) => listAnswer(store.rows.map(toDto), new URL(request.url).searchParams, list)),
    ),
    http.get(
      `${path}/:id`,
      withId(async (id) => answer(store.get(id), toDto)),
    ),
    http.post(
      path,
      handle(async (request) => {
        const input = await readBody(request, inputSchema);
        return input.ok ? answer(store.create(input.value), toDto, 201) : input.response;
      }),
    ),
    http.put(
      `${path}/:id`,
      withId(async (id, request) => {
        const input = await readBody(request, updateSchema);
        return input.ok ? answer(store.update(id, input.value), toDto) : input.response;
      }),
    ),
    http.delete(
      `${path}/:id`,
      withId(async (id, request) => {
        const query = validate(versionQuery, Object.fromEntries(new URL(request.url).searchParams));
        if (!query.ok) return query.response;
        const removed = store.remove(id, query.value.version);
        return removed.ok ? noContent() : removed.response;
      }),
    ),
  ];
}
