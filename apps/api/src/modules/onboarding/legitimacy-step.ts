import { type CheckStatus, canSubmit } from '@portal/domain';
import type { Kysely, Transaction } from 'kysely';
import type { CheckRow, DB, Organisation } from '../../db/schema.js';
import { lockRow } from '../../db/versioned-rows.js';
import { ApiError, versionConflict } from '../../http/api-error.js';

export type { CheckRow } from '../../db/schema.js';

/** The organisation's legitimacy check, when it has one (the first submission creates it). */
export async function legitimacyCheckOf(
  db: Kysely<DB> | Transaction<DB>,
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

/** domain.md: the organisation type is locked after the first submission. */
export const isOrgTypeLocked = (check: CheckRow | undefined): boolean =>
  check !== undefined && check.attempt >= 1;

/**
 * The company edits the step exactly when it may submit it (packages/domain canSubmit): before the
 * first submission or after corrections were requested, while the application is REGISTERED or
 * INFORMATION. Submitted, in review, approved, temporarily approved, rejected, suspended: read-only.
 */
export const isLegitimacyEditable = (organisation: Organisation, check: CheckRow | undefined): boolean =>
  canSubmit('LEGITIMACY', {
    stage: organisation.stage,
    legitimacyStatus: legitimacyStatusOf(check),
    contractualStatus: organisation.contractualStatus,
    financialStatus: organisation.financialStatus,
  });

export function assertLegitimacyEditable(organisation: Organisation, check: CheckRow | undefined): void {
  if (isLegitimacyEditable(organisation, check)) return;
  const status = legitimacyStatusOf(check).toLowerCase().replaceAll('_', ' ');
  throw new ApiError(
    409,
    'STEP_LOCKED',
    `The legitimacy step cannot be changed now: its check is ${status} (stage ${organisation.stage.toLowerCase()})`,
  );
}

/** The caller's organisation row, locked until the transaction ends. */
export const lockOrganisation = (trx: Transaction<DB>, organisationId: string) =>
  lockRow(trx, {
    table: 'organisations',
    entity: 'organisation',
    id: organisationId,
    missing: `No organisation ${organisationId}`,
  });

/**
 * The organisation locked at the version the editor read (domain.md: a stale version answers 409, so a
 * second tab saving an older copy never overwrites the first).
 */
export async function lockOrganisationAtVersion(
  trx: Transaction<DB>,
  organisationId: string,
  version: number,
): Promise<Organisation> {
  const organisation = await lockOrganisation(trx, organisationId);
  if (organisation.version !== version) throw versionConflict();
  return organisation;
}
