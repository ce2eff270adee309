import { DISCLAIMER_TYPES } from '@portal/contracts';
import type { Selectable } from 'kysely';
import type { Db, DisclaimerContentsTable } from '../db/schema.js';

export type DisclaimerContent = Selectable<DisclaimerContentsTable>;
export type DisclaimerType = DisclaimerContent['type'];

const isDisclaimerType = (value: string): value is DisclaimerType =>
  (DISCLAIMER_TYPES as readonly string[]).includes(value);

/**
 * The published version of a disclaimer type, if any. At most one per type is published (migration 0001's
 * partial unique index): publishing a new version archives the previous one.
 */
export async function publishedDisclaimer(db: Db, type: string): Promise<DisclaimerContent | undefined> {
  if (!isDisclaimerType(type)) return undefined;
  return db
    .selectFrom('disclaimerContents')
    .selectAll()
    .where('type', '=', type)
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirst();
}
