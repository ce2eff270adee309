import type { OnboardingAnswer } from '@portal/contracts';
import type { CheckStatus, Stage } from '@portal/domain';
import { DEMO_USERS } from '../../mock/mock-auth';
import { createMockDb, type MockDb } from './mock-db';
import { onboardingAnswer } from './onboarding-company';

/*
 * Test kit: the demo EXTERNAL user's company (mock auth's `mock.EXTERNAL`; in the demo world it is in
 * APPROVALS, its agreement in review and its invoicing form submitted) set to another point of its life, by
 * writing its rows as that history would have left them. Tests only: mock mode itself starts from the demo
 * world and moves on by what its users do.
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

/** The demo EXTERNAL user and their organisation's rows. */
export function externalCompany(db: MockDb) {
  const user = db.users.find((row) => row.email === DEMO_USERS.EXTERNAL.email);
  const organisation = db.organisations.find((row) => row.id === user?.organisationId);
  if (!user || !organisation) throw new Error('The demo world has no external company');
  const ours = <Row extends { organisationId: string | null }>(rows: Row[]) =>
    rows.filter((row) => row.organisationId === organisation.id);
  return { user, organisation, ours };
}

const remove = <Row>(rows: Row[], gone: (row: Row) => boolean) =>
  rows.splice(0, rows.length, ...rows.filter((row) => !gone(row)));

/**
 * Puts the external company in `state`. Before any submission (REGISTERED, COMPLETE, READ_ONLY) it has no
 * checks and filed nothing; REGISTERED and READ_ONLY are a partial draft (no VAT number, no phone, the
 * representative without function, phone and copy of proof, one MAH without products). From SUBMITTED to
 * REJECTED its legitimacy check has that status, APPROVED has it approved (stage APPROVALS), the
 * technical states have every check approved.
 */
export function putCompanyIn(db: MockDb, state: CompanyState) {
  const company = externalCompany(db);
  const { user, organisation, ours } = company;
  const technical = state === 'TECHNICAL_IQE' || state === 'TECHNICAL_PRD';
  const checks = ours(db.checks);
  const legitimacy = checks.find((check) => check.type === 'LEGITIMACY');
  if (!legitimacy) throw new Error('The demo company has no legitimacy check');
  const filed = (id: string | null) =>
    ours(db.participationAgreements).some((row) => row.signedFileId === id) ||
    ours(db.invoicingInformation).some((row) => row.formFileId === id);
  if (!technical) {
    // Nothing after legitimacy is filed yet.
    remove(db.storedFiles, (file) => filed(file.id));
    remove(db.participationAgreements, (row) => row.organisationId === organisation.id);
    remove(db.invoicingInformation, (row) => row.organisationId === organisation.id);
    const later = new Set(checks.filter((check) => check !== legitimacy).map((check) => check.id));
    remove(db.checkEvents, (event) => later.has(event.checkId));
    remove(db.checks, (check) => later.has(check.id));
  }
  const statuses: Record<CompanyState, CheckStatus> = {
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
  const status = statuses[state];
  if (status === 'NOT_SUBMITTED') {
    remove(db.checkEvents, (event) => event.checkId === legitimacy.id);
    remove(db.checks, (check) => check === legitimacy);
  } else {
    const decided = !['SUBMITTED', 'IN_REVIEW'].includes(status);
    Object.assign(legitimacy, {
      status,
      assignee: status === 'SUBMITTED' ? null : legitimacy.assignee,
      decidedAt: decided ? legitimacy.decidedAt : null,
      decidedBy: decided ? legitimacy.decidedBy : null,
      reason: TEST_REASONS[status] ?? null,
    });
  }
  for (const check of technical ? ours(db.checks) : []) {
    Object.assign(check, {
      status: 'APPROVED',
      decidedAt: legitimacy.decidedAt,
      decidedBy: legitimacy.decidedBy,
    });
  }
  const stage: Stage = technical
    ? state
    : status === 'NOT_SUBMITTED'
      ? 'REGISTERED'
      : status === 'APPROVED'
        ? 'APPROVALS'
        : 'INFORMATION';
  Object.assign(organisation, {
    // A VAT number of the company's country, which the demo's is not always (the draft could not be saved).
    ...{ country: 'NL', vatNumber: 'NL853722046B01' },
    stage,
    legitimacyStatus: status,
    contractualStatus: technical ? 'APPROVED' : 'NOT_SUBMITTED',
    financialStatus: technical ? 'APPROVED' : 'NOT_SUBMITTED',
    submittedAt: status === 'NOT_SUBMITTED' ? null : legitimacy.submittedAt,
  });
  if (state === 'REGISTERED' || state === 'READ_ONLY') {
    const representative = ours(db.contacts).find((contact) => contact.kind === 'AUTHORISED_REPRESENTATIVE');
    remove(db.storedFiles, (file) => file.id === representative?.copyOfProofFileId);
    Object.assign(organisation, { vatNumber: null, phone: null, mahCount: 1 });
    Object.assign(representative ?? {}, { function: null, phone: null, copyOfProofFileId: null });
    const [first, ...others] = ours(db.mahs);
    const gone = new Set(others.map((mah) => mah.id));
    remove(db.mahs, (mah) => gone.has(mah.id));
    remove(db.mahProducts, (product) => gone.has(product.mahId) || product.mahId === first?.id);
  }
  if (state === 'READ_ONLY') user.access = 'READ_ONLY';
  return company;
}

/** The external company's application in `state`, as GET /api/onboarding answers it (a fixture). */
export function answerIn(state: CompanyState): OnboardingAnswer {
  const db = createMockDb();
  return onboardingAnswer(db, putCompanyIn(db, state).user, new Date());
}
