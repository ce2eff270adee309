import { CHECK_DECIDED_FIRST } from '@portal/contracts';
import { decidedFirst } from '@portal/domain';
import type { Transaction } from 'kysely';
import { displayNamesOf } from '../../db/display-names.js';
import type { CheckRow, DB, Organisation } from '../../db/schema.js';
import { lockRow } from '../../db/versioned-rows.js';
import { ApiError } from '../../http/api-error.js';
import { findCheck } from './check-detail.js';

/**
 * domain.md: "A stale version answers 409, so two reviewers can never decide the same check twice". The
 * 409 names who acted last and what the check is now (packages/domain decidedFirst; spec §8 list body,
 * the SPA puts `values` into the code's message): "Rita Reviewer approved this check first".
 */
async function decidedFirstError(trx: Transaction<DB>, check: CheckRow): Promise<ApiError> {
  const latest = await trx
    .selectFrom('checkEvents')
    .select(['actor', 'fromStatus as from', 'toStatus as to', 'comment'])
    .where('checkId', '=', check.id)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const { message, values } = decidedFirst(
    check.status,
    latest && {
      ...latest,
      actorName: (await displayNamesOf(trx, [latest.actor]))[latest.actor] ?? latest.actor,
    },
  );
  return new ApiError(409, CHECK_DECIDED_FIRST, message, [{ code: CHECK_DECIDED_FIRST, message, values }]);
}

export interface LockedCheck {
  organisation: Organisation;
  check: CheckRow;
}

/**
 * The check and its organisation, locked until the transaction ends, at the version the reviewer saw.
 * The organisation is locked first, as the company's submission does (company/apply-check-transition.ts):
 * the new stage is computed from all three of its checks, so two reviewers deciding two checks of one
 * company must take turns, or each would miss the other's approval. A concurrent decision on the same
 * check waits here, then reads the version the first one wrote and answers CHECK_DECIDED_FIRST.
 */
export async function lockCheckAtVersion(
  trx: Transaction<DB>,
  checkId: string,
  version: number,
): Promise<LockedCheck> {
  const { organisationId } = await findCheck(trx, checkId);
  const organisation = await lockRow(trx, {
    table: 'organisations',
    entity: 'organisation',
    id: organisationId,
    missing: `No organisation ${organisationId}`,
  });
  const check = await lockRow(trx, {
    table: 'checks',
    entity: 'check',
    id: checkId,
    missing: `No check ${checkId}`,
  });
  if (check.version !== version) throw await decidedFirstError(trx, check);
  return { organisation, check };
}
