import {
  type CheckStatus,
  type CheckType,
  canEditMahRegister,
  checkRecordOf,
  contractualStepOf,
  type EeaCountryCode,
  financialStepOf,
  isEeaCountry,
  iso,
  managesPeople,
  type OrgType,
  progressOf,
  type Stage,
  type StandingSetter,
  technicalStepOf,
  withdrawnByPortal,
} from '@portal/domain';
import type { MahInput, Onboarding, StoredFileSummary } from './onboarding.js';
import {
  type BillingDetailsInput,
  billingDetailsSchema,
  type OnboardingAnswer,
  type Person,
} from './onboarding-steps.js';

/*
 * GET /api/onboarding assembled from an organisation's rows, once: the API loads them with its queries
 * (company/application-repository.ts). Timestamps come as Dates (pg, PGlite) or ISO strings; both read
 * alike.
 */

type Moment = Date | string;
type Access = 'FULL' | 'READ_ONLY';
type Technical = Parameters<typeof technicalStepOf>[0];

/**
 * A draft may leave any field blank, but migration 0001 declares some columns NOT NULL (a contact's names
 * and email, a MAH's name and country, a product's name). Those hold '' for a blank and read back as null;
 * `country char(2)` pads '' to two spaces, hence the trim.
 */
export const fromRequiredColumn = (value: string): string | null => (value.trim() === '' ? null : value);

/** A stored country as the contract types it: only the EEA's (the draft accepts no other); else none. */
export const eeaCountryOf = (value: string | null): EeaCountryCode | null => {
  const code = value?.trim() ?? '';
  return isEeaCountry(code) ? code : null;
};
export const eeaCountriesOf = (values: readonly string[]): EeaCountryCode[] => values.filter(isEeaCountry);

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/**
 * The stored billing details (invoicing_information.billing) as the contract types them. What the step
 * saved parses as it is; anything else (a row written before the details had this shape) is read field by
 * field, what is no text left blank, so the company sees what there is and fills in the rest.
 */
export function billingOf(stored: unknown): BillingDetailsInput {
  const parsed = billingDetailsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  const value = record(stored);
  const address = record(value.address);
  return {
    legalEntity: text(value.legalEntity),
    address: {
      ...{ street: text(address.street), houseNumber: text(address.houseNumber) },
      ...{ postalCode: text(address.postalCode), city: text(address.city) },
      country: eeaCountryOf(text(address.country)),
    },
    vatNumber: text(value.vatNumber),
    purchaseOrderNumber: text(value.purchaseOrderNumber),
    billingEmail: text(value.billingEmail),
  };
}

/** The organisation's columns the answer reads. */
export interface OrganisationColumns {
  id: string;
  obpNumber: string;
  stage: Stage;
  version: number;
  legalName: string;
  orgType: OrgType;
  registrationNumber: string | null;
  vatNumber: string | null;
  street: string | null;
  houseNumber: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  gatewayId: string | null;
  legitimacyStatus: CheckStatus;
  contractualStatus: CheckStatus;
  financialStatus: CheckStatus;
}

interface Aged {
  id: string;
  createdAt: Moment;
}
export interface ContactColumns extends Aged {
  kind: 'SPOC' | 'SPOC_ASSISTANT' | 'AUTHORISED_REPRESENTATIVE';
  firstName: string;
  lastName: string;
  function: string | null;
  email: string;
  phone: string | null;
  copyOfProofFileId: string | null;
}
export interface CheckColumns {
  type: CheckType;
  status: CheckStatus;
  attempt: number;
  assignee: string | null;
  submittedAt: Moment | null;
  slaDueAt: Moment | null;
  decidedAt: Moment | null;
  decidedBy: string | null;
  reason: string | null;
}
export interface MahColumns extends Aged {
  name: string;
  country: string;
  activeIn: string[];
  website: string | null;
  phone: string | null;
  email: string | null;
  licences: string[];
  active: boolean;
}
export interface MahProductColumns extends Aged {
  mahId: string;
  name: string;
  productCode: string;
  countries: string[];
}
export interface UserColumns extends Aged {
  displayName: string;
  email: string;
  obpRole: Person['role'];
  access: Person['access'];
  status: Person['status'];
  /** Who set a withdrawn standing (packages/domain withdrawnByPortal). */
  disabledBy: StandingSetter | null;
  revokedBy: StandingSetter | null;
}

/** What the legitimacy step's answer reads: the organisation's own rows, every one of each table. */
export interface ApplicationRows {
  organisation: OrganisationColumns;
  contacts: readonly ContactColumns[];
  checks: readonly CheckColumns[];
  mahs: readonly MahColumns[];
  products: readonly MahProductColumns[];
  /**
   * The organisation's users, disabled ones too, and its pending invitations of addresses that have an
   * account already, as the invited users they would be (status INVITED): the company sees both alike.
   */
  users: readonly UserColumns[];
  /** The stored files the rows name (more do no harm). */
  files: readonly StoredFileSummary[];
}

/** What the later steps read besides: the organisation's rows and the published ones. */
export interface OnboardingRows extends ApplicationRows {
  /** The template a company signs now (the highest published version), its file; null before any. */
  template: { version: number; file: StoredFileSummary; publishedAt: Moment } | null;
  /** The published PA_TICKBOX disclaimer, if any. */
  tickBoxes: { id: string; versionNumber: number; title: string; body: string } | null;
  agreement: {
    templateVersion: number;
    signedFileId: string | null;
    acceptedTerms: boolean;
    confirmedAuthority: boolean;
    tickBoxesDisclaimerId: string | null;
  } | null;
  invoicing: {
    declaredMahCount: number;
    feeCents: number;
    invoicedBeforeCents: number;
    billing: unknown;
    formFileId: string | null;
    invoiceNumber: string | null;
    invoicedAt: Moment | null;
    paidAt: Moment | null;
  } | null;
  /** Every gateway. */
  gateways: Technical['gateways'];
  csrs: ReadonlyArray<Omit<Technical['csrs'][number], 'file'> & { fileId: string }>;
  tokens: Technical['tokens'];
  testRuns: Technical['testRuns'];
}

const byAge = <Row extends Aged>(rows: readonly Row[]) =>
  rows.toSorted((a, b) => iso(a.createdAt).localeCompare(iso(b.createdAt)) || a.id.localeCompare(b.id));

/** A MAH of the register: its fields, its id and whether it is active. */
export type RegisteredMah = MahInput & { id: string; active: boolean };

/** The MAH register: every MAH with its products, in the order the company entered them. */
export const registerOf = (
  mahs: readonly MahColumns[],
  products: readonly MahProductColumns[],
): RegisteredMah[] =>
  byAge(mahs).map((mah) => ({
    ...{ id: mah.id, active: mah.active, name: fromRequiredColumn(mah.name) },
    ...{ country: eeaCountryOf(mah.country), activeIn: eeaCountriesOf(mah.activeIn) },
    ...{ website: mah.website, phone: mah.phone, email: mah.email, licences: mah.licences },
    products: byAge(products.filter((product) => product.mahId === mah.id)).map((product) => ({
      name: fromRequiredColumn(product.name),
      productCode: product.productCode,
      countries: eeaCountriesOf(product.countries),
    })),
  }));

export const contactOf = (row: Omit<ContactColumns, keyof Aged | 'kind' | 'copyOfProofFileId'>) => ({
  firstName: fromRequiredColumn(row.firstName),
  lastName: fromRequiredColumn(row.lastName),
  function: row.function,
  email: fromRequiredColumn(row.email),
  phone: row.phone,
});
const emptyContact = { firstName: null, lastName: null, function: null, email: null, phone: null };

/** The organisation's contact of each kind: the oldest row, should a kind ever have two. */
export function contactsByKind<Row extends ContactColumns>(rows: readonly Row[]) {
  const byKind: Partial<Record<Row['kind'], Row>> = {};
  for (const row of byAge(rows)) byKind[row.kind as Row['kind']] ??= row;
  return byKind;
}

/** The organisation's checks by type, those it has. */
export const checksByType = <Row extends CheckColumns>(rows: readonly Row[]) =>
  Object.fromEntries(rows.map((row) => [row.type, row])) as Partial<Record<CheckType, Row>>;

/** A named file as the answer shows it (only its summary, whatever else the caller's row holds). */
const fileIn = (rows: ApplicationRows) => (id: string | null) => {
  const file = rows.files.find((row) => row.id === id);
  return file ? { id: file.id, name: file.name, size: file.size, mime: file.mime } : null;
};

/** The legitimacy step's answer (contracts onboardingSchema): the reviewers' check detail shows it too. */
export function applicationOf(rows: ApplicationRows, access: Access): Onboarding {
  const { organisation: row } = rows;
  const contacts = contactsByKind(rows.contacts);
  const checks = checksByType(rows.checks);
  const assistant = contacts.SPOC_ASSISTANT;
  const assistantUser =
    assistant && assistant.email !== ''
      ? rows.users.find((user) => user.email.toLowerCase() === assistant.email.toLowerCase())
      : undefined;
  const representative = contacts.AUTHORISED_REPRESENTATIVE;
  const summaryOf = (type: CheckType) => {
    const check = checks[type];
    if (!check) return null;
    const { status, attempt, reason } = check;
    const dates = { submittedAt: iso(check.submittedAt), slaDueAt: iso(check.slaDueAt) };
    return { status, attempt, reason, ...dates, decidedAt: iso(check.decidedAt) };
  };
  const { street, houseNumber, postalCode, city } = row;
  return {
    organisation: {
      ...{ id: row.id, obpNumber: row.obpNumber, stage: row.stage, version: row.version },
      // domain.md: the organisation type is locked after the first submission.
      orgTypeLocked: (checks.LEGITIMACY?.attempt ?? 0) >= 1,
    },
    company: {
      ...{ legalName: row.legalName, orgType: row.orgType },
      ...{ registrationNumber: row.registrationNumber, vatNumber: row.vatNumber },
      address: { street, houseNumber, postalCode, city, country: eeaCountryOf(row.country) },
      ...{ website: row.website, phone: row.phone, email: row.email },
    },
    spoc: contacts.SPOC ? contactOf(contacts.SPOC) : emptyContact,
    spocAssistant: assistant ? { ...contactOf(assistant), status: assistantUser?.status ?? null } : null,
    authorisedRepresentative: {
      ...(representative ? contactOf(representative) : emptyContact),
      copyOfProof: fileIn(rows)(representative?.copyOfProofFileId ?? null),
    },
    mahs: registerOf(rows.mahs, rows.products)
      .filter((mah) => mah.active)
      .map(({ id: _id, active: _active, ...mah }) => mah),
    // Each check type's state; null before its first submission (no row yet).
    checks: {
      LEGITIMACY: summaryOf('LEGITIMACY'),
      CONTRACTUAL: summaryOf('CONTRACTUAL'),
      FINANCIAL: summaryOf('FINANCIAL'),
    },
    access,
  };
}

/**
 * GET /api/onboarding (and the answer of every onboarding write): the legitimacy step's answer with the
 * contractual and financial steps, the MAH register, the company's people and the technical step, each
 * step's view packages/domain's.
 */
export function onboardingAnswerOf(
  rows: OnboardingRows,
  caller: { userId: string; access: Access },
  now: Date,
): OnboardingAnswer {
  const { organisation, agreement, invoicing } = rows;
  const file = fileIn(rows);
  const checks = checksByType(rows.checks);
  const progress = progressOf(organisation, checks);
  const mahs = registerOf(rows.mahs, rows.products);
  // Those who count towards the three, and those whose access the portal withdrew (theirs to see).
  const people = byAge(rows.users.filter((row) => row.status !== 'DISABLED' || withdrawnByPortal(row)));
  const callerRow = rows.users.find((row) => row.id === caller.userId);
  const csrs = rows.csrs.flatMap(({ fileId, ...row }) => {
    const stored = file(fileId);
    return stored ? [{ ...row, file: stored }] : [];
  });
  return {
    ...applicationOf(rows, caller.access),
    contractual: contractualStepOf({
      ...{ progress, template: rows.template, tickBoxes: rows.tickBoxes },
      agreement: agreement && { ...agreement, signedFile: file(agreement.signedFileId) },
    }),
    financial: financialStepOf({
      progress,
      activeMahCount: mahs.filter((mah) => mah.active).length,
      invoicing: invoicing && {
        ...invoicing,
        billing: billingOf(invoicing.billing),
        form: file(invoicing.formFileId),
      },
      check: checks.FINANCIAL ? checkRecordOf(checks.FINANCIAL) : null,
    }),
    mahRegister: { editable: canEditMahRegister(progress), mahs },
    people: people.map((row) => ({
      ...{ id: row.id, name: row.displayName, email: row.email, role: row.obpRole },
      ...{ access: row.access, status: row.status, you: row.id === caller.userId },
      withdrawnByPortal: withdrawnByPortal(row),
    })),
    canManagePeople: managesPeople({ access: caller.access, obpRole: callerRow?.obpRole ?? null }),
    technical: technicalStepOf(
      {
        ...{ stage: organisation.stage, access: caller.access, gateways: rows.gateways, csrs },
        gateway: rows.gateways.find((gateway) => gateway.id === organisation.gatewayId) ?? null,
        ...{ tokens: rows.tokens, testRuns: rows.testRuns },
      },
      now,
    ),
  };
}
