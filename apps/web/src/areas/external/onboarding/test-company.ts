import type { Db } from '@portal/api/db/schema';
import { type OnboardingAnswer, onboardingApi } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import type { CheckStatus, Stage } from '@portal/domain';
import { openTestWorld, type TestWorld } from '../../../test/test-world';

/*
 * Test kit: the demo EXTERNAL user's company (mock auth's `mock.EXTERNAL`; in the demo world it is in
 * APPROVALS, its agreement in review and its invoicing form submitted) set to another point of its life, by
 * writing the API's tables (apps/api db/schema.ts) as that history would have left them. Tests only: mock
 * mode itself starts from the demo world and moves on by what its users do.
 */

/** Where a test wants the company. */
export type CompanyState =
  | 'REGISTERED'
  | 'COMPLETE'
  | 'SUBMITTED'
  | 'IN_REVIEW'
  | 'CORRECTIONS_REQUESTED'
  | 'REJECTED'
  | 'APPROVED'
  | 'READ_ONLY'
  | 'TECHNICAL_IQE'
  | 'TECHNICAL_PRD';

/** The reviewer's reasons the kit gives a legitimacy check that needs one. */
export const TEST_REASONS: Partial<Record<CheckStatus, string>> = {
  CORRECTIONS_REQUESTED: 'The copy of proof is not signed. Please upload the signed power of attorney.',
  REJECTED: 'The company is not registered as a parallel distributor in the Netherlands.',
};

/** The demo EXTERNAL user and their organisation. */
export async function externalCompany(db: Db): Promise<{ userId: string; organisationId: string }> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'organisationId'])
    .where('email', '=', DEMO_ACCOUNTS.external.email)
    .executeTakeFirst();
  if (!user?.organisationId) throw new Error('The demo world has no external company');
  return { userId: user.id, organisationId: user.organisationId };
}

/** The legitimacy check's status in each state. */
const STATUSES: Record<CompanyState, CheckStatus> = {
  REGISTERED: 'NOT_SUBMITTED',
  COMPLETE: 'NOT_SUBMITTED',
  READ_ONLY: 'NOT_SUBMITTED',
  SUBMITTED: 'SUBMITTED',
  IN_REVIEW: 'IN_REVIEW',
  CORRECTIONS_REQUESTED: 'CORRECTIONS_REQUESTED',
  REJECTED: 'REJECTED',
  APPROVED: 'APPROVED',
  TECHNICAL_IQE: 'APPROVED',
  TECHNICAL_PRD: 'APPROVED',
};

/** The statuses a check went through to its status (its events' `toStatus`, in order). */
const PATHS: Partial<Record<CheckStatus, CheckStatus[]>> = {
  SUBMITTED: ['SUBMITTED'],
  IN_REVIEW: ['SUBMITTED', 'IN_REVIEW'],
  CORRECTIONS_REQUESTED: ['SUBMITTED', 'IN_REVIEW', 'CORRECTIONS_REQUESTED'],
  REJECTED: ['SUBMITTED', 'IN_REVIEW', 'REJECTED'],
  APPROVED: ['SUBMITTED', 'IN_REVIEW', 'APPROVED'],
};

/**
 * Puts the external company in `state`. Before any submission (REGISTERED, COMPLETE, READ_ONLY) it has no
 * checks and filed nothing; REGISTERED and READ_ONLY are a partial draft (no VAT number, no phone, the
 * representative without function, phone and copy of proof, one MAH without products). From SUBMITTED to
 * REJECTED its legitimacy check has that status, APPROVED has it approved (stage APPROVALS), the
 * technical states have every check approved. Before the technical states, nothing after legitimacy is
 * filed. The organisation stays at its version (1).
 */
export async function putCompanyIn(db: Db, state: CompanyState) {
  const company = await externalCompany(db);
  const { userId, organisationId } = company;
  const technical = state === 'TECHNICAL_IQE' || state === 'TECHNICAL_PRD';
  const legitimacy = await db
    .selectFrom('checks')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .where('type', '=', 'LEGITIMACY')
    .executeTakeFirst();
  if (!legitimacy) throw new Error('The demo company has no legitimacy check');
  if (!technical) {
    // Nothing after legitimacy is filed yet: the agreement, the invoicing form, their files and checks.
    const agreements = await db
      .deleteFrom('participationAgreements')
      .where('organisationId', '=', organisationId)
      .returning('signedFileId')
      .execute();
    const forms = await db
      .deleteFrom('invoicingInformation')
      .where('organisationId', '=', organisationId)
      .returning('formFileId')
      .execute();
    const filed = [...agreements.map((row) => row.signedFileId), ...forms.map((row) => row.formFileId)];
    const files = filed.filter((id): id is string => id !== null);
    if (files.length > 0) await db.deleteFrom('storedFiles').where('id', 'in', files).execute();
    // Their events go with them (on delete cascade).
    await db
      .deleteFrom('checks')
      .where('organisationId', '=', organisationId)
      .where('id', '!=', legitimacy.id)
      .execute();
  }
  const status = STATUSES[state];
  if (status === 'NOT_SUBMITTED') {
    await db.deleteFrom('checks').where('id', '=', legitimacy.id).execute();
  } else {
    const decided = !['SUBMITTED', 'IN_REVIEW'].includes(status);
    await db
      .updateTable('checks')
      .set({
        status,
        assignee: status === 'SUBMITTED' ? null : legitimacy.assignee,
        decidedAt: decided ? legitimacy.decidedAt : null,
        decidedBy: decided ? legitimacy.decidedBy : null,
        reason: TEST_REASONS[status] ?? null,
      })
      .where('id', '=', legitimacy.id)
      .execute();
    // Its history as far as that status (the demo's is submitted, taken in review, approved).
    const path = PATHS[status] ?? [];
    const events = await db
      .selectFrom('checkEvents')
      .select('id')
      .where('checkId', '=', legitimacy.id)
      .orderBy('at')
      .orderBy('id')
      .execute();
    for (const [step, event] of events.entries()) {
      const to = path[step];
      if (!to) await db.deleteFrom('checkEvents').where('id', '=', event.id).execute();
      else if (step === 2)
        await db
          .updateTable('checkEvents')
          .set({ toStatus: to, comment: TEST_REASONS[to] ?? null })
          .where('id', '=', event.id)
          .execute();
    }
  }
  if (technical) {
    await db
      .updateTable('checks')
      .set({ status: 'APPROVED', decidedAt: legitimacy.decidedAt, decidedBy: legitimacy.decidedBy })
      .where('organisationId', '=', organisationId)
      .execute();
  }
  const stage: Stage = technical
    ? state
    : status === 'NOT_SUBMITTED'
      ? 'REGISTERED'
      : status === 'APPROVED'
        ? 'APPROVALS'
        : 'INFORMATION';
  await db
    .updateTable('organisations')
    .set({
      // A VAT number of the company's country, which the demo's is not always (the draft could not be saved).
      ...{ country: 'NL', vatNumber: 'NL853722046B01' },
      stage,
      legitimacyStatus: status,
      contractualStatus: technical ? 'APPROVED' : 'NOT_SUBMITTED',
      financialStatus: technical ? 'APPROVED' : 'NOT_SUBMITTED',
      submittedAt: status === 'NOT_SUBMITTED' ? null : legitimacy.submittedAt,
    })
    .where('id', '=', organisationId)
    .execute();
  if (state === 'REGISTERED' || state === 'READ_ONLY') await makeDraftPartial(db, organisationId);
  if (state === 'READ_ONLY') {
    await db.updateTable('users').set({ access: 'READ_ONLY' }).where('id', '=', userId).execute();
  }
  return company;
}

/**
 * A partial draft: no VAT number and no phone, the representative without function, phone and copy of
 * proof, one MAH (the first) without products.
 */
async function makeDraftPartial(db: Db, organisationId: string) {
  await db
    .updateTable('organisations')
    .set({ vatNumber: null, phone: null, mahCount: 1 })
    .where('id', '=', organisationId)
    .execute();
  const representative = await db
    .selectFrom('contacts')
    .select(['id', 'copyOfProofFileId'])
    .where('organisationId', '=', organisationId)
    .where('kind', '=', 'AUTHORISED_REPRESENTATIVE')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('contacts')
    .set({ function: null, phone: null, copyOfProofFileId: null })
    .where('id', '=', representative.id)
    .execute();
  const proof = representative.copyOfProofFileId;
  if (proof) await db.deleteFrom('storedFiles').where('id', '=', proof).execute();
  const [first, ...others] = await db
    .selectFrom('mahs')
    .select('id')
    .where('organisationId', '=', organisationId)
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  // Their products go with them (on delete cascade).
  const gone = others.map((mah) => mah.id);
  if (gone.length > 0) await db.deleteFrom('mahs').where('id', 'in', gone).execute();
  if (first) await db.deleteFrom('mahProducts').where('mahId', '=', first.id).execute();
}

/** GET /api/onboarding as the demo EXTERNAL user, answered by `world` (the API's own route). */
export async function onboardingAnswer(world: TestWorld): Promise<OnboardingAnswer> {
  return (await (await world.call('EXTERNAL', 'GET', onboardingApi.answer.path)).json()) as OnboardingAnswer;
}

/** The external company's application in `state`, as GET /api/onboarding answers it in a fresh world. */
export async function answerIn(state: CompanyState): Promise<OnboardingAnswer> {
  const world = await openTestWorld();
  await putCompanyIn(world.db, state);
  return onboardingAnswer(world);
}
