import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/** Columns every business table has (domain.md): set by the database on insert, by the repository after. */
interface Audited {
  id: Generated<string>;
  createdAt: ColumnType<Date, Date | string | undefined, Date>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date>;
  createdBy: string;
  updatedBy: string;
  version: Generated<number>;
}

type Timestamp = ColumnType<Date, Date | string, Date | string>;

import type {
  CHECK_TYPES,
  CheckStatus,
  DisclaimerContentColumns,
  FilePurpose,
  GatewayColumns,
  LinkColumns,
  ORG_TYPES,
  Role,
  Stage,
  Tooltip as TooltipColumns,
} from '@portal/contracts';
import type {
  CertificateRequestStatus,
  SessionTokenStatus,
  StageMove,
  TechnicalEnvironment,
  TestResult,
  TestRunEnvironment,
  TestRunSource,
} from '@portal/domain';

// The enums live in @portal/contracts, shared with the SPA; the tables below are typed with them.
export {
  CHECK_STATUSES,
  CHECK_TYPES,
  type CheckStatus,
  GATEWAY_ENVIRONMENTS,
  GATEWAY_TYPES,
  type GatewayEnvironment,
  type GatewayType,
  ORG_TYPES,
  ROLES,
  type Role,
  STAGES,
  type Stage,
} from '@portal/contracts';

/**
 * A table's columns from its row in the contracts (a field is declared in its migration and its
 * contract, not again here): the audited columns as the database fills them, the ISO date-times `Dates` as
 * timestamps, and the columns `Defaulted` (a database default) optional on insert.
 */
type TableOf<Row, Dates extends keyof Row = never, Defaulted extends keyof Row = never> = Audited & {
  [K in Exclude<keyof Row, keyof Audited | Dates | Defaulted>]: Row[K];
} & { [K in Dates]: null extends Row[K] ? Timestamp | null : Timestamp } & {
  [K in Defaulted]: ColumnType<Row[K], Row[K] | undefined, Row[K]>;
};

/** environments: a non-empty subset of GATEWAY_ENVIRONMENTS (migration 0002). */
export type GatewaysTable = TableOf<GatewayColumns, 'certifiedAt', 'certified' | 'active'>;

export interface OrganisationsTable extends Audited {
  obpNumber: string;
  legalName: string;
  orgType: (typeof ORG_TYPES)[number];
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
  stage: Stage;
  legitimacyStatus: ColumnType<CheckStatus, CheckStatus | undefined, CheckStatus>;
  contractualStatus: ColumnType<CheckStatus, CheckStatus | undefined, CheckStatus>;
  financialStatus: ColumnType<CheckStatus, CheckStatus | undefined, CheckStatus>;
  gatewayId: string | null;
  mahCount: ColumnType<number, number | undefined, number>;
  submittedAt: Timestamp | null;
  // Migration 0018: the company's test runs summed up, kept current by triggers on
  // test_runs and stage_events; the API reads them, never writes them.
  lastRunAt: ColumnType<Date | null, never, never>;
  iteRuns: ColumnType<number, never, never>;
  itePassed: ColumnType<number, never, never>;
  iqeRuns: ColumnType<number, never, never>;
  iqePassed: ColumnType<number, never, never>;
  prdRuns: ColumnType<number, never, never>;
  prdPassed: ColumnType<number, never, never>;
  passRateIte: ColumnType<number | null, never, never>;
  passRateIqe: ColumnType<number | null, never, never>;
  passRatePrd: ColumnType<number | null, never, never>;
  firstProductionAt: ColumnType<Date | null, never, never>;
  daysToProduction: ColumnType<number | null, never, never>;
}

export interface UsersTable extends Audited {
  externalId: string | null;
  email: string;
  displayName: string;
  roles: ColumnType<Role[], Role[] | undefined, Role[]>;
  organisationId: string | null;
  obpRole: 'INITIAL_REQUESTER' | 'SPOC' | 'SPOC_ASSISTANT' | null;
  access: ColumnType<'FULL' | 'READ_ONLY' | 'REVOKED', 'FULL' | 'READ_ONLY' | 'REVOKED' | undefined>;
  status: ColumnType<'INVITED' | 'ACTIVE' | 'DISABLED', 'INVITED' | 'ACTIVE' | 'DISABLED' | undefined>;
  passwordHash: string | null;
  lastLoginAt: Timestamp | null;
  /** Who disabled a DISABLED user (migration 0016): a company may invite again only whom it removed. */
  disabledBy: ColumnType<'ADMIN' | 'COMPANY' | null, 'ADMIN' | 'COMPANY' | null | undefined>;
  /** Who revoked a REVOKED user's access (migration 0022): what the portal withdrew, the company never undoes. */
  revokedBy: ColumnType<'ADMIN' | 'COMPANY' | null, 'ADMIN' | 'COMPANY' | null | undefined>;
}

/**
 * A company's invitation of an address that has an account already (migration 0023): shown to the
 * company as an invited person; accepted only by an external account of no company.
 */
export interface PersonInvitationsTable extends Audited {
  organisationId: string;
  userId: string;
  email: string;
  displayName: string;
  obpRole: ColumnType<'SPOC_ASSISTANT', 'SPOC_ASSISTANT' | undefined, never>;
  access: ColumnType<'FULL' | 'READ_ONLY', 'FULL' | 'READ_ONLY' | undefined>;
}

export interface ContactsTable extends Audited {
  organisationId: string;
  kind: 'SPOC' | 'SPOC_ASSISTANT' | 'AUTHORISED_REPRESENTATIVE';
  firstName: string;
  lastName: string;
  function: string | null;
  email: string;
  phone: string | null;
  copyOfProofFileId: string | null;
}

export interface MahsTable extends Audited {
  organisationId: string;
  name: string;
  country: string;
  activeIn: ColumnType<string[], string[] | undefined, string[]>;
  website: string | null;
  phone: string | null;
  email: string | null;
  licences: ColumnType<string[], string[] | undefined, string[]>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface MahProductsTable extends Audited {
  mahId: string;
  name: string;
  productCode: string;
  countries: ColumnType<string[], string[] | undefined, string[]>;
}

export interface ChecksTable extends Audited {
  organisationId: string;
  type: (typeof CHECK_TYPES)[number];
  status: CheckStatus;
  attempt: ColumnType<number, number | undefined, number>;
  submittedAt: Timestamp | null;
  assignee: string | null;
  decidedAt: Timestamp | null;
  decidedBy: string | null;
  reason: string | null;
  slaDueAt: Timestamp | null;
}

/**
 * The view review_queue (migration 0014): the checks in the reviewers' queues with their organisation's
 * columns (those the organisations table holds not null are not null here: every check has its organisation).
 */
export interface ReviewQueueView {
  id: string;
  type: (typeof CHECK_TYPES)[number];
  organisationId: string;
  obpNumber: string;
  legalName: string;
  orgType: (typeof ORG_TYPES)[number];
  country: string | null;
  email: string | null;
  mahCount: number;
  submittedAt: Date | null;
  slaDueAt: Date | null;
  attempt: number;
  status: CheckStatus;
  assignee: string | null;
  version: number;
}

export interface CheckEventsTable {
  id: Generated<string>;
  checkId: string;
  fromStatus: CheckStatus | null;
  toStatus: CheckStatus;
  actor: string;
  /** The actor's role, or SYSTEM for the rules no person triggers (packages/domain CheckActorRole). */
  role: Role | 'SYSTEM';
  comment: string | null;
  at: ColumnType<Date, Date | string | undefined, never>;
}

export type TooltipsTable = TableOf<TooltipColumns, never, 'active'>;

export type DisclaimerContentsTable = TableOf<DisclaimerContentColumns, 'publishedAt', 'requiresAcceptance'>;

/** The contract's stored columns: spec §7's `order` is the column sort_order, in its list (list_id). */
export type LinksTable = TableOf<LinkColumns, never, 'active'>;

export interface ParticipationAgreementsTable extends Audited {
  organisationId: string;
  templateVersion: number;
  signedFileId: string | null;
  acceptedTerms: ColumnType<boolean, boolean | undefined, boolean>;
  confirmedAuthority: ColumnType<boolean, boolean | undefined, boolean>;
  /** The PA_TICKBOX disclaimer version the boxes were ticked on (migration 0007). */
  tickBoxesDisclaimerId: string | null;
}

/** migration 0007: each published version of the participation agreement template (a stored file). */
export interface AgreementTemplatesTable {
  version: number;
  fileId: string;
  publishedAt: ColumnType<Date, Date | string | undefined, never>;
  publishedBy: string;
}

export interface InvoicingInformationTable extends Audited {
  organisationId: string;
  declaredMahCount: number;
  feeCents: number;
  /** The billing details the company gave (issue: second half of onboarding), as JSON. */
  billing: ColumnType<unknown, string | undefined, string>;
  formFileId: string | null;
  invoiceNumber: string | null;
  invoicedAt: Timestamp | null;
  paidAt: Timestamp | null;
  /** What earlier invoicing forms were invoiced, EUR cents (migration 0007). */
  invoicedBeforeCents: ColumnType<number, number | undefined, number>;
}

/** migration 0008: domain.md CertificateRequest, a CSR file the company uploaded for an environment. */
export interface CertificateRequestsTable extends Audited {
  organisationId: string;
  environment: TechnicalEnvironment;
  fileId: string;
  status: ColumnType<
    CertificateRequestStatus,
    CertificateRequestStatus | undefined,
    CertificateRequestStatus
  >;
}

/**
 * migration 0008: domain.md SessionToken. The value is stored encrypted (company/token-cipher.ts:
 * AES-256-GCM, base64 ciphertext with its tag, base64 nonce, key id) and shown to the company once.
 */
export interface SessionTokensTable extends Audited {
  organisationId: string;
  environment: TechnicalEnvironment;
  status: ColumnType<SessionTokenStatus, SessionTokenStatus | undefined, SessionTokenStatus>;
  requestedBy: string;
  requestedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  issuedBy: string | null;
  issuedAt: Timestamp | null;
  expiresAt: Timestamp | null;
  valueCiphertext: string | null;
  valueNonce: string | null;
  keyId: string | null;
  shownAt: Timestamp | null;
  cancelledBy: string | null;
  cancelledAt: Timestamp | null;
  cancelReason: string | null;
}

/** migration 0008: domain.md TestRun. */
export interface TestRunsTable extends Audited {
  organisationId: string;
  environment: TestRunEnvironment;
  scenario: string;
  result: TestResult;
  errorCode: string | null;
  executedAt: Timestamp;
  source: TestRunSource;
  approvedBy: string | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor: string;
  action: string;
  entity: string;
  entityId: string;
  diff: unknown;
  at: ColumnType<Date, Date | string | undefined, never>;
  address: ColumnType<string | null, string | null | undefined, never>;
  /** The company the record belongs to, set as the row is written (migration 0018 audit_organisation_of). */
  organisationId: ColumnType<string | null, string | null | undefined, never>;
  /**
   * The record's name as it was when the row was written (migration 0022): given by a DELETE, else looked
   * up as the row is inserted; a reader prefers the current name and falls back on this one.
   */
  entityName: ColumnType<string | null, string | null | undefined, never>;
}

/** Migration 0022: a reviewer's internal note on a check (never the company's to read). */
export interface CheckNotesTable {
  id: Generated<string>;
  checkId: string;
  author: string;
  body: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface StoredFilesTable extends Audited {
  container: string;
  blobKey: string;
  name: string;
  mime: string;
  size: number;
  sha256: string;
  purpose: FilePurpose;
  organisationId: string | null;
  uploadedBy: string;
  refCount: Generated<number>;
  /** An administrator's upload, kept with no record referencing it: the orphan sweep leaves it (0015). */
  kept: Generated<boolean>;
}

export interface OutboxTable {
  id: Generated<string>;
  toAddress: string;
  subject: string;
  text: string;
  link: string | null;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  nextAttemptAt: ColumnType<Date, Date | string | undefined, Date | string>;
  lastError: string | null;
  sentAt: Timestamp | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface RegistrationsTable extends Audited {
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  orgType: (typeof ORG_TYPES)[number];
  status: Generated<'PENDING_CONFIRMATION' | 'CONFIRMED' | 'COMPLETED'>;
  disclaimerContentId: string;
  acceptedAt: Generated<Date>;
  resendCount: Generated<number>;
  lastSentAt: Timestamp | null;
  organisationId: string | null;
  userId: string | null;
}

export type AccountTokenPurpose = 'CONFIRM_REGISTRATION' | 'INVITATION';

export interface AccountTokensTable {
  id: Generated<string>;
  tokenHash: string;
  purpose: AccountTokenPurpose;
  registrationId: string | null;
  userId: string | null;
  /** A company's invitation of an existing account (migration 0023): using the link joins that company. */
  personInvitationId: ColumnType<string | null, string | null | undefined, never>;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Generated<Date>;
}

export interface DisclaimerAcceptancesTable {
  id: Generated<string>;
  userId: string;
  disclaimerContentId: string;
  at: Generated<Date>;
}

/**
 * migration 0010 stage_events: one move of an application by hand (packages/domain StageEventDraft),
 * append-only like check_events; the metrics' median days to production reads the moves into TECHNICAL_PRD.
 */
export interface StageEventsTable {
  id: Generated<string>;
  organisationId: string;
  move: StageMove;
  fromStage: Stage;
  toStage: Stage;
  actor: string;
  role: Role;
  comment: string | null;
  at: ColumnType<Date, Date | string | undefined, never>;
}

/** A Core Web Vital a browser reported (migration 0017). */
/** A signed-in person's latest reading of one web vital (migration 0022): one row per person and vital. */
export interface WebVitalReadingsTable {
  subject: string;
  name: 'LCP' | 'INP' | 'CLS';
  screen: string;
  value: number;
  at: ColumnType<Date, Date | undefined, Date>;
}

/** One row per change a browser may hear of (migration 0021); the id is the SSE event id. */
export interface ChangeEventsTable {
  id: Generated<string>;
  kind: 'check' | 'application' | 'sessionToken' | 'testRun' | 'stage';
  action: string;
  entityId: string;
  organisationId: string | null;
  version: number | null;
  checkType: (typeof CHECK_TYPES)[number] | null;
  actor: string;
  actorName: string;
  at: ColumnType<Date, Date | undefined, never>;
}

/** A single-use ticket opening one event stream, stored as its SHA-256. */
export interface EventTicketsTable {
  ticketHash: Buffer;
  subject: string;
  email: string | null;
  name: string | null;
  roles: Role[];
  organisationId: string | null;
  expiresAt: Date;
}

/** A reviewer who has a check open, until the row expires. */
export interface CheckPresenceTable {
  checkId: string;
  viewer: string;
  viewerName: string;
  expiresAt: Date;
}

export interface DB {
  checkNotes: CheckNotesTable;
  webVitalReadings: WebVitalReadingsTable;
  registrations: RegistrationsTable;
  accountTokens: AccountTokensTable;
  disclaimerAcceptances: DisclaimerAcceptancesTable;
  storedFiles: StoredFilesTable;
  outbox: OutboxTable;
  gateways: GatewaysTable;
  organisations: OrganisationsTable;
  users: UsersTable;
  personInvitations: PersonInvitationsTable;
  contacts: ContactsTable;
  mahs: MahsTable;
  mahProducts: MahProductsTable;
  checks: ChecksTable;
  checkEvents: CheckEventsTable;
  stageEvents: StageEventsTable;
  tooltips: TooltipsTable;
  disclaimerContents: DisclaimerContentsTable;
  links: LinksTable;
  auditLog: AuditLogTable;
  participationAgreements: ParticipationAgreementsTable;
  invoicingInformation: InvoicingInformationTable;
  agreementTemplates: AgreementTemplatesTable;
  certificateRequests: CertificateRequestsTable;
  sessionTokens: SessionTokensTable;
  testRuns: TestRunsTable;
  reviewQueue: ReviewQueueView;
  changeEvents: ChangeEventsTable;
  eventTickets: EventTicketsTable;
  checkPresence: CheckPresenceTable;
}

/** The database or a transaction on it: what a read takes that also runs inside a writer's transaction. */
export type Db = Kysely<DB> | Transaction<DB>;

export type Organisation = Selectable<OrganisationsTable>;
export type CheckRow = Selectable<ChecksTable>;
export type NewOrganisation = Insertable<OrganisationsTable>;
export type Gateway = Selectable<GatewaysTable>;
export type Tooltip = Selectable<TooltipsTable>;
export type StoredFile = Selectable<StoredFilesTable>;
export type Registration = Selectable<RegistrationsTable>;
export type AccountToken = Selectable<AccountTokensTable>;
export type OutboxMail = Selectable<OutboxTable>;
