import type { MahRegisterInput } from '@portal/contracts';
import {
  checkRecordOf,
  mahRegisterLockedMessage,
  mahRegisterRefusal,
  registerDiff,
  toggledMahs,
  topUp,
  topUpDecision,
} from '@portal/domain';
import { type Kysely, sql, type Transaction } from 'kysely';
import { applicationChange, publishChange } from '../../changes/publish-change.js';
import { registeredMahs } from '../../company/application-repository.js';
import { applyCheckTransition } from '../../company/apply-check-transition.js';
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

/** The register's rules on what was sent (packages/domain mahRegisterRefusal): the refusal, thrown. */
function assertRegister(
  input: MahRegisterInput,
  existing: ReadonlyArray<{ id: string; name: string | null }>,
  orgType: Organisation['orgType'],
): void {
  const refused = mahRegisterRefusal(input, existing, orgType);
  if (refused) throw new ApiError(refused.status, refused.code, refused.message, refused.entries);
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
  const mahCounts = { declared: invoicing?.declaredMahCount ?? 0, active };
  // Null when no more MAHs are active than the form declares (TOP_UP_NOT_REQUIRED), or there is no form.
  const decision = topUpDecision(checkRecordOf(check), invoicing?.declaredMahCount, active, { actor, now });
  if (!decision) return;
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
    const locked = mahRegisterLockedMessage(progressOf(organisation, checks));
    if (locked) throw new ApiError(409, 'STEP_LOCKED', locked);
    const existing = await registeredMahs(trx, organisation.id);
    assertRegister(input, existing, organisation.orgType);

    const activeBefore = existing.filter((mah) => mah.active).length;
    const changed = toggledMahs(existing, input.mahs);
    for (const active of [true, false]) {
      const ids = changed.filter((mah) => mah.active !== active).map((mah) => mah.id);
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
    const touched = await touchOrganisation(trx, organisation.id, {
      actor,
      at: now,
      set: { mahCount: active },
      audit: {
        action: 'UPDATE_MAH_REGISTER',
        entity: 'organisation',
        entityId: organisation.id,
        diff: registerDiff(changed, input.added, { from: activeBefore, to: active }),
      },
    });
    await publishChange(trx, applicationChange(touched, 'UPDATE_MAH_REGISTER', actor));
    await requireTopUpIfDue(trx, services, organisation, checks, active, actor, now);
  });
}
