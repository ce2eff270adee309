import type {
  CheckColumns,
  ContactColumns,
  DisclaimerContentColumns,
  GatewayColumns,
  LinkColumns,
  MahColumns,
  MahProductColumns,
  OrganisationColumns,
  Tooltip,
} from '@portal/contracts';
import type {
  CheckStatus,
  FilePurpose,
  Role,
  SessionTokenStatus,
  Stage,
  StageMove,
  TechnicalEnvironment,
  TestResult,
  TestRunEnvironment,
  TestRunSource,
} from '@portal/domain';

/**
 * The demo world's rows, one array per table of apps/api db/schema.ts and named like it (camelCase, as
 * Kysely's CamelCasePlugin names the SQL tables). Dates are ISO strings, so the rows are plain JSON: the
 * API's demo seed inserts them as they are (mock mode's world runs that seed too, over PGlite).
 */

/** Columns every business table has (domain.md). */
export interface Audited {
  id: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
  version: number;
}

export interface UserRow extends Audited {
  email: string;
  displayName: string;
  roles: Role[];
  organisationId: string | null;
  obpRole: 'INITIAL_REQUESTER' | 'SPOC' | 'SPOC_ASSISTANT' | null;
  access: 'FULL' | 'READ_ONLY' | 'REVOKED';
  status: 'INVITED' | 'ACTIVE' | 'DISABLED';
}

/** A gateway's row is the contract's stored columns. */
export type GatewayRow = GatewayColumns;

/** The columns the onboarding answer reads are contracts' (onboarding-answer-of.ts); the rest are here. */
export interface OrganisationRow extends Audited, Omit<OrganisationColumns, keyof Audited> {
  mahCount: number;
  submittedAt: string | null;
}

export interface ContactRow extends Audited, Omit<ContactColumns, keyof Audited> {
  organisationId: string;
}

export interface MahRow extends Audited, Omit<MahColumns, keyof Audited> {
  organisationId: string;
}

export interface MahProductRow extends Audited, Omit<MahProductColumns, keyof Audited> {}

/** A check's columns are contracts'; its times are ISO strings here (plain JSON). */
export interface CheckRow extends Audited, Omit<CheckColumns, 'submittedAt' | 'slaDueAt' | 'decidedAt'> {
  organisationId: string;
  submittedAt: string | null;
  slaDueAt: string | null;
  decidedAt: string | null;
}

export interface CheckEventRow {
  id: string;
  checkId: string;
  fromStatus: CheckStatus | null;
  toStatus: CheckStatus;
  actor: string;
  role: Role | 'SYSTEM';
  comment: string | null;
  at: string;
}

export interface StageEventRow {
  id: string;
  organisationId: string;
  move: StageMove;
  fromStage: Stage;
  toStage: Stage;
  actor: string;
  role: Role;
  comment: string | null;
  at: string;
}

/** A tooltip's row is the contract's tooltip. */
export type TooltipRow = Tooltip;

/** A disclaimer version's row is the contract's stored columns. */
export type DisclaimerContentRow = DisclaimerContentColumns;

/** A link's row: the contract's stored columns (spec §7's `order` as sortOrder, its list) and the audited ones. */
export interface LinkRow extends Audited, Omit<LinkColumns, keyof Audited> {}

/**
 * A stored file's row without where the bytes live (the API's store names its container and blob key and
 * hashes the content): `content` is the file itself, ASCII text (the demo's files are small PDFs).
 */
export interface StoredFileRow extends Audited {
  name: string;
  mime: string;
  size: number;
  purpose: FilePurpose;
  organisationId: string | null;
  uploadedBy: string;
  refCount: number;
  content: string;
}

export interface AgreementTemplateRow {
  version: number;
  fileId: string;
  publishedAt: string;
  publishedBy: string;
}

export interface ParticipationAgreementRow extends Audited {
  organisationId: string;
  templateVersion: number;
  signedFileId: string | null;
  acceptedTerms: boolean;
  confirmedAuthority: boolean;
  tickBoxesDisclaimerId: string | null;
}

/** The financial step's billing details (contracts' invoicing body). */
export interface BillingDetails {
  legalEntity: string;
  address: {
    street: string | null;
    houseNumber: string | null;
    postalCode: string | null;
    city: string | null;
    country: string | null;
  };
  vatNumber: string | null;
  purchaseOrderNumber: string | null;
  billingEmail: string | null;
}

export interface InvoicingInformationRow extends Audited {
  organisationId: string;
  declaredMahCount: number;
  feeCents: number;
  billing: BillingDetails;
  formFileId: string | null;
  invoiceNumber: string | null;
  invoicedAt: string | null;
  paidAt: string | null;
  invoicedBeforeCents: number;
}

export interface SessionTokenRow extends Audited {
  organisationId: string;
  environment: TechnicalEnvironment;
  status: SessionTokenStatus;
  requestedBy: string;
  requestedAt: string;
  issuedBy: string | null;
  issuedAt: string | null;
  expiresAt: string | null;
  shownAt: string | null;
  cancelledBy: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
}

export interface TestRunRow extends Audited {
  organisationId: string;
  environment: TestRunEnvironment;
  scenario: string;
  result: TestResult;
  errorCode: string | null;
  executedAt: string;
  source: TestRunSource;
  approvedBy: string | null;
}

/** The demo world: every table the demo fills, in an order that inserts parents before children. */
export interface DemoTables {
  gateways: GatewayRow[];
  organisations: OrganisationRow[];
  storedFiles: StoredFileRow[];
  users: UserRow[];
  contacts: ContactRow[];
  mahs: MahRow[];
  mahProducts: MahProductRow[];
  checks: CheckRow[];
  checkEvents: CheckEventRow[];
  stageEvents: StageEventRow[];
  tooltips: TooltipRow[];
  disclaimerContents: DisclaimerContentRow[];
  links: LinkRow[];
  agreementTemplates: AgreementTemplateRow[];
  participationAgreements: ParticipationAgreementRow[];
  invoicingInformation: InvoicingInformationRow[];
  sessionTokens: SessionTokenRow[];
  testRuns: TestRunRow[];
}
