import type { OrgType } from './enums.js';
import { type MahApplication, missingForMah } from './legitimacy.js';
import { ACTIVE_STAGES, isActiveStage, isLegitimacyCleared, type OrganisationProgress } from './stages.js';
import { words } from './words.js';

/**
 * domain.md Financial: "the fee tier follows the active MAH count" and "More active MAHs than the approved
 * form declares sends it back to rejected". Once the legitimacy is approved (or temporarily approved), the
 * company keeps its MAH register itself, from APPROVALS on: it adds MAHs or deactivates them, never
 * deletes them (the reviewers approved them). Not while SUSPENDED or WITHDRAWN; before that, the MAHs are
 * part of the legitimacy step.
 */
export function canEditMahRegister(progress: OrganisationProgress): boolean {
  const { stage } = progress;
  return (
    isActiveStage(stage) &&
    ACTIVE_STAGES.indexOf(stage) >= ACTIVE_STAGES.indexOf('APPROVALS') &&
    isLegitimacyCleared(progress.legitimacyStatus)
  );
}

/** Why the company cannot change its MAH register now (its 409 STEP_LOCKED message), or null when it may. */
export function mahRegisterLockedMessage(progress: OrganisationProgress): string | null {
  if (canEditMahRegister(progress)) return null;
  const state = `stage ${words(progress.stage)}, legitimacy ${words(progress.legitimacyStatus)}`;
  return `The MAHs are part of the legitimacy step until it is approved (${state})`;
}

/** Why the register the company sent is refused: the status, code and message, one entry per fault. */
export interface MahRegisterRefusal {
  status: 400 | 409;
  code: 'INVALID_FIELD' | 'MAH_DELETION_NOT_ALLOWED' | 'MISSING';
  message: string;
  entries: Array<{ code: string; field: string; message: string }>;
}

const refusal = (
  status: 400 | 409,
  code: MahRegisterRefusal['code'],
  message: string,
  entries: MahRegisterRefusal['entries'],
): MahRegisterRefusal | null => (entries.length === 0 ? null : { status, code, message, entries });

/**
 * The register's rules on what the company sent (PUT /api/onboarding/mahs): every MAH of its own listed
 * once, none of another company's (400); none left out, since a MAH is never deleted, only deactivated
 * (409); and each added MAH complete at once, since it is never reviewed as a draft again (400 MISSING).
 * Null when the register may be saved.
 */
export function mahRegisterRefusal(
  input: { mahs: ReadonlyArray<{ id: string }>; added: readonly MahApplication[] },
  existing: ReadonlyArray<{ id: string; name: string | null }>,
  orgType: OrgType,
): MahRegisterRefusal | null {
  const known = new Set(existing.map((mah) => mah.id));
  const listed = new Set<string>();
  const invalid = input.mahs.flatMap((mah, index) => {
    const field = `mahs.${index}.id`;
    if (!known.has(mah.id))
      return [{ code: 'INVALID_FIELD', field, message: `No MAH ${mah.id} of your company` }];
    if (listed.has(mah.id))
      return [{ code: 'INVALID_FIELD', field, message: `MAH ${mah.id} is listed twice` }];
    listed.add(mah.id);
    return [];
  });
  const left = existing.filter((mah) => !listed.has(mah.id)).map((mah) => mah.name ?? mah.id);
  const missing = input.added.flatMap((mah, index) =>
    missingForMah(mah, index, orgType).map((item) => ({
      code: 'MISSING',
      field: item.field.replace(/^mahs\./, 'added.'),
      message: item.message.replace(`MAH ${index + 1}`, `new MAH ${index + 1}`),
    })),
  );
  return (
    refusal(400, 'INVALID_FIELD', invalid.map((entry) => entry.message).join('; '), invalid) ??
    refusal(
      409,
      'MAH_DELETION_NOT_ALLOWED',
      `MAHs are never deleted once the legitimacy is approved: deactivate ${left.join(', ')} instead`,
      left.map((name) => ({
        code: 'MAH_DELETION_NOT_ALLOWED',
        field: 'mahs',
        message: `Keep ${name} in the register (deactivate it instead)`,
      })),
    ) ??
    refusal(400, 'MISSING', `The new MAHs miss ${missing.length} item(s)`, missing)
  );
}
