import {
  CHANGE_KINDS,
  type ChangeEvent,
  type ChangeKind,
  type PresenceEvent,
  presenceEventSchema,
} from '@portal/contracts';
import { CHECK_TYPES, type CheckType } from '@portal/domain';
import type { Selectable } from 'kysely';
import type { ChangeEventsTable } from '../../db/schema.js';

/** What one NOTIFY on the changes channel said (changes/publish-change.ts writes it, presence.ts too). */
export type Notification =
  | { type: 'change'; schema: string; change: ChangeEvent }
  | { type: 'presence'; schema: string; presence: PresenceEvent };

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isKind = (value: unknown): value is ChangeKind => CHANGE_KINDS.some((kind) => kind === value);
const isCheckType = (value: unknown): value is CheckType => CHECK_TYPES.some((type) => type === value);

/** PostgreSQL's timestamptz in JSON ("2026-03-02T09:00:00.123456+00:00") as the API answers instants. */
const isoOf = (value: unknown): string | null => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date.toISOString() : null;
};

/** A change_events row as row_to_json wrote it (snake_case), as the stream sends it; null if it is none. */
function changeOf(row: Json): ChangeEvent | null {
  const id = typeof row.id === 'number' || typeof row.id === 'string' ? String(row.id) : null;
  const entityId = text(row.entity_id);
  const action = text(row.action);
  const actor = text(row.actor);
  const at = isoOf(row.at);
  if (!id || !isKind(row.kind) || !entityId || !action || !actor || !at) return null;
  return {
    id,
    kind: row.kind,
    action,
    entityId,
    organisationId: text(row.organisation_id),
    version: typeof row.version === 'number' ? row.version : null,
    checkType: isCheckType(row.check_type) ? row.check_type : null,
    actor,
    actorName: text(row.actor_name) ?? actor,
    at,
  };
}

/**
 * A notification's payload, or null for one this API does not read (another application's on the same
 * channel, a malformed one): a listener never fails on what it hears.
 */
export function parseNotification(payload: string): Notification | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!isObject(parsed) || typeof parsed.schema !== 'string') return null;
  const { schema } = parsed;
  if (isObject(parsed.change)) {
    const change = changeOf(parsed.change);
    return change ? { type: 'change', schema, change } : null;
  }
  const presence = presenceEventSchema.safeParse(parsed.presence);
  return presence.success ? { type: 'presence', schema, presence: presence.data } : null;
}

/** A change_events row as Kysely reads it (the replay), as the stream sends it. */
export const changeOfRow = (row: Selectable<ChangeEventsTable>): ChangeEvent => ({
  id: String(row.id),
  kind: row.kind,
  action: row.action,
  entityId: row.entityId,
  organisationId: row.organisationId,
  version: row.version,
  checkType: row.checkType,
  actor: row.actor,
  actorName: row.actorName,
  at: new Date(row.at).toISOString(),
});
