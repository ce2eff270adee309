import type { Tooltip as TooltipDto, TooltipInput, TooltipUpdateInput } from '@portal/contracts';
import { isoDates, tooltipKeyTaken } from '@portal/domain';
import type { Kysely } from 'kysely';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Tooltip } from '../../db/schema.js';
import { createAudited, deleteAtVersion, updateAtVersion } from '../../db/versioned-rows.js';
import { notFound, refusalError } from '../../http/api-error.js';

const ENTITY = 'tooltip';

/** A row as the contract answers it: its columns, timestamps as ISO strings. */
export const toDto = (row: Tooltip): TooltipDto => isoDates(row);

/** Every active tooltip as { key: text }: what the SPA puts beside its labels. */
export async function activeTooltips(db: Kysely<DB>): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('tooltips')
    .select(['key', 'text'])
    .where('active', '=', true)
    .orderBy('key')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.key, row.text]));
}

export async function getTooltip(db: Kysely<DB>, id: string): Promise<TooltipDto> {
  const row = await db.selectFrom('tooltips').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No tooltip ${id}`);
  return toDto(row);
}

/** Runs a write; the unique key answers a clean 409 instead of a 500. */
async function guardKey<T>(key: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION, 'tooltips_key_key')) {
      throw refusalError(tooltipKeyTaken(key));
    }
    throw error;
  }
}

const ref = (id: string) => ({ table: 'tooltips' as const, entity: ENTITY, id, missing: `No tooltip ${id}` });

export const createTooltip = (db: Kysely<DB>, input: TooltipInput, actor: string) =>
  guardKey(input.key, async () =>
    toDto(await createAudited(db, { table: 'tooltips', entity: ENTITY }, input, actor)),
  );

/** Replaces a tooltip's fields when `version` is still the stored one; active false deactivates it. */
export const updateTooltip = (
  db: Kysely<DB>,
  id: string,
  { version, ...input }: TooltipUpdateInput,
  actor: string,
) =>
  guardKey(input.key, async () =>
    toDto(
      await updateAtVersion(db, ref(id), {
        version,
        changes: input,
        actor,
        action: (before) => (before.active && !input.active ? 'DEACTIVATE' : 'UPDATE'),
      }),
    ),
  );

export const deleteTooltip = (db: Kysely<DB>, id: string, actor: string, version?: number) =>
  deleteAtVersion(db, ref(id), { version, actor, describe: toDto });
