import type { Gateway as GatewayDto, GatewayInput, GatewayUpdateInput } from '@portal/contracts';
import { iso } from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, violates } from '../../db/pg-errors.js';
import type { DB, Gateway } from '../../db/schema.js';
import { createAudited, deleteAtVersion, updateAtVersion } from '../../db/versioned-rows.js';
import { ApiError, notFound } from '../../http/api-error.js';

const ENTITY = 'gateway';

const nameTaken = (name: string) =>
  new ApiError(409, 'GATEWAY_NAME_TAKEN', `A gateway named '${name}' exists already`);
const inUse = (count: number) =>
  new ApiError(
    409,
    'GATEWAY_IN_USE',
    `${count === 1 ? 'An organisation uses' : `${count} organisations use`} this gateway; deactivate it instead`,
  );

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

export const toDto = (row: Gateway & { organisationCount: number | null }): GatewayDto => ({
  id: row.id,
  name: row.name,
  type: row.type,
  website: row.website,
  contactEmail: row.contactEmail,
  phone: row.phone,
  environments: row.environments,
  certified: row.certified,
  certifiedAt: iso(row.certifiedAt),
  active: row.active,
  notes: row.notes,
  inUse: (row.organisationCount ?? 0) > 0,
  organisationCount: row.organisationCount ?? 0,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  version: row.version,
});

/** The stored fields an input sets, in the table's terms. */
const columnsOf = (input: GatewayInput) => ({
  name: input.name,
  type: input.type,
  website: input.website,
  contactEmail: input.contactEmail,
  phone: input.phone,
  environments: input.environments,
  certified: input.certified,
  certifiedAt: input.certifiedAt,
  active: input.active,
  notes: input.notes,
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
    const row = await createAudited(
      db,
      { table: 'gateways', entity: ENTITY },
      columnsOf(input),
      actor,
      input,
    );
    return toDto({ ...row, organisationCount: 0 });
  });

/**
 * Replaces a gateway's fields when `version` is still the stored one. Deactivating is this call with
 * active false: its audit row says DEACTIVATE; any other change says UPDATE.
 */
export const updateGateway = (db: Kysely<DB>, id: string, input: GatewayUpdateInput, actor: string) =>
  guardName(input.name, async () => {
    const row = await updateAtVersion(db, ref(id), {
      version: input.version,
      changes: columnsOf(input),
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
