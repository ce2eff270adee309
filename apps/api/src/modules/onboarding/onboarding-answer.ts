import type { OnboardingAnswer } from '@portal/contracts';
import { canEditMahRegister } from '@portal/domain';
import { loadOnboarding, registeredMahs } from '../../company/application-repository.js';
import type { Db } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { readContractual } from './contractual-step.js';
import { readFinancial } from './financial-step.js';
import type { OnboardingCaller } from './onboarding-caller.js';
import { canManagePeople, peopleOf } from './people.js';
import { checksByType, progressOf } from './step-checks.js';
import { readTechnical } from './technical-step.js';

/**
 * GET /api/onboarding (and the answer of every onboarding write): the legitimacy step's answer
 * (company/application-repository.ts, contracts onboardingSchema) with the contractual and financial steps, the MAH
 * register, the company's people and the technical step (contracts onboardingAnswerSchema).
 */
export async function loadOnboardingAnswer(db: Db, caller: OnboardingCaller): Promise<OnboardingAnswer> {
  const { organisationId } = caller;
  const base = await loadOnboarding(db, organisationId, caller.access);
  const organisation = await db
    .selectFrom('organisations')
    .selectAll()
    .where('id', '=', organisationId)
    .executeTakeFirst();
  if (!organisation) throw notFound(`No organisation ${organisationId}`);
  const checks = await checksByType(db, organisationId);
  const progress = progressOf(organisation, checks);
  const mahs = (await registeredMahs(db, organisationId)).map(({ createdAt: _createdAt, ...mah }) => mah);
  const activeMahCount = mahs.filter((mah) => mah.active).length;
  return {
    ...base,
    contractual: (await readContractual(db, organisationId, progress)).step,
    financial: await readFinancial(db, organisationId, progress, checks.FINANCIAL, activeMahCount),
    mahRegister: { editable: canEditMahRegister(progress), mahs },
    people: await peopleOf(db, organisationId, caller.userId),
    canManagePeople: await canManagePeople(db, caller),
    technical: await readTechnical(db, organisation, caller.access),
  };
}
