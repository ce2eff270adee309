import type { Gateway as GatewayDto, GatewayInput, GatewayUpdateInput } from '@portal/contracts';
import { gatewayInUse, gatewayNameTaken, isoDates } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Gateway } from '../../db/schema.js';
import { createAudited, deleteAtVersion, updateAtVersion } from '../../db/versioned-rows.js';
import { notFound, refusalError } from '../../http/api-error.js';

const ENTITY = 'gateway';

const nameTaken = (name: string) => refusalError(gatewayNameTaken(name));
const inUse = (count: number) => refusalError(gatewayInUse(count));

/** The gateways with the number of organisations that chose each: the list's base and the detail's. */
export const gatewaysQuery = (db: Kysely<DB>) =>
  db
    .selectFrom('gateways')
    .selectAll('gateways')
    .select((eb) =>
      eb
        .selectFrom('organisations')
        .select(sql<number>`count(*)::int`.as('count'))
        .whereRef('organisations.gatewayId', '=', 'gateways.id')
        .as('organisationCount'),
    );

/** A row as the contract answers it: its columns (timestamps as ISO strings) and whether organisations use it. */
export const toDto = (row: Gateway & { organisationCount: number | null }): GatewayDto => ({
  ...isoDates(row),
  inUse: (row.organisationCount ?? 0) > 0,
  organisationCount: row.organisationCount ?? 0,
});

export async function getGateway(db: Kysely<DB>, id: string): Promise<GatewayDto> {
  const row = await gatewaysQuery(db).where('gateways.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`No gateway ${id}`);
  return toDto(row);
}

/** Runs a write; the unique index on lower(name) answers a clean 409 instead of a 500. */
async function guardName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (violates(error, UNIQUE_VIOLATION, 'gateways_name_key')) throw nameTaken(name);
    throw error;
  }
}

const organisationCount = async (db: Kysely<DB>, id: string) =>
  Number(
    (
      await db
        .selectFrom('organisations')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('gatewayId', '=', id)
        .executeTakeFirstOrThrow()
    ).count,
  );

const ref = (id: string) => ({ table: 'gateways' as const, entity: ENTITY, id, missing: `No gateway ${id}` });

export const createGateway = (db: Kysely<DB>, input: GatewayInput, actor: string) =>
  guardName(input.name, async () => {
    const row = await createAudited(db, { table: 'gateways', entity: ENTITY }, input, actor, input);
    return toDto({ ...row, organisationCount: 0 });
  });

/**
 * Replaces a gateway's fields when `version` is still the stored one. Deactivating is this call with
 * active false: its audit row says DEACTIVATE; any other change says UPDATE.
 */
export const updateGateway = (
  db: Kysely<DB>,
  id: string,
  { version, ...input }: GatewayUpdateInput,
  actor: string,
) =>
  guardName(input.name, async () => {
    const row = await updateAtVersion(db, ref(id), {
      version,
      changes: input,
      actor,
      action: (before) => (before.active && !input.active ? 'DEACTIVATE' : 'UPDATE'),
    });
    return toDto({ ...row, organisationCount: await organisationCount(db, id) });
  });

/** domain.md: a gateway in use cannot be deleted (409 GATEWAY_IN_USE); it is deactivated instead. */
export async function deleteGateway(db: Kysely<DB>, id: string, actor: string, version?: number) {
  try {
    await deleteAtVersion(db, ref(id), {
      version,
      actor,
      // The row is locked, so an organisation choosing it meanwhile waits for the delete.
      check: async (trx) => {
        const count = await organisationCount(trx, id);
        if (count > 0) throw inUse(count);
      },
      describe: (row) => toDto({ ...row, organisationCount: 0 }),
    });
  } catch (error) {
    // The organisations' foreign key, should a choice slip in between the count and the delete.
    if (violates(error, FOREIGN_KEY_VIOLATION)) throw inUse(1);
    throw error;
  }
}
