import type { Audited } from '@portal/demo-data';
import { changedFields } from '@portal/domain';
import { actorOf, writeAudit } from './audit-trail';
import type { MockDb } from './mock-db';
import { apiError, type MockContext, versionConflict } from './mock-http';

/*
 * apps/api db/versioned-rows.ts over the store's tables: rows stamped with who wrote them and when, at a
 * version moved by each change.
 */

/** The tables whose rows carry the audited columns (id, version, created/updated at and by). */
export type VersionedTable = {
  [K in keyof MockDb]: MockDb[K] extends readonly Audited[] ? K : never;
}[keyof MockDb];
export type RowOf<T extends VersionedTable> = MockDb[T][number];

/** A new row's audited columns: written by the caller (or `actor`) now, version 1. */
export function auditedRow(
  context: MockContext,
  request: Request,
  actor = actorOf(context, request),
): Audited {
  const at = context.now().toISOString();
  return {
    id: context.newId(),
    createdAt: at,
    updatedAt: at,
    createdBy: actor,
    updatedBy: actor,
    version: 1,
  };
}

/** Inserts a row with its audited columns (no audit row: the caller writes the one the change needs). */
export function insertRow<T extends VersionedTable>(
  context: MockContext,
  request: Request,
  table: T,
  values: Omit<RowOf<T>, keyof Audited>,
  actor?: string,
): RowOf<T> {
  const row = { ...values, ...auditedRow(context, request, actor) } as RowOf<T>;
  (context.db[table] as RowOf<T>[]).push(row);
  return row;
}

/** Changes a row as an UPDATE does: the changes, who and when, its version + 1. */
export function updateColumns<Row extends Audited>(
  context: MockContext,
  request: Request,
  row: Row,
  changes: Partial<Row> = {},
): Row {
  const stamps = { updatedAt: context.now().toISOString(), updatedBy: actorOf(context, request) };
  return Object.assign(row, changes, stamps, { version: row.version + 1 });
}

/** A refusal to answer instead of the write, or undefined to go on. */
export type Check<Row> = (row: Row) => Response | undefined;

/**
 * What an update makes of the row as it is: its changes, the audit row's action (default UPDATE) and diff
 * (default the changed fields, from and to); or the refusal to answer instead.
 */
type Change<Row> = { changes: Partial<Row>; action?: string; diff?: unknown } | Response;

export interface RowDelete<Row> {
  /** When given, the delete happens only at this version. */
  version?: number | undefined;
  check?: Check<Row>;
  /** What the audit row keeps of the deleted row; default the row itself. */
  describe?: (row: Row) => unknown;
}

/** Which rows of the table a 404 names, when not `No <entity in words> <id>` (a link's list), and must match. */
interface TableScope<Row> {
  missing?: (id: string) => string;
  scope?: Partial<Row>;
}

/** The answer: the row as its DTO, or the refusal as it is. */
export function answerWith<Row, Dto>(toDto: (row: Row) => Dto) {
  return (row: Row | Response) => (row instanceof Response ? row : toDto(row));
}

/**
 * One of the store's tables as the API's versioned rows: each write stamped with the caller and audited
 * as `entity`; 404 for a missing row, 409 for a stale version. Its array is read at each call: another
 * tab's store replaces it (mock-db.ts followOtherTabs).
 */
export function tableOf<T extends VersionedTable>(
  context: MockContext,
  table: T,
  entity: string,
  { missing, scope = {} }: TableScope<RowOf<T>> = {},
) {
  type Row = RowOf<T>;
  const rows = () => context.db[table] as Row[];
  const words = entity.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  const find = (id: string): Row | Response => {
    const matches = (row: Row) =>
      row.id === id && Object.entries(scope).every(([key, value]) => Reflect.get(row, key) === value);
    return rows().find(matches) ?? apiError(404, 'NOT_FOUND', missing?.(id) ?? `No ${words} ${id}`);
  };
  const record = (request: Request, action: string, entityId: string, diff: unknown, actor?: string) =>
    writeAudit(context, request, { action, entity, entityId, diff, actor });
  return {
    rows,
    find,
    /** Inserts a row at version 1 and its audit row: CREATE with the values by the caller, unless told. */
    create(
      request: Request,
      values: Omit<Row, keyof Audited>,
      audit: { action?: string; diff?: unknown; actor?: string } = {},
    ) {
      const row = insertRow(context, request, table, values, audit.actor);
      record(request, audit.action ?? 'CREATE', row.id, audit.diff ?? values, audit.actor);
      return row;
    },
    /** The change `change` makes, while `version` (the one the editor read) is still the row's; audited. */
    update(request: Request, id: string, version: number, change: (row: Row) => Change<Row>): Row | Response {
      const row = find(id);
      if (row instanceof Response) return row;
      if (row.version !== version) return versionConflict();
      const made = change(row);
      if (made instanceof Response) return made;
      const { changes, action = 'UPDATE', diff = changedFields(row, changes) } = made;
      updateColumns(context, request, row, changes);
      record(request, action, id, diff);
      return row;
    },
    /** Deletes a row and writes its DELETE audit row; undefined (204) when done. */
    remove(request: Request, id: string, remove: RowDelete<Row> = {}): Response | undefined {
      const row = find(id);
      if (row instanceof Response) return row;
      if (remove.version !== undefined && row.version !== remove.version) return versionConflict();
      const refusal = remove.check?.(row);
      if (refusal) return refusal;
      rows().splice(rows().indexOf(row), 1);
      record(request, 'DELETE', id, remove.describe ? remove.describe(row) : row);
      return undefined;
    },
  };
}
