import type { Kysely } from 'kysely';
import { changedFields, writeAudit } from '../../db/audit.js';
import { UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Tooltip } from '../../db/schema.js';
import { ApiError, notFound, versionConflict } from '../../http/api-error.js';
import type { TooltipDto, TooltipInput, TooltipUpdateInput } from './tooltips-schemas.js';

const ENTITY = 'tooltip';

export const toDto = (row: Tooltip): TooltipDto => ({
  id: row.id,
  key: row.key,
  screen: row.screen,
  text: row.text,
  active: row.active,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  version: row.version,
});

const columnsOf = (input: TooltipInput) => ({
  key: input.key,
  screen: input.screen,
  text: input.text,
  active: input.active,
});

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
      throw new ApiError(409, 'TOOLTIP_KEY_TAKEN', `A tooltip with the key '${key}' exists already`);
    }
    throw error;
  }
}

export async function createTooltip(db: Kysely<DB>, input: TooltipInput, actor: string) {
  return guardKey(input.key, () =>
    db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('tooltips')
        .values({ ...columnsOf(input), createdBy: actor, updatedBy: actor })
        .returningAll()
        .executeTakeFirstOrThrow();
      await writeAudit(trx, { actor, action: 'CREATE', entity: ENTITY, entityId: row.id, diff: input });
      return toDto(row);
    }),
  );
}

/** Replaces a tooltip's fields when `version` is still the stored one; active false deactivates it. */
export async function updateTooltip(db: Kysely<DB>, id: string, input: TooltipUpdateInput, actor: string) {
  return guardKey(input.key, () =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('tooltips')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound(`No tooltip ${id}`);
      if (before.version !== input.version) throw versionConflict();
      const columns = columnsOf(input);
      const row = await trx
        .updateTable('tooltips')
        .set((eb) => ({
          ...columns,
          updatedBy: actor,
          updatedAt: new Date(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returningAll()
        .executeTakeFirst();
      if (!row) throw versionConflict();
      const action = before.active && !input.active ? 'DEACTIVATE' : 'UPDATE';
      await writeAudit(trx, {
        actor,
        action,
        entity: ENTITY,
        entityId: id,
        diff: changedFields(before, columns),
      });
      return toDto(row);
    }),
  );
}

export async function deleteTooltip(db: Kysely<DB>, id: string, actor: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('tooltips').where('id', '=', id).returningAll().executeTakeFirst();
    if (!row) throw notFound(`No tooltip ${id}`);
    await writeAudit(trx, { actor, action: 'DELETE', entity: ENTITY, entityId: id, diff: toDto(row) });
  });
}
