import type { CheckDetail } from '@portal/contracts';
import { CHECK_STATUS_COLUMN, type CheckStatus, type CheckType, type Stage } from '@portal/domain';
import type { LightMyRequestResponse } from 'fastify';
import { type createTestApp, XSRF_HEADERS } from './test-app.js';

// Test helpers of the reviews module: reviewers with their tokens, organisations with a check in any
// state (written straight to the tables, as a decision left them), and the module's calls.

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
/** What the seeders and readers need: the database (a test app, or a test's own connection to an API process's). */
export type WithDb = Pick<TestApp, 'db'>;
export type Headers = Record<string, string>;

const audit = { createdBy: 'test', updatedBy: 'test' };
let sequence = 0;
const next = () => {
  sequence += 1;
  return `${sequence}-${Math.random().toString(36).slice(2, 8)}`;
};

/** The headers of a signed-in reviewer; with a name, they are also a portal user of that display name. */
export async function reviewerHeaders(
  t: Pick<TestApp, 'db' | 'sign'>,
  email: string,
  options: { displayName?: string; roles?: string[] } = {},
): Promise<Headers> {
  const sub = `oid-${email}`;
  // A user of the directory (the API serves no other), named as asked, else by their address.
  const known = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
  if (!known) {
    await t.db
      .insertInto('users')
      .values({
        email,
        displayName: options.displayName ?? email,
        externalId: sub,
        roles: ['EMVO'],
        ...audit,
      })
      .execute();
  } else if (options.displayName) {
    await t.db
      .updateTable('users')
      .set({ displayName: options.displayName })
      .where('id', '=', known.id)
      .execute();
  }
  const roles = options.roles ?? ['EmvoPortalInternal'];
  return { authorization: `Bearer ${await t.sign({ roles, sub, emails: [email] })}`, ...XSRF_HEADERS };
}

export interface CheckSetup {
  type?: CheckType;
  status?: CheckStatus;
  stage?: Stage;
  /** The organisation's statuses of the other checks (the check's own follows `status`). */
  statuses?: Partial<Record<'legitimacyStatus' | 'contractualStatus' | 'financialStatus', CheckStatus>>;
  submittedAt?: Date | null;
  slaDueAt?: Date | null;
  assignee?: string | null;
  attempt?: number;
  decidedBy?: string | null;
  organisation?: Partial<{
    obpNumber: string;
    legalName: string;
    orgType: 'OPM' | 'PD';
    country: string;
    email: string | null;
    mahCount: number;
  }>;
  /** The SPOC's contact email; null: no SPOC named yet. */
  spocEmail?: string | null;
}

export interface SeededCheck {
  organisationId: string;
  checkId: string;
  obpNumber: string;
  spocEmail: string | null;
}

/** The stage the other tables imply for a check in this state, when the setup names none. */
function defaultStage(type: CheckType, status: CheckStatus): Stage {
  if (type !== 'LEGITIMACY') return 'APPROVALS';
  if (status === 'NOT_SUBMITTED') return 'REGISTERED';
  return status === 'APPROVED' || status === 'TEMPORARILY_APPROVED' ? 'APPROVALS' : 'INFORMATION';
}

/** An organisation with its SPOC and one check in the given state (version 1), written straight to the tables. */
export async function seedCheck(t: WithDb, setup: CheckSetup = {}): Promise<SeededCheck> {
  const tag = next();
  const type = setup.type ?? 'LEGITIMACY';
  const status = setup.status ?? 'SUBMITTED';
  const obpNumber = setup.organisation?.obpNumber ?? `C${String(20_000 + sequence).padStart(5, '0')}`;
  const cleared = type === 'LEGITIMACY' ? {} : { legitimacyStatus: 'APPROVED' as const };
  const { id: organisationId } = await t.db
    .insertInto('organisations')
    .values({
      obpNumber,
      legalName: setup.organisation?.legalName ?? `Company ${tag}`,
      orgType: setup.organisation?.orgType ?? 'OPM',
      country: setup.organisation?.country ?? 'BE',
      email: setup.organisation?.email === undefined ? `info-${tag}@company.test` : setup.organisation.email,
      mahCount: setup.organisation?.mahCount ?? 1,
      stage: setup.stage ?? defaultStage(type, status),
      ...cleared,
      ...setup.statuses,
      [CHECK_STATUS_COLUMN[type]]: status,
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const spocEmail = setup.spocEmail === undefined ? `spoc-${tag}@company.test` : setup.spocEmail;
  if (spocEmail) {
    await t.db
      .insertInto('contacts')
      .values({
        organisationId,
        kind: 'SPOC',
        firstName: 'Sara',
        lastName: 'Spoc',
        email: spocEmail,
        ...audit,
      })
      .execute();
  }
  const submittedAt = setup.submittedAt === undefined ? new Date('2026-03-02T09:00:00Z') : setup.submittedAt;
  const { id: checkId } = await t.db
    .insertInto('checks')
    .values({
      organisationId,
      type,
      status,
      attempt: setup.attempt ?? 1,
      submittedAt: status === 'NOT_SUBMITTED' ? null : submittedAt,
      slaDueAt:
        setup.slaDueAt !== undefined
          ? setup.slaDueAt
          : type === 'LEGITIMACY' && submittedAt
            ? new Date(submittedAt.getTime() + 21 * 86_400_000)
            : null,
      assignee: setup.assignee ?? null,
      decidedBy: setup.decidedBy ?? null,
      ...audit,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { organisationId, checkId, obpNumber, spocEmail };
}

/** The company's invoicing information (domain.md InvoicingInformation), as its form left it. */
export async function seedInvoicing(
  t: WithDb,
  organisationId: string,
  values: { declaredMahCount?: number; feeCents?: number; invoiceNumber?: string; invoicedAt?: Date } = {},
) {
  await t.db
    .insertInto('invoicingInformation')
    .values({
      organisationId,
      declaredMahCount: values.declaredMahCount ?? 2,
      feeCents: values.feeCents ?? 1_350_000,
      invoiceNumber: values.invoiceNumber ?? null,
      invoicedAt: values.invoicedAt ?? null,
      ...audit,
    })
    .execute();
}

type ErrorBody = { code: string; message: string; values?: Record<string, string> };

/** The calls of the reviews module, each answering its status and JSON body. */
export function reviewCalls(t: TestApp) {
  const result = <T>(response: LightMyRequestResponse) => ({
    status: response.statusCode,
    body: response.json<T>(),
  });
  return {
    detail: async (headers: Headers, checkId: string) =>
      result<CheckDetail>(await t.app.inject({ method: 'GET', url: `/api/checks/${checkId}`, headers })),
    decide: async (headers: Headers, checkId: string, payload: object) =>
      result<CheckDetail & ErrorBody & ErrorBody[]>(
        await t.app.inject({ method: 'POST', url: `/api/checks/${checkId}/decisions`, headers, payload }),
      ),
    bill: async (headers: Headers, checkId: string, payload: object) =>
      result<CheckDetail & ErrorBody & ErrorBody[]>(
        await t.app.inject({ method: 'POST', url: `/api/checks/${checkId}/billing`, headers, payload }),
      ),
  };
}

/** The check's events, oldest first, and its audit rows. */
export const eventsOf = (t: WithDb, checkId: string) =>
  t.db.selectFrom('checkEvents').selectAll().where('checkId', '=', checkId).orderBy('at').execute();
export const auditOf = (t: WithDb, checkId: string) =>
  t.db.selectFrom('auditLog').selectAll().where('entityId', '=', checkId).orderBy('id').execute();
export const mailsTo = (t: WithDb, to: string | null) =>
  t.db
    .selectFrom('outbox')
    .selectAll()
    .where('toAddress', '=', to ?? '')
    .orderBy('createdAt')
    .execute();
