import { type OnboardingAnswer, onboardingAnswerOf } from '@portal/contracts';
import { applicationRows } from '../../company/application-repository.js';
import type { Db } from '../../db/schema.js';
import { currentAgreementTemplate } from '../../publications/agreement-templates-repository.js';
import { publishedDisclaimer } from '../../publications/disclaimers-repository.js';
import type { OnboardingCaller } from './onboarding-caller.js';

/**
 * GET /api/onboarding (and the answer of every onboarding write): the organisation's rows loaded here, the
 * answer assembled by contracts onboardingAnswerOf: the legitimacy step with the contractual and financial
 * steps, the MAH register, the company's people and the technical step (contracts onboardingAnswerSchema).
 */
export async function loadOnboardingAnswer(db: Db, caller: OnboardingCaller): Promise<OnboardingAnswer> {
  const { organisationId } = caller;
  const agreement =
    (await db
      .selectFrom('participationAgreements')
      .selectAll()
      .where('organisationId', '=', organisationId)
      .executeTakeFirst()) ?? null;
  const invoicing =
    (await db
      .selectFrom('invoicingInformation')
      .selectAll()
      .where('organisationId', '=', organisationId)
      .executeTakeFirst()) ?? null;
  const csrs = await db
    .selectFrom('certificateRequests')
    .select(['id', 'environment', 'status', 'createdAt', 'fileId'])
    .where('organisationId', '=', organisationId)
    .execute();
  const gateways = await db
    .selectFrom('gateways')
    .select(['id', 'name', 'active', 'certified', 'environments'])
    .execute();
  const tokens = await db
    .selectFrom('sessionTokens')
    .select(['id', 'environment', 'status', 'requestedAt', 'issuedAt', 'expiresAt', 'shownAt'])
    .where('organisationId', '=', organisationId)
    .execute();
  const testRuns = await db
    .selectFrom('testRuns')
    .select(['id', 'environment', 'scenario', 'result', 'errorCode', 'executedAt'])
    .where('organisationId', '=', organisationId)
    .execute();
  const named = [agreement?.signedFileId, invoicing?.formFileId, ...csrs.map((csr) => csr.fileId)];
  const rows = await applicationRows(db, organisationId, named);
  return onboardingAnswerOf(
    {
      ...{ ...rows, agreement, invoicing, gateways, csrs, tokens, testRuns },
      template: (await currentAgreementTemplate(db)) ?? null,
      tickBoxes: (await publishedDisclaimer(db, 'PA_TICKBOX')) ?? null,
    },
    caller,
    new Date(),
  );
}
