import type { AuditRow } from '@portal/contracts';
import { type DemoTables, demoWorld, type SessionTokenRow } from '@portal/demo-data';
import type {
  AccountTokenPurpose,
  CertificateRequestStatus,
  RegistrationFacts,
  TechnicalEnvironment,
} from '@portal/domain';

/**
 * Mock mode's one store: the tables of the API's database (apps/api db/schema.ts), named as there and
 * filled with the same demo world the API's demo seed inserts (@portal/demo-data). Every handler reads and
 * writes these arrays; nothing else keeps state, so what one role does (a company submits) is what the
 * next one sees (the reviewer's queue).
 */

/** A row of the audit trail (apps/api db audit.ts): the trail's answer (contracts) without the names it joins. */
export type AuditLogRow = Omit<
  AuditRow,
  'actorName' | 'entityName' | 'organisationId' | 'companyName' | 'obpNumber'
>;

/** A self-registration (apps/api registrations), until its confirmation creates the company. */
export interface RegistrationRow extends RegistrationFacts {
  id: string;
  status: 'PENDING_CONFIRMATION' | 'CONFIRMED' | 'COMPLETED';
  disclaimerContentId: string;
  acceptedAt: string;
  resendCount: number;
  lastSentAt: string | null;
  organisationId: string | null;
  userId: string | null;
}

/** A confirmation or invitation link's token (apps/api account_tokens; mock mode keeps the token itself). */
export interface AccountTokenRow {
  id: string;
  token: string;
  purpose: AccountTokenPurpose;
  registrationId: string | null;
  userId: string | null;
  expiresAt: string;
  usedAt: string | null;
}

/** A CSR the company uploaded (apps/api certificate_requests). */
export interface CertificateRequestRow {
  id: string;
  organisationId: string;
  environment: TechnicalEnvironment;
  fileId: string;
  status: CertificateRequestStatus;
  createdAt: string;
  version: number;
}

/** Who accepted which disclaimer version (apps/api disclaimer_acceptances). */
export interface DisclaimerAcceptanceRow {
  id: string;
  userId: string;
  disclaimerContentId: string;
  at: string;
}

/** A mail the API would send (apps/api outbox), for the dev outbox screen. */
export interface OutboxRow {
  id: string;
  toAddress: string;
  subject: string;
  text: string;
  link: string | null;
  createdAt: string;
}

export interface MockDb extends DemoTables {
  auditLog: AuditLogRow[];
  registrations: RegistrationRow[];
  accountTokens: AccountTokenRow[];
  certificateRequests: CertificateRequestRow[];
  disclaimerAcceptances: DisclaimerAcceptanceRow[];
  outbox: OutboxRow[];
  /** The issued value too (the API keeps it encrypted), until the company is shown it once. */
  sessionTokens: Array<SessionTokenRow & { value?: string | null }>;
  /** The last id given to a new row (as a database sequence): every page load and tab goes on from it. */
  idSequence: number;
}

/** The row of a table with this id, if any (a foreign key's row, say). */
export const byId = <Row extends { id: string }>(rows: readonly Row[], id: string | null | undefined) =>
  rows.find((row) => row.id === id);

/** The user of an email address, compared trimmed and case-insensitively (the API's unique lower(email)). */
export const userByEmail = (db: MockDb, email: string) =>
  db.users.find((user) => user.email.toLowerCase() === email.trim().toLowerCase());

/** The published disclaimer of a type, if any. */
export const publishedOf = (db: MockDb, type: string) =>
  db.disclaimerContents.find((row) => row.type === type && row.status === 'PUBLISHED');

/** The demo world, fresh: the same rows as the API's demo seed inserts. */
export function createMockDb(): MockDb {
  return {
    ...demoWorld(),
    auditLog: [],
    registrations: [],
    accountTokens: [],
    certificateRequests: [],
    disclaimerAcceptances: [],
    outbox: [],
    idSequence: 0,
  };
}

/**
 * Where the browser keeps the store: between page loads (a role switch reloads the page) and for every tab
 * (a reviewer in one tab, the company in another, one world: issue 23 item 30).
 */
export const MOCK_DB_KEY = 'portal.mockDb';
/** Bumped when the tables' shape changes, so an old tab's store is replaced rather than misread. */
const SHAPE = 2;

/**
 * The browser's store: as the last page load (of any tab) left it, else fresh. Kept in local storage (mock
 * auth's logout keeps it, as a real sign-out keeps the server's data).
 */
export function openMockDb(storage: Storage | undefined): MockDb {
  const saved = storage?.getItem(MOCK_DB_KEY);
  if (saved) {
    try {
      const { shape, db } = JSON.parse(saved) as { shape: number; db: MockDb };
      if (shape === SHAPE) return db;
    } catch {
      // A store from another version of the mock: start again.
    }
  }
  return createMockDb();
}

/**
 * Follows the other tabs: when one saves the store, this tab's store takes its tables (in place: the
 * handlers hold `db`) and `onChange` runs, so the screens read again (issue 23 item 30: the company saw a
 * token issued in the reviewer's tab only after leaving its page).
 */
export function followOtherTabs(db: MockDb, storage: Storage, onChange: () => void): void {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== storage || event.key !== MOCK_DB_KEY || !event.newValue) return;
    Object.assign(db, openMockDb(storage));
    onChange();
  });
}

export function saveMockDb(db: MockDb, storage: Storage | undefined): void {
  storage?.setItem(MOCK_DB_KEY, JSON.stringify({ shape: SHAPE, db }));
}
