import type { ApplicationChange, ChangeKind } from '@portal/contracts';
import type { CheckType } from '@portal/domain';
import { sql, type Transaction } from 'kysely';
import { displayNameOf } from '../db/display-names.js';
import type { DB } from '../db/schema.js';

/**
 * The channel every API instance LISTENs on (modules/events/change-feed.ts). A NOTIFY's payload is
 * `{ schema, change }` or `{ schema, presence }`: the schema is the writer's `current_schema()`, since a
 * channel belongs to the whole database and two deployments (the test files' scratch schemas) may share one.
 */
export const CHANGES_CHANNEL = 'portal_changes';

/** One change, as its write path describes it (packages/contracts events.ts ChangeEvent says what each means). */
export interface Change {
  kind: ChangeKind;
  /** What was done: the check's action, the audit row's action, REQUEST/ISSUE/…, ADD/IMPORT, the move. */
  action: string;
  entityId: string;
  organisationId: string | null;
  /** The row's version after the change; null for a row without one (a test run). */
  version: number | null;
  checkType?: CheckType | null;
  /** The token's email, else its subject (http/caller.ts), or SYSTEM: as the audit row names them. */
  actor: string;
}

/**
 * "In the transaction that changes a check, an application, a session token, a test run
 * or a stage, the API issues a PostgreSQL NOTIFY". One statement records the change (its id is the SSE
 * event id a browser resumes from) with the actor's display name, and notifies the row; PostgreSQL sends
 * the notification at commit only, so a rolled-back change is never heard of. The payload holds what the
 * row holds: ids, a version, an action, who and when, never the changed data itself.
 */
export async function publishChange(trx: Transaction<DB>, change: Change): Promise<void> {
  const { actor } = change;
  await sql`
    with written as (
      insert into change_events
        (kind, action, entity_id, organisation_id, version, check_type, actor, actor_name, at)
      values (
        ${change.kind}, ${change.action}, ${change.entityId}, ${change.organisationId}, ${change.version},
        ${change.checkType ?? null}, ${actor},
        ${displayNameOf(actor)},
        -- The time of this statement, not of the transaction's start: how far apart commit order and id
        -- order can be is then the few statements between here and the commit (modules/events/change-replay.ts).
        clock_timestamp()
      )
      returning *
    )
    select pg_notify(
      ${CHANGES_CHANNEL},
      json_build_object('schema', current_schema(), 'change', row_to_json(written))::text
    )
    from written
  `.execute(trx);
}

/**
 * A company's save of its application that is no check transition (a draft, its people, its MAH register,
 * its gateway): the organisation at its new version, named after the audit row's action.
 */
export const applicationChange = (
  organisation: { id: string; version: number },
  action: ApplicationChange,
  actor: string,
): Change => ({
  kind: 'application',
  action,
  entityId: organisation.id,
  organisationId: organisation.id,
  version: organisation.version,
  actor,
});
