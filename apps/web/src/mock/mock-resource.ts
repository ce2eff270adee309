import type { EndpointSpec } from '@portal/contracts';
import type { Audited } from '@portal/demo-data';
import { changedFields } from '@portal/domain';
import type { ListResource } from '@portal/list-query';
import type { HttpHandler } from 'msw';
import type { z } from 'zod';
import { actorOf, writeAudit } from './audit-trail';
import type { MockDb } from './mock-db';
import { apiError, type MockContext, versionConflict } from './mock-http';
import { mockRoute } from './mock-route';

/** The tables whose rows carry the audited columns (id, version, created/updated at and by). */
export type VersionedTable = {
  [K in keyof MockDb]: MockDb[K] extends readonly Audited[] ? K : never;
}[keyof MockDb];
export type RowOf<T extends VersionedTable> = MockDb[T][number];

/** Which rows: the table, the audit entity, the 404's message, and columns a row must also match. */
export interface TableRef<T extends VersionedTable> {
  table: T;
  entity: string;
  missing: (id: string) => string;
  scope?: Partial<RowOf<T>>;
}

/** A table's ref whose 404 says `No <noun> <id>`, as the API's repositories word it. */
export const tableRef = <T extends VersionedTable>(table: T, entity: string, noun: string): TableRef<T> => ({
  table,
  entity,
  missing: (id) => `No ${noun} ${id}`,
});

/**
 * How a create is audited: CREATE with the values by the caller, unless told otherwise (a registration's
 * rows are the visitor's: their email).
 */
type AuditAs = { action?: string; diff?: unknown; actor?: string };

/** A refusal to answer instead of the write, or undefined to go on. */
type Check<Row> = (row: Row) => Response | undefined;

export interface RowUpdate<Row> {
  /** The version the editor read (optimistic locking). */
  version: number;
  changes: Partial<Row>;
  /** The audit action, or how the row before the change names it; default UPDATE. */
  action?: string | ((before: Row) => string);
  check?: Check<Row>;
  /** What the audit row keeps; default the changed fields, from and to. */
  diff?: unknown;
}

export interface RowDelete<Row> {
  /** When given, the delete happens only at this version. */
  version?: number | undefined;
  check?: Check<Row>;
  /** What the audit row keeps of the deleted row; default the row itself. */
  describe?: (row: Row) => unknown;
}

/** The answer: the row as its DTO, or the refusal as it is. */
export function answerWith<Row, Dto>(toDto: (row: Row) => Dto) {
  return (row: Row | Response) => (row instanceof Response ? row : toDto(row));
}

/**
 * apps/api db/versioned-rows.ts over one of the store's tables: each write stamped with the caller and
 * audited; 404 for a missing row, 409 for a stale version.
 */
export function tableOf<T extends VersionedTable>(context: MockContext, ref: TableRef<T>) {
  type Row = RowOf<T>;
  const rows = () => context.db[ref.table] as Row[];
  const record = (request: Request, action: string, entityId: string, diff: unknown, actor?: string) =>
    writeAudit(context, request, { action, entity: ref.entity, entityId, diff, ...(actor && { actor }) });
  const find = (id: string): Row | Response => {
    const scope = Object.entries(ref.scope ?? {});
    const row = rows().find(
      (it) => it.id === id && scope.every(([key, value]) => Reflect.get(it, key) === value),
    );
    return row ?? apiError(404, 'NOT_FOUND', ref.missing(id));
  };
  return {
    rows,
    find,
    /** Inserts a row at version 1 and its audit row. */
    create(request: Request, values: Omit<Row, keyof Audited>, audit: AuditAs = {}) {
      const { action = 'CREATE', diff = values, actor = actorOf(context, request) } = audit;
      const now = context.now().toISOString();
      const stamps = { createdAt: now, updatedAt: now, createdBy: actor, updatedBy: actor, version: 1 };
      const row = { ...values, id: context.newId(), ...stamps } as Row;
      rows().push(row);
      record(request, action, row.id, diff, actor);
      return row;
    },
    /** Sets the changes when `version` is still the row's, bumping it; the audit holds the changed fields. */
    update(request: Request, id: string, update: RowUpdate<Row>): Row | Response {
      const row = find(id);
      if (row instanceof Response) return row;
      if (row.version !== update.version) return versionConflict();
      const refused = update.check?.(row);
      if (refused) return refused;
      const { action = 'UPDATE', diff = changedFields(row, update.changes) } = update;
      const named = typeof action === 'string' ? action : action(row);
      const stamps = { updatedAt: context.now().toISOString(), updatedBy: actorOf(context, request) };
      Object.assign(row, update.changes, stamps, { version: row.version + 1 });
      record(request, named, id, diff);
      return row;
    },
    /** Deletes a row and writes its DELETE audit row; undefined (204) when done. */
    remove(request: Request, id: string, remove: RowDelete<Row> = {}): Response | undefined {
      const row = find(id);
      if (row instanceof Response) return row;
      if (remove.version !== undefined && row.version !== remove.version) return versionConflict();
      const refused = remove.check?.(row);
      if (refused) return refused;
      rows().splice(rows().indexOf(row), 1);
      record(request, 'DELETE', id, remove.describe ? remove.describe(row) : row);
      return undefined;
    },
  };
}

type IdParams = { params: z.ZodObject<{ id: z.ZodType<string> }> };
/** The five endpoints of an admin resource, as @portal/contracts declares them (gatewaysApi). */
export interface CrudEndpoints<Input, Dto> {
  list: EndpointSpec & { list: ListResource; response: z.ZodType<{ items: Dto[] }> };
  get: EndpointSpec & IdParams;
  create: EndpointSpec & { body: z.ZodType<Input> };
  update: EndpointSpec & IdParams & { body: z.ZodType<Input & { version: number }> };
  remove: EndpointSpec & IdParams & { query: z.ZodType<{ version?: number | undefined }> };
}

/** What an admin resource adds to the generic writes (apps/api's repository of the same name). */
export interface CrudRules<Row, Input, Dto> {
  toDto: (row: Row) => Dto;
  /** A unique rule the API's database holds (a gateway's name): the 409 to answer, or undefined. */
  conflict?: (input: Input, exceptId?: string) => Response | undefined;
  /** Why a row may not be deleted (a gateway in use). */
  undeletable?: Check<Row>;
}

/**
 * An admin resource whose body's fields are its row's columns, as the API serves it: GET the list (spec
 * §7 query params), GET one, POST, PUT at a version, DELETE (at a version when `?version=` is given). An
 * update that sets `active` from true to false is audited DEACTIVATE, as the API's gateways and tooltips.
 */
export function crudHandlers<T extends VersionedTable, Input extends object, Dto>(
  context: MockContext,
  endpoints: CrudEndpoints<Input, Dto>,
  ref: TableRef<T>,
  rules: CrudRules<RowOf<T>, Input, Dto>,
): HttpHandler[] {
  const table = tableOf(context, ref);
  const answer = answerWith(rules.toDto);
  const deactivates = (before: RowOf<T>, input: Input) =>
    Reflect.get(before, 'active') === true && Reflect.get(input, 'active') === false;
  return [
    // A list handler answers all its rows (mock-route pages them); its generic item type cannot be named here.
    mockRoute(context, endpoints.list, async () => table.rows().map(rules.toDto) as never),
    mockRoute(context, endpoints.get, async ({ params }) => answer(table.find(params.id))),
    mockRoute(context, endpoints.create, async ({ body, request }) => {
      const columns = body as unknown as Omit<RowOf<T>, keyof Audited>;
      return rules.conflict?.(body) ?? answer(table.create(request, columns, { diff: body }));
    }),
    mockRoute(context, endpoints.update, async ({ params, body, request }) => {
      const { version, ...rest } = body;
      const changes = rest as unknown as Partial<RowOf<T>>;
      const action = (before: RowOf<T>) => (deactivates(before, body) ? 'DEACTIVATE' : 'UPDATE');
      const check = () => rules.conflict?.(body, params.id);
      return answer(table.update(request, params.id, { version, changes, action, check }));
    }),
    mockRoute(context, endpoints.remove, async ({ params, query, request }) =>
      table.remove(request, params.id, {
        version: query.version,
        check: rules.undeletable,
        describe: rules.toDto,
      }),
    ),
  ] as HttpHandler[];
}
