import type { Audited, CheckRow, OrganisationRow } from '@portal/demo-data';
import {
  changedFields,
  checkTransitionWrites,
  type DecidedCheck,
  isoDates,
  redactSecrets,
} from '@portal/domain';
import type { AuditLogRow, MockDb } from './mock-db';
import { actorOf, apiError, type MockContext, versionConflict } from './mock-http';

/*
 * apps/api db/versioned-rows.ts and db/audit.ts over the store's tables: rows stamped with who wrote them
 * and when, at a version moved by each change, and the audit trail every change writes.
 */

/** What a change writes to the trail (apps/api db/audit.ts AuditEntry); the actor defaults to the caller. */
export type MockAuditEntry = Pick<AuditLogRow, 'action' | 'entity' | 'entityId'> &
  Partial<Pick<AuditLogRow, 'actor' | 'diff'>>;

/** issue 21 item 3: the client address of the request making the change; in mock mode, this browser. */
const MOCK_ADDRESS = '127.0.0.1';

/**
 * domain.md: every change writes an audit row, as the API's writeAudit does: the caller as actor, the
 * diff with its secrets redacted (issue 13 item 4), the time of the mock's clock. The one way any handler
 * appends to db.auditLog.
 */
export function writeAudit(context: MockContext, request: Request, entry: MockAuditEntry): void {
  const { actor, diff, ...rest } = entry;
  context.db.auditLog.push({
    id: context.newId(),
    actor: actor ?? actorOf(context, request),
    ...rest,
    diff: diff === undefined ? null : redactSecrets(diff),
    at: context.now().toISOString(),
    address: MOCK_ADDRESS,
  });
}

/** The tables whose rows carry the audited columns (id, version, created/updated at and by). */
export type VersionedTable = {
  [K in keyof MockDb]: MockDb[K] extends readonly Audited[] ? K : never;
}[keyof MockDb];
export type RowOf<T extends VersionedTable> = MockDb[T][number];

/**
 * Inserts a row with its audited columns: written by the caller (or `actor`) now, version 1 (no audit
 * row: the caller writes the one the change needs).
 */
export function insertRow<T extends VersionedTable>(
  context: MockContext,
  request: Request,
  table: T,
  values: Omit<RowOf<T>, keyof Audited>,
  actor = actorOf(context, request),
): RowOf<T> {
  const at = context.now().toISOString();
  const audited = { id: context.newId(), createdAt: at, updatedAt: at, createdBy: actor, updatedBy: actor };
  const row = { ...values, ...audited, version: 1 } as RowOf<T>;
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

/**
 * What an update makes of the row as it is: its changes, the audit row's action (default UPDATE) and diff
 * (default the changed fields, from and to); or the refusal to answer instead.
 */
type Change<Row> = { changes: Partial<Row>; action?: string; diff?: unknown } | Response;

/** What a delete keeps of the row in its audit row (default the row itself), or the refusal to answer instead. */
type Removal = { diff?: unknown } | Response;

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
    /**
     * Deletes a row, at `version` when given, unless `removal` refuses, and writes its DELETE audit row;
     * undefined (204) when done.
     */
    remove(
      request: Request,
      id: string,
      version: number | undefined,
      removal: (row: Row) => Removal = () => ({}),
    ): Response | undefined {
      const row = find(id);
      if (row instanceof Response) return row;
      if (version !== undefined && row.version !== version) return versionConflict();
      const made = removal(row);
      if (made instanceof Response) return made;
      rows().splice(rows().indexOf(row), 1);
      record(request, 'DELETE', id, 'diff' in made ? made.diff : row);
      return undefined;
    },
  };
}

/**
 * domain.md: "Every transition writes a CheckEvent and an AuditLog row": what packages/domain
 * checkTransitionWrites says a decision (`decide`'s answer) writes for the organisation and its check
 * (undefined before the first submission): the check, its event, the organisation's status copy, stage
 * and submittedAt (its version + 1, as apps/api touchOrganisation), the audit row; whoever decided (the
 * company's submission, a reviewer), stored as apps/api company/apply-check-transition.ts does in SQL.
 */
export function applyCheckTransition(
  context: MockContext,
  request: Request,
  transition: DecidedCheck & { organisation: OrganisationRow; check: CheckRow | undefined },
) {
  const { organisation, type } = transition;
  const writes = checkTransitionWrites(organisation, transition);
  const columns = isoDates(writes.check);
  const check = transition.check
    ? updateColumns(context, request, transition.check, columns)
    : insertRow(context, request, 'checks', { organisationId: organisation.id, type, ...columns });
  context.db.checkEvents.push({ id: context.newId(), checkId: check.id, ...isoDates(writes.event) });
  updateColumns(context, request, organisation, isoDates(writes.organisation));
  writeAudit(context, request, { ...writes.audit, entityId: check.id });
  return check;
}
