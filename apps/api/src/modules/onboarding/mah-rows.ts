import type { MahInput } from '@portal/contracts';
import { mahColumns, productColumns } from '@portal/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * Inserts MAHs, active, with their products, after the organisation's others. The table has no position
 * column: creation times a millisecond apart keep the order the company entered.
 */
export async function insertMahs(
  trx: Transaction<DB>,
  organisationId: string,
  mahs: readonly MahInput[],
  actor: string,
  /** The newest existing MAH's creation time: the new ones come after it. */
  after?: Date,
): Promise<void> {
  const start = Math.max(Date.now(), after ? after.getTime() + 1 : 0);
  let tick = 0;
  const at = () => {
    const time = new Date(start + tick);
    tick += 1;
    return { createdAt: time, updatedAt: time, createdBy: actor, updatedBy: actor };
  };
  for (const mah of mahs) {
    const { id: mahId } = await trx
      .insertInto('mahs')
      .values({ ...mahColumns(mah), organisationId, active: true, ...at() })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (mah.products.length === 0) continue;
    await trx
      .insertInto('mahProducts')
      .values(mah.products.map((product) => ({ mahId, ...productColumns(product), ...at() })))
      .execute();
  }
}
