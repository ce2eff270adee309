import type { ChangeEvent } from '@portal/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { changeOfRow } from './change-notifications.js';
import { CHANGE_WINDOW_MS } from './events-sweep.js';

/**
 * Ids are handed out as the changes are written, the notifications sent as their transactions commit: a
 * change may commit (and be heard) after one with a higher id. A browser resuming after id N is therefore
 * sent, besides every change after N, those written in the few seconds before N: what it already has comes
 * twice (harmless: an event is a hint to refetch), what committed late is not lost.
 */
export const REPLAY_OVERLAP_MS = 5_000;
/** More changes than this since a browser's last one: a `reset` (refetching everything costs less). */
export const REPLAY_MAX = 5_000;

/** Whose changes a replay reads: every company's, or one company's (a company's user). */
export type ReplayScope = { organisationId: string } | 'all';

/** Every change kept, oldest first, in the caller's scope: what a replay narrows down. */
const replayable = (db: Kysely<DB>, scope: ReplayScope) => {
  const query = db
    .selectFrom('changeEvents')
    .selectAll()
    .orderBy('id')
    .limit(REPLAY_MAX + 1);
  return scope === 'all' ? query : query.where('organisationId', '=', scope.organisationId);
};

type Replayable = ReturnType<typeof replayable>;

async function replayed(query: Replayable): Promise<ChangeEvent[] | 'gone'> {
  const rows = await query.execute();
  return rows.length > REPLAY_MAX ? 'gone' : rows.map(changeOfRow);
}

/**
 * "Last-Event-ID resumption after a reconnect (a bounded replay from a small events
 * table, or a full refetch when too old)". The changes after `afterId` (null: every one kept), oldest
 * first, or 'gone' when they cannot all be sent: the change `afterId` names is no longer kept (swept, or of
 * another database), or there are more than REPLAY_MAX.
 */
export async function changesAfter(
  db: Kysely<DB>,
  afterId: string | null,
  scope: ReplayScope,
): Promise<ChangeEvent[] | 'gone'> {
  if (afterId === null) return replayed(replayable(db, scope));
  const last = await db.selectFrom('changeEvents').select('at').where('id', '=', afterId).executeTakeFirst();
  if (!last) return 'gone';
  const since = new Date(new Date(last.at).getTime() - REPLAY_OVERLAP_MS);
  return replayed(
    replayable(db, scope).where((eb) => eb.or([eb('id', '>', afterId), eb('at', '>=', since)])),
  );
}

/**
 * A page's first stream (contracts eventStreamQuery `catchUpMs`): the changes of the last `ms` (the page's
 * age, read on the database's clock, which wrote them) and the overlap before, or 'gone' past the window
 * kept or beyond REPLAY_MAX.
 */
export async function changesWithin(
  db: Kysely<DB>,
  ms: number,
  scope: ReplayScope,
): Promise<ChangeEvent[] | 'gone'> {
  if (ms > CHANGE_WINDOW_MS) return 'gone';
  const back = ms + REPLAY_OVERLAP_MS;
  return replayed(
    replayable(db, scope).where('at', '>=', sql<Date>`now() - ${back} * interval '1 millisecond'`),
  );
}

/** The newest change's id (null: none kept): where a stream carries on from. */
export async function latestChangeId(db: Kysely<DB>): Promise<string | null> {
  const { rows } = await sql<{ id: string | null }>`select max(id)::text as id from change_events`.execute(
    db,
  );
  return rows[0]?.id ?? null;
}
