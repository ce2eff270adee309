import type { EndpointSpec } from '@portal/contracts';
import type { ListResource } from '@portal/list-query';
import type { HttpHandler } from 'msw';
import type { z } from 'zod';

import { apiError, MOCK_ACTOR, type MockContext, type Parsed, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

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

/** The five endpoints of an admin resource, as @portal/contracts declares them (gatewaysApi). */
export interface CrudEndpoints<Input, Dto> {
  list: EndpointSpec & { list: ListResource; response: z.ZodType<{ items: Dto[] }> };
  get: EndpointSpec & { params: z.ZodObject<{ id: z.ZodType<string> }> };
  create: EndpointSpec & { body: z.ZodType<Input> };
  update: EndpointSpec & {
    params: z.ZodObject<{ id: z.ZodType<string> }>;
    body: z.ZodType<Input & { version: number }>;
  };
  remove: EndpointSpec & {
    params: z.ZodObject<{ id: z.ZodType<string> }>;
    query: z.ZodType<{ version?: number | undefined }>;
  };
}

/**
 * An admin resource as the API serves it: GET the list (spec §7 query params), GET one, POST, PUT at a
 * version, DELETE (at a version when `?version=` is given).
 */
export function crudHandlers<Row extends MockRow, Input extends object, Dto>(
  context: MockContext,
  endpoints: CrudEndpoints<Input, Dto>,
  store: InMemoryStore<Row, Input>,
  /** The row as the API answers it (a gateway with its organisation count). */
  toDto: (row: Row) => Dto,
): HttpHandler[] {
  const ok = (result: Parsed<Row>) => (result.ok ? toDto(result.value) : result.response);
  return [
    // A list handler may answer all its rows (mock-route pages them); its generic item type cannot be named here.
    mockRoute(context, endpoints.list, async () => store.rows.map(toDto) as never),
    mockRoute(context, endpoints.get, async ({ params }) => ok(store.get(params.id))),
    mockRoute(context, endpoints.create, async ({ body }) => ok(store.create(body))),
    mockRoute(context, endpoints.update, async ({ params, body }) => ok(store.update(params.id, body))),
    mockRoute(context, endpoints.remove, async ({ params, query }) => {
      const removed = store.remove(params.id, query.version);
      return removed.ok ? undefined : removed.response;
    }),
  ] as HttpHandler[];
}
