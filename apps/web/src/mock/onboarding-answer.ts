import { checksByType, contactsByKind, type OnboardingAnswer, onboardingAnswerOf } from '@portal/contracts';
import type { OrganisationRow, UserRow } from '@portal/demo-data';
import type { MockDb } from './mock-db';

/*
 * GET /api/onboarding over the store's rows of the caller's organisation: contracts onboardingAnswerOf
 * assembles it, as at the API, from the rows picked here.
 */

const ours = <Row extends { organisationId: string | null }>(rows: Row[], organisationId: string) =>
  rows.filter((row) => row.organisationId === organisationId);

/** The organisation's contact of each kind: the oldest row, should a kind ever have two. */
export const contactsOf = (db: MockDb, organisationId: string) =>
  contactsByKind(ours(db.contacts, organisationId));

export const checksOf = (db: MockDb, organisationId: string) => checksByType(ours(db.checks, organisationId));

/** The published disclaimer of a type, if any. */
export const publishedOf = (db: MockDb, type: string) =>
  db.disclaimerContents.find((row) => row.type === type && row.status === 'PUBLISHED');

/** The participation agreement template a company signs now: the highest published version. */
export function currentTemplateOf(db: MockDb) {
  const template = db.agreementTemplates.toSorted((a, b) => b.version - a.version)[0];
  const file = db.storedFiles.find((row) => row.id === template?.fileId);
  return template && file
    ? { ...template, file: { id: file.id, name: file.name, size: file.size, mime: file.mime } }
    : null;
}

/** The rows of an organisation that its application is read from (contracts OnboardingRows). */
export function onboardingRowsOf(db: MockDb, organisation: OrganisationRow) {
  const id = organisation.id;
  const mahs = ours(db.mahs, id);
  return {
    ...{ organisation, contacts: ours(db.contacts, id), checks: ours(db.checks, id), mahs },
    products: db.mahProducts.filter((product) => mahs.some((mah) => mah.id === product.mahId)),
    ...{ users: ours(db.users, id), files: db.storedFiles, gateways: db.gateways },
    ...{ template: currentTemplateOf(db), tickBoxes: publishedOf(db, 'PA_TICKBOX') ?? null },
    agreement: ours(db.participationAgreements, id)[0] ?? null,
    invoicing: ours(db.invoicingInformation, id)[0] ?? null,
    ...{ csrs: ours(db.certificateRequests, id), tokens: ours(db.sessionTokens, id) },
    testRuns: ours(db.testRuns, id),
  };
}

/** The caller's application (contracts onboardingAnswerSchema); `user` acts for an organisation. */
export function onboardingAnswer(db: MockDb, user: UserRow, now: Date): OnboardingAnswer {
  const organisation = db.organisations.find((row) => row.id === user.organisationId) as OrganisationRow;
  const access = user.access === 'READ_ONLY' ? 'READ_ONLY' : 'FULL';
  return onboardingAnswerOf(onboardingRowsOf(db, organisation), { userId: user.id, access }, now);
}
