import type { MahRegisterInput } from '@portal/contracts';
import { canEditMahRegister, decide, missingForMah, topUp, words } from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { registeredMahs } from '../../company/application-repository.js';
import { applyCheckTransition, checkRecordOf } from '../../company/apply-check-transition.js';
import { touchOrganisation } from '../../company/organisation.js';
import { mailSpoc } from '../../company/spoc-recipient.js';
import type { DB, Organisation } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { activeMahCountOf } from './financial-step.js';
import { insertMahs } from './mah-rows.js';
import type { OnboardingCaller } from './onboarding-caller.js';
import { type ChecksByType, lockStep, progressOf } from './step-checks.js';
import { topUpRequiredMail } from './step-mails.js';

export interface MahRegisterServices {
  mail: Outbox;
  appName: string;
  publicUrl: string;
}

/** The register's rules on what was sent: every MAH kept (never deleted), no stranger's, complete new ones. */
function assertRegister(
  input: MahRegisterInput,
  existing: ReadonlyArray<{ id: string; name: string | null }>,
  orgType: Organisation['orgType'],
): void {
  const known = new Set(existing.map((mah) => mah.id));
  const listed = new Set<string>();
  const invalid = input.mahs.flatMap((mah, index) => {
    if (!known.has(mah.id)) {
      return [
        { code: 'INVALID_FIELD', field: `mahs.${index}.id`, message: `No MAH ${mah.id} of your company` },
      ];
    }
    if (listed.has(mah.id)) {
      return [{ code: 'INVALID_FIELD', field: `mahs.${index}.id`, message: `MAH ${mah.id} is listed twice` }];
    }
    listed.add(mah.id);
    return [];
  });
  if (invalid.length > 0) {
    throw new ApiError(400, 'INVALID_FIELD', invalid.map((entry) => entry.message).join('; '), invalid);
  }
  const left = existing.filter((mah) => !listed.has(mah.id));
  if (left.length > 0) {
    const names = left.map((mah) => mah.name ?? mah.id).join(', ');
    throw new ApiError(
      409,
      'MAH_DELETION_NOT_ALLOWED',
      `MAHs are never deleted once the legitimacy is approved: deactivate ${names} instead`,
      left.map((mah) => ({
        code: 'MAH_DELETION_NOT_ALLOWED',
        field: 'mahs',
        message: `Keep ${mah.name ?? mah.id} in the register (deactivate it instead)`,
      })),
    );
  }
  // A MAH added now is never reviewed as a draft again: it must be complete at once.
  const missing = input.added.flatMap((mah, index) =>
    missingForMah(mah, index, orgType).map((item) => ({
      code: 'MISSING',
      field: item.field.replace(/^mahs\./, 'added.'),
      message: item.message.replace(`MAH ${index + 1}`, `new MAH ${index + 1}`),
    })),
  );
  if (missing.length > 0) {
    throw new ApiError(400, 'MISSING', `The new MAHs miss ${missing.length} item(s)`, missing);
  }
}

/**
 * domain.md: "More active MAHs than the approved form declares sends it back to rejected, with the top-up
 * amount shown" (packages/domain TOP_UP_REQUIRED, a SYSTEM action, on an APPROVED financial check only):
 * the check, its CheckEvent and audit row (company/apply-check-transition.ts) and the SPOC's mail.
 */
async function requireTopUpIfDue(
  trx: Transaction<DB>,
  services: MahRegisterServices,
  organisation: Organisation,
  checks: ChecksByType,
  active: number,
  actor: string,
  now: Date,
): Promise<void> {
  const check = checks.FINANCIAL;
  if (check?.status !== 'APPROVED') return;
  const invoicing = await trx
    .selectFrom('invoicingInformation')
    .select('declaredMahCount')
    .where('organisationId', '=', organisation.id)
    .executeTakeFirst();
  if (!invoicing) return;
  const mahCounts = { declared: invoicing.declaredMahCount, active };
  const decision = decide(checkRecordOf(check), 'TOP_UP_REQUIRED', { role: 'SYSTEM', actor, now, mahCounts });
  // TOP_UP_NOT_REQUIRED: no more MAHs are active than the form declares.
  if (!decision.ok) return;
  await applyCheckTransition(trx, {
    organisation,
    check,
    type: 'FINANCIAL',
    next: decision.next,
    event: decision.event,
    actor,
  });
  await mailSpoc(trx, organisation, services, (recipient) =>
    topUpRequiredMail(recipient, {
      ...mahCounts,
      amountCents: topUp(mahCounts.declared, active).amountCents,
    }),
  );
}

/**
 * PUT /api/onboarding/mahs, in one transaction at the organisation's version (409 when stale): once the
 * legitimacy is approved (packages/domain canEditMahRegister: from APPROVALS on, not while SUSPENDED or
 * WITHDRAWN), the company activates and deactivates its MAHs and adds new, complete ones; it never deletes
 * one. Writes the MAHs, the organisation's MAH count and version, an audit row and, when its approved
 * invoicing form now declares fewer MAHs than are active, the top-up rejection.
 */
export async function saveMahRegister(
  db: Kysely<DB>,
  services: MahRegisterServices,
  caller: OnboardingCaller,
  input: MahRegisterInput,
  now = new Date(),
): Promise<void> {
  const { actor } = caller;
  await db.transaction().execute(async (trx) => {
    const { organisation, checks } = await lockStep(trx, caller.organisationId, 'FINANCIAL', input.version);
    const progress = progressOf(organisation, checks);
    if (!canEditMahRegister(progress)) {
      throw new ApiError(
        409,
        'STEP_LOCKED',
        `The MAHs are part of the legitimacy step until it is approved (stage ${words(organisation.stage)}, legitimacy ${words(progress.legitimacyStatus)})`,
      );
    }
    const existing = await registeredMahs(trx, organisation.id);
    assertRegister(input, existing, organisation.orgType);

    const activeBefore = existing.filter((mah) => mah.active).length;
    const wanted = new Map(input.mahs.map((mah) => [mah.id, mah.active]));
    const changed = existing.filter((mah) => wanted.get(mah.id) !== mah.active);
    for (const active of [true, false]) {
      const ids = changed.filter((mah) => wanted.get(mah.id) === active).map((mah) => mah.id);
      if (ids.length === 0) continue;
      await trx
        .updateTable('mahs')
        .set({ active, updatedBy: actor, updatedAt: now, version: sql<number>`version + 1` })
        .where('id', 'in', ids)
        .execute();
    }
    const newest = existing.reduce<Date | undefined>(
      (latest, mah) => (latest && latest > mah.createdAt ? latest : mah.createdAt),
      undefined,
    );
    await insertMahs(trx, organisation.id, input.added, actor, newest);

    const active = await activeMahCountOf(trx, organisation.id);
    const nameOf = (mah: { name: string | null; id: string }) => mah.name ?? mah.id;
    await touchOrganisation(trx, organisation.id, {
      actor,
      at: now,
      set: { mahCount: active },
      audit: {
        action: 'UPDATE_MAH_REGISTER',
        entity: 'organisation',
        entityId: organisation.id,
        diff: {
          activated: changed.filter((mah) => !mah.active).map(nameOf),
          deactivated: changed.filter((mah) => mah.active).map(nameOf),
          added: input.added.map((mah) => mah.name),
          activeMahCount: { from: activeBefore, to: active },
        },
      },
    });
    await requireTopUpIfDue(trx, services, organisation, checks, active, actor, now);
  });
}
