import {
  decide,
  initialCheck,
  missingForLegitimacy,
  type OrganisationProgress,
  submitStageRefusal,
} from '@portal/domain';
import type { Kysely } from 'kysely';
import { loadOnboarding } from '../../company/application-repository.js';
import { applyCheckTransition } from '../../company/apply-check-transition.js';
import { lockOrganisationAtVersion } from '../../company/organisation.js';
import type { DB } from '../../db/schema.js';
import { ApiError, refuse } from '../../http/api-error.js';
import type { Outbox } from '../../mail/outbox.js';
import { legitimacyCheckOf, legitimacyStatusOf } from './legitimacy-step.js';
import type { OnboardingCaller } from './onboarding-caller.js';
import { legitimacyReceivedMail } from './onboarding-mails.js';

export interface SubmitServices {
  mail: Outbox;
  appName: string;
  /** config.slaHolidays: the days the legitimacy SLA's working days skip. */
  slaHolidays: readonly string[];
}

/**
 * POST /api/onboarding/legitimacy/submit, in one transaction at the organisation's version (409 when
 * stale): the domain's refusal first (409 with its code: a check that is not open to a submission, or
 * an application outside REGISTERED and INFORMATION), then completeness (400, one MISSING entry per item,
 * spec §8 "a list body shows each entry"), then the LEGITIMACY check (attempt 1, or + 1 after
 * corrections; the SLA restarts), its CheckEvent, the organisation's status, submittedAt, stage and
 * version and an audit row (company/apply-check-transition.ts, which the reviewers' decisions write
 * through too), and the SPOC's confirmation mail (domain.md: "Every transition writes a CheckEvent and
 * an AuditLog row in the same transaction").
 */
export async function submitLegitimacy(
  db: Kysely<DB>,
  services: SubmitServices,
  caller: OnboardingCaller,
  version: number,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const organisation = await lockOrganisationAtVersion(trx, caller.organisationId, version);
    const check = await legitimacyCheckOf(trx, organisation.id, { lock: true });
    const progress: OrganisationProgress = {
      stage: organisation.stage,
      legitimacyStatus: legitimacyStatusOf(check),
      contractualStatus: organisation.contractualStatus,
      financialStatus: organisation.financialStatus,
    };
    const decision = decide(check ?? initialCheck('LEGITIMACY'), 'SUBMIT', {
      role: 'EXTERNAL',
      actor: caller.actor,
      now,
      holidays: services.slaHolidays,
    });
    if (!decision.ok) throw new ApiError(409, decision.code, decision.message);
    refuse(submitStageRefusal('LEGITIMACY', progress));

    const onboarding = await loadOnboarding(trx, organisation.id, caller.access);
    const missing = missingForLegitimacy(onboarding);
    if (missing.length > 0) {
      throw new ApiError(
        400,
        'MISSING',
        `The application misses ${missing.length} item(s)`,
        missing.map((item) => ({ code: 'MISSING', field: item.field, message: item.message })),
      );
    }

    const { next } = decision;
    await applyCheckTransition(trx, {
      organisation,
      check,
      type: 'LEGITIMACY',
      next,
      event: decision.event,
      actor: caller.actor,
    });

    const { spoc } = onboarding;
    if (spoc.email && next.slaDueAt) {
      await services.mail.enqueue(
        trx,
        legitimacyReceivedMail({
          appName: services.appName,
          to: spoc.email,
          name: [spoc.firstName, spoc.lastName].filter(Boolean).join(' ') || null,
          companyName: onboarding.company.legalName,
          obpNumber: organisation.obpNumber,
          attempt: next.attempt,
          slaDueAt: next.slaDueAt,
        }),
      );
    }
  });
}
