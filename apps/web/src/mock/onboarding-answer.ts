import type { ContactInput, OnboardingAnswer } from '@portal/contracts';
import type { CheckRow, ContactRow, OrganisationRow, UserRow } from '@portal/demo-data';
import {
  type CheckType,
  canEditMahRegister,
  contractualStepOf,
  type EeaCountryCode,
  financialStepOf,
  isEeaCountry,
  managesPeople,
  progressOf,
  technicalStepOf,
} from '@portal/domain';
import { checkRecordOf } from './check-transition';
import type { MockDb } from './mock-db';

/*
 * GET /api/onboarding as apps/api onboarding-answer.ts builds it, over the store's rows of the caller's
 * organisation; the steps' views are packages/domain's, as at the API.
 */

const byAge = <Row extends { createdAt: string; id: string }>(rows: Row[]) =>
  rows.toSorted((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
const ours = <Row extends { organisationId: string | null }>(rows: Row[], organisationId: string) =>
  rows.filter((row) => row.organisationId === organisationId);

/** Only an EEA country is a country here (apps/api application-columns.ts). */
const eea = (code: string | null): EeaCountryCode | null => (code && isEeaCountry(code) ? code : null);
/** migration 0001 keeps a blank name or email as '', which reads back as null. */
const blank = (value: string | undefined) => (value?.trim() ? value : null);

const contactOf = (row: ContactRow | undefined): ContactInput => ({
  firstName: blank(row?.firstName),
  lastName: blank(row?.lastName),
  function: row?.function ?? null,
  email: blank(row?.email),
  phone: row?.phone ?? null,
});

/** The organisation's contact of each kind: the oldest row, should a kind ever have two. */
export function contactsOf(db: MockDb, organisationId: string) {
  const byKind: Partial<Record<ContactRow['kind'], ContactRow>> = {};
  for (const row of byAge(ours(db.contacts, organisationId))) byKind[row.kind] ??= row;
  return byKind;
}

export const checksOf = (db: MockDb, organisationId: string): Partial<Record<CheckType, CheckRow>> =>
  Object.fromEntries(ours(db.checks, organisationId).map((row) => [row.type, row]));

export function fileSummary(db: MockDb, id: string | null | undefined) {
  const file = db.storedFiles.find((row) => row.id === id);
  return file ? { id: file.id, name: file.name, size: file.size, mime: file.mime } : null;
}

/** The MAH register: every MAH with its products, in the order the company entered them. */
export const mahsOf = (db: MockDb, organisationId: string) =>
  byAge(ours(db.mahs, organisationId)).map(({ id, active, name, country, activeIn, ...mah }) => ({
    ...{ id, active, name: blank(name), country: eea(country), activeIn: activeIn.filter(isEeaCountry) },
    ...{ website: mah.website, phone: mah.phone, email: mah.email, licences: mah.licences },
    products: byAge(db.mahProducts.filter((product) => product.mahId === id)).map((product) => ({
      name: blank(product.name),
      productCode: product.productCode,
      countries: product.countries.filter(isEeaCountry),
    })),
  }));

/** The published disclaimer of a type, if any. */
export const publishedOf = (db: MockDb, type: string) =>
  db.disclaimerContents.find((row) => row.type === type && row.status === 'PUBLISHED');

/** The participation agreement template a company signs now: the highest published version. */
export function currentTemplateOf(db: MockDb) {
  const template = db.agreementTemplates.toSorted((a, b) => b.version - a.version)[0];
  const file = fileSummary(db, template?.fileId);
  return template && file ? { ...template, file } : null;
}

/** The caller's application (contracts onboardingAnswerSchema); `user` acts for an organisation. */
export function onboardingAnswer(db: MockDb, user: UserRow, now: Date): OnboardingAnswer {
  const organisation = db.organisations.find((row) => row.id === user.organisationId) as OrganisationRow;
  const { id, obpNumber, stage, version, legalName, orgType, registrationNumber, vatNumber } = organisation;
  const { street, houseNumber, postalCode, city, website, phone, email } = organisation;
  const access = user.access === 'READ_ONLY' ? 'READ_ONLY' : 'FULL';
  const contacts = contactsOf(db, id);
  const checks = checksOf(db, id);
  const progress = progressOf(organisation, checks);
  const summary = (type: CheckType) => {
    const row = checks[type];
    if (!row) return null;
    const { status, attempt, submittedAt, slaDueAt, reason, decidedAt } = row;
    return { status, attempt, submittedAt, slaDueAt, reason, decidedAt };
  };
  const assistant = contacts.SPOC_ASSISTANT;
  const representative = contacts.AUTHORISED_REPRESENTATIVE;
  const people = byAge(ours(db.users, id).filter((row) => row.status !== 'DISABLED'));
  const mahs = mahsOf(db, id);
  const activeMahCount = mahs.filter((mah) => mah.active).length;
  const agreement = db.participationAgreements.find((row) => row.organisationId === id);
  const invoicing = db.invoicingInformation.find((row) => row.organisationId === id);
  const { billing } = invoicing ?? {};
  const gateway = db.gateways.find((row) => row.id === organisation.gatewayId) ?? null;
  const csrs = ours(db.certificateRequests, id).map((row) => ({ ...row, file: fileSummary(db, row.fileId) }));
  return {
    organisation: { id, obpNumber, stage, version, orgTypeLocked: checks.LEGITIMACY !== undefined },
    company: {
      ...{ legalName, orgType, registrationNumber, vatNumber, website, phone, email },
      address: { street, houseNumber, postalCode, city, country: eea(organisation.country) },
    },
    spoc: contactOf(contacts.SPOC),
    spocAssistant: assistant
      ? {
          ...contactOf(assistant),
          status:
            people.find((row) => row.email.toLowerCase() === assistant.email.toLowerCase())?.status ?? null,
        }
      : null,
    authorisedRepresentative: {
      ...contactOf(representative),
      copyOfProof: fileSummary(db, representative?.copyOfProofFileId),
    },
    mahs: mahs.filter((mah) => mah.active).map(({ id: _id, active: _active, ...mah }) => mah),
    checks: {
      LEGITIMACY: summary('LEGITIMACY'),
      CONTRACTUAL: summary('CONTRACTUAL'),
      FINANCIAL: summary('FINANCIAL'),
    },
    access,
    contractual: contractualStepOf({
      progress,
      template: currentTemplateOf(db),
      tickBoxes: publishedOf(db, 'PA_TICKBOX') ?? null,
      agreement: agreement ? { ...agreement, signedFile: fileSummary(db, agreement.signedFileId) } : null,
    }),
    financial: financialStepOf({
      progress,
      activeMahCount,
      invoicing:
        invoicing && billing
          ? {
              ...invoicing,
              billing: { ...billing, address: { ...billing.address, country: eea(billing.address.country) } },
              form: fileSummary(db, invoicing.formFileId),
            }
          : null,
      check: checks.FINANCIAL ? checkRecordOf(checks.FINANCIAL) : null,
    }),
    mahRegister: { editable: canEditMahRegister(progress), mahs },
    people: people.map((row) => ({
      ...{ id: row.id, name: row.displayName, email: row.email, role: row.obpRole },
      ...{ access: row.access, status: row.status, you: row.id === user.id },
    })),
    canManagePeople: managesPeople(user),
    technical: technicalStepOf(
      {
        ...{ stage, access, gateway, gateways: db.gateways },
        csrs: csrs.flatMap((row) => (row.file ? [{ ...row, file: row.file }] : [])),
        tokens: ours(db.sessionTokens, id),
        testRuns: ours(db.testRuns, id),
      },
      now,
    ),
  };
}
