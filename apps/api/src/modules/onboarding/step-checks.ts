import type { StoredFileSummary } from '@portal/contracts';
import {
  type CheckType,
  progressOf as domainProgressOf,
  type OrganisationProgress,
  stepLockedMessage,
} from '@portal/domain';
import type { Transaction } from 'kysely';
import { lockOrganisation, lockOrganisationAtVersion } from '../../company/organisation.js';
import type { CheckRow, DB, Db, Organisation } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

/** The organisation's check of a type, when it has one (the first submission creates it). */
export async function checkOf(
  db: Db,
  organisationId: string,
  type: CheckType,
  options: { lock?: boolean } = {},
): Promise<CheckRow | undefined> {
  let query = db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .where('type', '=', type);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The organisation's checks by type, those it has (CheckRow rows). */
export type ChecksByType = Partial<Record<CheckType, CheckRow>>;

export async function checksByType(db: Db, organisationId: string): Promise<ChecksByType> {
  const rows = await db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.type, row]));
}

/** The organisation's progress as packages/domain reads it (domain progressOf over the check rows). */
export const progressOf = (organisation: Organisation, checks: ChecksByType): OrganisationProgress =>
  domainProgressOf(organisation, checks);

/**
 * The company edits the contractual or financial step exactly when it may submit it (packages/domain
 * canSubmit): from APPROVALS on, once legitimacy is approved or temporarily approved, before the first
 * submission, after corrections, after a new agreement template or a top-up; never while SUSPENDED or
 * WITHDRAWN. Otherwise 409 STEP_LOCKED (domain stepLockedMessage), as the legitimacy step answers.
 */
export function assertStepEditable(
  type: 'CONTRACTUAL' | 'FINANCIAL',
  organisation: Organisation,
  checks: ChecksByType,
): void {
  const locked = stepLockedMessage(type, progressOf(organisation, checks));
  if (locked) throw new ApiError(409, 'STEP_LOCKED', locked);
}

export interface LockedStep {
  organisation: Organisation;
  /** The step's own check, locked after the organisation; undefined before its first submission. */
  check: CheckRow | undefined;
  checks: ChecksByType;
}

/**
 * The organisation locked (at the version the editor read, when given: 409 when stale), then the step's
 * check: the order every writer of a check follows (company/apply-check-transition.ts).
 */
export async function lockStep(
  trx: Transaction<DB>,
  organisationId: string,
  type: CheckType,
  version?: number,
): Promise<LockedStep> {
  const organisation =
    version === undefined
      ? await lockOrganisation(trx, organisationId)
      : await lockOrganisationAtVersion(trx, organisationId, version);
  const check = await checkOf(trx, organisationId, type, { lock: true });
  const checks = await checksByType(trx, organisationId);
  return { organisation, check, checks: { ...checks, [type]: check } };
}

/** A stored file as the onboarding answer shows it, or null. */
export async function fileSummaryOf(db: Db, id: string | null): Promise<StoredFileSummary | null> {
  if (!id) return null;
  const row = await db
    .selectFrom('storedFiles')
    .select(['id', 'name', 'size', 'mime'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}
