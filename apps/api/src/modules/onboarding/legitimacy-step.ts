import {
  type CheckStatus,
  canSubmit,
  progressOf as domainProgressOf,
  stepLockedMessage,
} from '@portal/domain';
import type { CheckRow, Db, Organisation } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

/** The organisation's legitimacy check, when it has one (the first submission creates it). */
export async function legitimacyCheckOf(
  db: Db,
  organisationId: string,
  options: { lock?: boolean } = {},
): Promise<CheckRow | undefined> {
  let query = db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .where('type', '=', 'LEGITIMACY');
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The check row is the reviewers' record, so its status wins over the organisation's copy. */
export const legitimacyStatusOf = (check: CheckRow | undefined): CheckStatus =>
  check?.status ?? 'NOT_SUBMITTED';

const progressOf = (organisation: Organisation, check: CheckRow | undefined) =>
  domainProgressOf(organisation, check ? { LEGITIMACY: check } : {});

/**
 * The company edits the step exactly when it may submit it (packages/domain canSubmit): before the
 * first submission or after corrections were requested, while the application is REGISTERED or
 * INFORMATION. Submitted, in review, approved, temporarily approved, rejected, suspended: read-only.
 */
export const isLegitimacyEditable = (organisation: Organisation, check: CheckRow | undefined): boolean =>
  canSubmit('LEGITIMACY', progressOf(organisation, check));

export function assertLegitimacyEditable(organisation: Organisation, check: CheckRow | undefined): void {
  const locked = stepLockedMessage('LEGITIMACY', progressOf(organisation, check));
  if (locked) throw new ApiError(409, 'STEP_LOCKED', locked);
}
