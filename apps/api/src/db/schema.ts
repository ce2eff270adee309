import type {
  CHECK_TYPES,
  CheckStatus,
  DisclaimerContentColumns,
  FilePurpose,
  GatewayColumns,
  LinkColumns,
  OrganisationColumns,
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
import type {
  ColumnType,
  Insertable,
  InsertType,
  Kysely,
  Selectable,
  SelectType,
  Transaction,
  UpdateType,
} from 'kysely';
import type { MigratedTables } from './schema.generated.js';

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

/*
 * Each column is declared once, by its migration: schema.generated.ts is every table as a migrated database
 * has it (its columns, their types, nullability and defaults; table-types.test.ts fails when it is behind
 * the migrations). Here a table only narrows what SQL cannot say to TypeScript: the values a text column's
 * check constraint allows, a contract's types, the columns the API never writes.
 */
type Migrated = MigratedTables;

/** A narrowing that is a whole Kysely column type (its own insert and update rules), not only a read. */
type WholeColumn = ColumnType<unknown, unknown, unknown>;

/** A column read as `Read` and written with the values it reads, on the migrated column's terms. */
type Narrowed<Column, Read> = [Read] extends [WholeColumn]
  ? Read
  : ColumnType<
      Read,
      [InsertType<Column>] extends [never]
        ? never
        : undefined extends InsertType<Column>
          ? Read | undefined
          : Read,
      [UpdateType<Column>] extends [never] ? never : Read
    >;

/**
 * What a narrowing may say of a migrated column: that it reads fewer values (never others), and of a table
 * (not a view, whose every column information_schema calls nullable) that it is null exactly when the column
 * may be. A narrowing of a column the migrations do not have, or of another type, fails the type check.
 */
type Narrowing<Columns, Narrow, OfView extends boolean> = {
  [K in keyof Narrow]: K extends keyof Columns
    ? SelectType<Narrow[K]> extends SelectType<Columns[K]>
      ? OfView extends true
        ? Narrow[K]
        : null extends SelectType<Columns[K]>
          ? null extends SelectType<Narrow[K]>
            ? Narrow[K]
            : never
          : Narrow[K]
      : never
    : never;
};

/** The columns as the migrations make them, those `Narrow` names narrowed. */
type WithNarrowed<Columns, Narrow> = {
  [K in keyof Columns]: K extends keyof Narrow ? Narrowed<Columns[K], Narrow[K]> : Columns[K];
};

/** A table as its migrations make it, with the columns `Narrow` names narrowed. */
type Table<
  Name extends keyof Migrated,
  Narrow extends Narrowing<Migrated[Name], Narrow, false> = Record<never, never>,
> = WithNarrowed<Migrated[Name], Narrow>;

/** A view, whose columns a narrowing may also say are never null. */
type View<Name extends keyof Migrated, Narrow extends Narrowing<Migrated[Name], Narrow, true>> = WithNarrowed<
  Migrated[Name],
  Narrow
>;

/** The columns every business table has (domain.md), which a contract's row may leave out. */
type AuditedColumn = 'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy' | 'version';

/**
 * A table whose row is a contract's (packages/contracts): its columns read as the contract says, but for the
 * audited ones and the date-times `Dates`, which stay the database's. The contract names every other column
 * of the table and no column the table lacks, or the type check fails.
 */
type ContractTable<
  Name extends keyof Migrated,
  Row extends Record<Exclude<keyof Migrated[Name], AuditedColumn>, unknown> &
    Record<Exclude<keyof Row, keyof Migrated[Name]>, never>,
  Dates extends keyof Row = never,
> = Table<Name, Pick<Row, Exclude<keyof Row, AuditedColumn | Dates>>>;

type OrgType = OrganisationColumns['orgType'];
type CheckType = (typeof CHECK_TYPES)[number];
/** A column the database keeps (a trigger or a generated column): the API reads it, never writes it. */
type KeptByTheDatabase<Read> = ColumnType<Read, never, never>;
/** A column written once, with its row (or by its default), and never changed. */
type WrittenOnce<Read, Write = Read> = ColumnType<Read, Write | undefined, never>;
/** A timestamp written once: the database's time unless the row gives its own. */
type WrittenAt = WrittenOnce<Date, Date | string>;

/** environments: a non-empty subset of GATEWAY_ENVIRONMENTS (migration 0002). */
export type GatewaysTable = ContractTable<'gateways', GatewayColumns, 'certifiedAt'>;

export type OrganisationsTable = Table<
  'organisations',
  Pick<
    OrganisationColumns,
    'orgType' | 'stage' | 'legitimacyStatus' | 'contractualStatus' | 'financialStatus'
  > & {
    // Migration 0018: the company's test runs summed up, kept current by triggers on test_runs and
    // stage_events.
    lastRunAt: KeptByTheDatabase<Date | null>;
    iteRuns: KeptByTheDatabase<number>;
    itePassed: KeptByTheDatabase<number>;
    iqeRuns: KeptByTheDatabase<number>;
    iqePassed: KeptByTheDatabase<number>;
    prdRuns: KeptByTheDatabase<number>;
    prdPassed: KeptByTheDatabase<number>;
    firstProductionAt: KeptByTheDatabase<Date | null>;
  }
>;

type UsersTable = Table<
  'users',
  {
    roles: Role[];
    obpRole: 'INITIAL_REQUESTER' | 'SPOC' | 'SPOC_ASSISTANT' | null;
    access: 'FULL' | 'READ_ONLY' | 'REVOKED';
    status: 'INVITED' | 'ACTIVE' | 'DISABLED';
    /** Who disabled a DISABLED user (migration 0016): a company may invite again only whom it removed. */
    disabledBy: 'ADMIN' | 'COMPANY' | null;
    /** Who revoked a REVOKED user's access (migration 0022): what the portal withdrew, the company never undoes. */
    revokedBy: 'ADMIN' | 'COMPANY' | null;
  }
>;

/**
 * A company's invitation of an address that has an account already (migration 0023): shown to the
 * company as an invited person; accepted only by an external account of no company.
 */
type PersonInvitationsTable = Table<
  'personInvitations',
  { obpRole: WrittenOnce<'SPOC_ASSISTANT'>; access: 'FULL' | 'READ_ONLY' }
>;

export type ContactsTable = Table<
  'contacts',
  { kind: 'SPOC' | 'SPOC_ASSISTANT' | 'AUTHORISED_REPRESENTATIVE' }
>;

export type ChecksTable = Table<'checks', { type: CheckType; status: CheckStatus }>;

/**
 * The view review_queue (migration 0014): the checks in the reviewers' queues with their organisation's
 * columns, as those tables declare them (every check has its organisation).
 */
type ReviewQueueView = View<
  'reviewQueue',
  Pick<
    Selectable<ChecksTable>,
    | 'id'
    | 'type'
    | 'organisationId'
    | 'submittedAt'
    | 'slaDueAt'
    | 'attempt'
    | 'status'
    | 'assignee'
    | 'version'
  > &
    Pick<
      Selectable<OrganisationsTable>,
      'obpNumber' | 'legalName' | 'orgType' | 'country' | 'email' | 'mahCount'
    >
>;

/** Append-only, like the other event tables: a row is never changed. */
type CheckEventsTable = Table<
  'checkEvents',
  {
    fromStatus: CheckStatus | null;
    toStatus: CheckStatus;
    /** The actor's role, or SYSTEM for the rules no person triggers (packages/domain CheckActorRole). */
    role: Role | 'SYSTEM';
    at: WrittenAt;
  }
>;

export type TooltipsTable = ContractTable<'tooltips', TooltipColumns>;

export type DisclaimerContentsTable = ContractTable<
  'disclaimerContents',
  DisclaimerContentColumns,
  'publishedAt'
>;

/** The contract's stored columns: spec §7's `order` is the column sort_order, in its list (list_id). */
type LinksTable = ContractTable<'links', LinkColumns>;

export type InvoicingInformationTable = Table<
  'invoicingInformation',
  {
    /** The billing details the company gave (the second half of onboarding), written as JSON text. */
    billing: ColumnType<unknown, string | undefined, string>;
  }
>;

/** migration 0008: domain.md CertificateRequest, a CSR file the company uploaded for an environment. */
type CertificateRequestsTable = Table<
  'certificateRequests',
  { environment: TechnicalEnvironment; status: CertificateRequestStatus }
>;

/**
 * migration 0008: domain.md SessionToken. The value is stored encrypted (company/token-cipher.ts:
 * AES-256-GCM, base64 ciphertext with its tag, base64 nonce, key id) and shown to the company once.
 */
type SessionTokensTable = Table<
  'sessionTokens',
  { environment: TechnicalEnvironment; status: SessionTokenStatus }
>;

/** migration 0008: domain.md TestRun. */
type TestRunsTable = Table<
  'testRuns',
  { environment: TestRunEnvironment; result: TestResult; source: TestRunSource }
>;

/** Append-only: a row is written with its change and never changed. */
type AuditLogTable = Table<
  'auditLog',
  {
    at: WrittenAt;
    address: WrittenOnce<string | null>;
    /** The company the record belongs to, set as the row is written (migration 0018 audit_organisation_of). */
    organisationId: WrittenOnce<string | null>;
    /**
     * The record's name as it was when the row was written (migration 0022): given by a DELETE, else looked
     * up as the row is inserted; a reader prefers the current name and falls back on this one.
     */
    entityName: WrittenOnce<string | null>;
  }
>;

/** Migration 0022: a reviewer's internal note on a check (never the company's to read). */
type CheckNotesTable = Table<'checkNotes', { createdAt: WrittenAt }>;

/** `kept`: an administrator's upload, kept with no record referencing it: the orphan sweep leaves it (0015). */
type StoredFilesTable = Table<'storedFiles', { purpose: FilePurpose }>;

type OutboxTable = Table<'outbox', { status: 'PENDING' | 'SENT' | 'FAILED'; createdAt: WrittenAt }>;

type RegistrationsTable = Table<
  'registrations',
  { orgType: OrgType; status: 'PENDING_CONFIRMATION' | 'CONFIRMED' | 'COMPLETED' }
>;

export type AccountTokenPurpose = 'CONFIRM_REGISTRATION' | 'INVITATION';

type AccountTokensTable = Table<
  'accountTokens',
  {
    purpose: AccountTokenPurpose;
    /** A company's invitation of an existing account (migration 0023): using the link joins that company. */
    personInvitationId: WrittenOnce<string | null>;
  }
>;

/**
 * migration 0010 stage_events: one move of an application by hand (packages/domain StageEventDraft),
 * append-only like check_events; the metrics' median days to production reads the moves into TECHNICAL_PRD.
 */
type StageEventsTable = Table<
  'stageEvents',
  { move: StageMove; fromStage: Stage; toStage: Stage; role: Role; at: WrittenAt }
>;

/** A signed-in person's latest reading of one web vital (migration 0022): one row per person and vital. */
type WebVitalReadingsTable = Table<'webVitalReadings', { name: 'LCP' | 'INP' | 'CLS' }>;

/** One row per change a browser may hear of (migration 0021); the id is the SSE event id. */
export type ChangeEventsTable = Table<
  'changeEvents',
  {
    kind: 'check' | 'application' | 'sessionToken' | 'testRun' | 'stage';
    checkType: CheckType | null;
    at: WrittenAt;
  }
>;

/** A single-use ticket opening one event stream, stored as its SHA-256. */
type EventTicketsTable = Table<'eventTickets', { roles: Role[] }>;

export interface DB {
  checkNotes: CheckNotesTable;
  webVitalReadings: WebVitalReadingsTable;
  registrations: RegistrationsTable;
  accountTokens: AccountTokensTable;
  disclaimerAcceptances: Table<'disclaimerAcceptances'>;
  storedFiles: StoredFilesTable;
  outbox: OutboxTable;
  gateways: GatewaysTable;
  organisations: OrganisationsTable;
  users: UsersTable;
  personInvitations: PersonInvitationsTable;
  contacts: ContactsTable;
  mahs: Table<'mahs'>;
  mahProducts: Table<'mahProducts'>;
  checks: ChecksTable;
  checkEvents: CheckEventsTable;
  stageEvents: StageEventsTable;
  tooltips: TooltipsTable;
  disclaimerContents: DisclaimerContentsTable;
  links: LinksTable;
  auditLog: AuditLogTable;
  participationAgreements: Table<'participationAgreements'>;
  invoicingInformation: InvoicingInformationTable;
  agreementTemplates: Table<'agreementTemplates'>;
  certificateRequests: CertificateRequestsTable;
  sessionTokens: SessionTokensTable;
  testRuns: TestRunsTable;
  reviewQueue: ReviewQueueView;
  changeEvents: ChangeEventsTable;
  eventTickets: EventTicketsTable;
  checkPresence: Table<'checkPresence'>;
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
