import {
  activityFactsOf,
  COMPANY_PAGE_ACTIVITY,
  COMPANY_PAGE_TEST_RUNS,
  type CompanyCheck,
  type CompanyPage,
  checkPagePath,
  fileDownloadPath,
} from '@portal/contracts';
import {
  CHECK_TYPES,
  type CheckType,
  isAwaitingReview,
  isCheckOverdue,
  iso,
  sessionTokenStatusAt,
  TEST_RUN_ENVIRONMENTS,
} from '@portal/domain';
import { type Kysely, sql } from 'kysely';
import { billingOf } from '../../company/billing-details.js';
import { displayNamesOf } from '../../db/display-names.js';
import type { CheckRow, DB, Organisation } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';

/** The 404 of an OBP number no company has (the test runs' import answers the same code for one). */
const unknownCompany = (obpNumber: string) =>
  new ApiError(404, 'UNKNOWN_COMPANY', `No company has the OBP number ${obpNumber}`);

const findCompany = (db: Kysely<DB>, obpNumber: string) =>
  db
    .selectFrom('organisations')
    .leftJoin('gateways', 'gateways.id', 'organisations.gatewayId')
    .selectAll('organisations')
    .select('gateways.name as gatewayName')
    .where('organisations.obpNumber', '=', obpNumber)
    .executeTakeFirst();

const contactsOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('contacts')
    .select(['kind', 'firstName', 'lastName', 'function', 'email', 'phone'])
    .where('organisationId', '=', organisationId)
    .where('kind', 'in', ['SPOC', 'SPOC_ASSISTANT'])
    .execute();

const checksOf = (db: Kysely<DB>, organisationId: string) =>
  db.selectFrom('checks').selectAll().where('organisationId', '=', organisationId).execute();

/** The company's documents still referenced by a record (an orphan waits for the sweep), newest first. */
const documentsOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('storedFiles')
    .select(['id', 'purpose', 'name', 'size', 'mime', 'createdAt'])
    .where('organisationId', '=', organisationId)
    .where('refCount', '>', 0)
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();

/** Its session tokens, without their values (the ciphertext columns are never read here). */
const sessionTokensOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('sessionTokens')
    .select([
      'id',
      'environment',
      'status',
      'requestedAt',
      'issuedAt',
      'expiresAt',
      'shownAt',
      'cancelledAt',
      'cancelReason',
    ])
    .where('organisationId', '=', organisationId)
    .orderBy('requestedAt', 'desc')
    .limit(100)
    .execute();

const latestRunsOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('testRuns')
    .select(['id', 'environment', 'scenario', 'result', 'errorCode', 'executedAt'])
    .where('organisationId', '=', organisationId)
    .orderBy('executedAt', 'desc')
    .orderBy('id')
    .limit(COMPANY_PAGE_TEST_RUNS)
    .execute();

/** The last run per environment (test_runs_organisation_idx answers each from its end). */
const lastRunsOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('testRuns')
    .select(['environment', sql<Date>`max(executed_at)`.as('lastRunAt')])
    .where('organisationId', '=', organisationId)
    .groupBy('environment')
    .execute();

const peopleOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('users')
    .select(['id', 'displayName', 'email', 'obpRole', 'access', 'status', 'lastLoginAt'])
    .where('organisationId', '=', organisationId)
    .orderBy('displayName')
    .orderBy('id')
    .execute();

const invoicingOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('invoicingInformation')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();

/**
 * The company's latest audit rows (audit_log_organisation_idx: one index range), each record named by
 * its current name or, deleted since, the name the row kept (migration 0022).
 */
const auditRowsOf = (db: Kysely<DB>, organisationId: string) =>
  db
    .selectFrom('auditLog')
    .select([
      'id',
      'at',
      'actor',
      'action',
      'entity',
      'entityId',
      'diff',
      sql<
        string | null
      >`coalesce(audit_entity_name_of(audit_log.entity, audit_log.entity_id), audit_log.entity_name)`.as(
        'entityName',
      ),
    ])
    .where('organisationId', '=', organisationId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(COMPANY_PAGE_ACTIVITY)
    .execute();

type AuditRow = Awaited<ReturnType<typeof auditRowsOf>>[number];

/** The assignee an assignment's diff names: `{ assignee: { from, to } }`. */
const assigneeOf = (diff: unknown): string | null => {
  const assignee = (diff as { assignee?: { to?: unknown } } | null)?.assignee?.to;
  return typeof assignee === 'string' ? assignee : null;
};

function checkOf(check: CheckRow, names: Record<string, string>, now: Date): CompanyCheck {
  return {
    id: check.id,
    type: check.type,
    status: check.status,
    attempt: check.attempt,
    submittedAt: iso(check.submittedAt),
    slaDueAt: iso(check.slaDueAt),
    overdue: isCheckOverdue(check, now),
    assignee: check.assignee,
    assigneeName: check.assignee ? (names[check.assignee] ?? check.assignee) : null,
    decidedAt: iso(check.decidedAt),
    version: check.version,
    path: checkPagePath(check.type, check.id),
  };
}

/**
 * What is next on the reviewers' side: the check waiting on them whose SLA falls first (a check without
 * an SLA after those with one, then in the onboarding's order).
 */
function nextCheck(checks: CompanyCheck[]): CompanyCheck | null {
  const waiting = checks.filter((check) => isAwaitingReview(check.status));
  const due = (check: CompanyCheck) =>
    check.slaDueAt ? Date.parse(check.slaDueAt) : Number.POSITIVE_INFINITY;
  return waiting.sort((a, b) => due(a) - due(b))[0] ?? null;
}

const RATES = {
  ITE: ['iteRuns', 'itePassed', 'passRateIte'],
  IQE: ['iqeRuns', 'iqePassed', 'passRateIqe'],
  PRD: ['prdRuns', 'prdPassed', 'passRatePrd'],
} as const satisfies Record<(typeof TEST_RUN_ENVIRONMENTS)[number], readonly (keyof Organisation)[]>;

/**
 * GET /api/companies/{obpNumber}: the company page in one answer (contracts companyPageSchema). A handful
 * of reads, each by the company's id on its own index, so the page costs the same at a million companies.
 */
export async function loadCompanyPage(
  db: Kysely<DB>,
  obpNumber: string,
  now = new Date(),
): Promise<CompanyPage> {
  const found = await findCompany(db, obpNumber);
  if (!found) throw unknownCompany(obpNumber);
  const { gatewayName, ...organisation } = found;
  const id = organisation.id;
  const [contacts, checkRows, documents, tokens, latestRuns, lastRuns, people, invoicing, auditRows] =
    await Promise.all([
      contactsOf(db, id),
      checksOf(db, id),
      documentsOf(db, id),
      sessionTokensOf(db, id),
      latestRunsOf(db, id),
      lastRunsOf(db, id),
      peopleOf(db, id),
      invoicingOf(db, id),
      auditRowsOf(db, id),
    ]);
  const names = await displayNamesOf(db, [
    ...checkRows.map((check) => check.assignee),
    ...auditRows.flatMap((row) => [row.actor, assigneeOf(row.diff)]),
  ]);
  const order = (type: CheckType) => CHECK_TYPES.indexOf(type);
  const checks = checkRows
    .sort((a, b) => order(a.type) - order(b.type))
    .map((check) => checkOf(check, names, now));
  const contact = (kind: 'SPOC' | 'SPOC_ASSISTANT') => {
    const found = contacts.find((row) => row.kind === kind);
    if (!found) return null;
    const { kind: _kind, ...person } = found;
    return person;
  };
  const lastRunAt = new Map(lastRuns.map((row) => [row.environment, row.lastRunAt]));
  return {
    company: {
      id,
      obpNumber: organisation.obpNumber,
      legalName: organisation.legalName,
      stage: organisation.stage,
      orgType: organisation.orgType,
      country: organisation.country,
      city: organisation.city,
      registrationNumber: organisation.registrationNumber,
      vatNumber: organisation.vatNumber,
      website: organisation.website,
      phone: organisation.phone,
      email: organisation.email,
      mahCount: organisation.mahCount,
      submittedAt: iso(organisation.submittedAt),
      gatewayName: gatewayName ?? null,
      version: organisation.version,
    },
    spoc: contact('SPOC'),
    spocAssistant: contact('SPOC_ASSISTANT'),
    next: nextCheck(checks),
    checks,
    documents: documents.map(({ createdAt, ...file }) => ({
      ...file,
      uploadedAt: iso(createdAt),
      downloadPath: fileDownloadPath(file.id),
    })),
    sessionTokens: tokens.map((token) => ({
      id: token.id,
      environment: token.environment,
      status: sessionTokenStatusAt(token, now),
      requestedAt: iso(token.requestedAt),
      issuedAt: iso(token.issuedAt),
      expiresAt: iso(token.expiresAt),
      shownAt: iso(token.shownAt),
      cancelledAt: iso(token.cancelledAt),
      cancelReason: token.cancelReason,
    })),
    testRuns: {
      environments: TEST_RUN_ENVIRONMENTS.map((environment) => {
        const [runs, passed, rate] = RATES[environment];
        const last = lastRunAt.get(environment);
        return {
          environment,
          runs: organisation[runs],
          passed: organisation[passed],
          passRate: organisation[rate],
          lastRunAt: last ? iso(last) : null,
        };
      }),
      latest: latestRuns.map((run) => ({ ...run, executedAt: iso(run.executedAt) })),
    },
    people: people.map((person) => ({
      id: person.id,
      name: person.displayName,
      email: person.email,
      obpRole: person.obpRole,
      access: person.access,
      status: person.status,
      lastSignInAt: iso(person.lastLoginAt),
    })),
    billing: invoicing
      ? {
          details: billingOf(invoicing.billing),
          declaredMahCount: invoicing.declaredMahCount,
          feeCents: invoicing.feeCents,
          invoiceNumber: invoicing.invoiceNumber,
          invoicedAt: iso(invoicing.invoicedAt),
          paidAt: iso(invoicing.paidAt),
        }
      : null,
    activity: auditRows.map((row) => activityOf(row, { obpNumber, checkRows, tokens, names })),
  };
}

/**
 * One audit row as the activity renderer reads it (contracts activity-words.ts): its facts from the diff,
 * completed from the company's records (a check's type, a token's environment) where the diff lacks them.
 */
function activityOf(
  row: AuditRow,
  context: {
    obpNumber: string;
    checkRows: CheckRow[];
    tokens: Array<{ id: string; environment: string }>;
    names: Record<string, string>;
  },
): CompanyPage['activity'][number] {
  const facts = activityFactsOf(row.diff);
  const check = row.entity === 'check' ? context.checkRows.find((c) => c.id === row.entityId) : undefined;
  const token = row.entity === 'sessionToken' ? context.tokens.find((t) => t.id === row.entityId) : undefined;
  const assignee = assigneeOf(row.diff);
  return {
    id: String(row.id),
    at: iso(row.at),
    actor: row.actor,
    actorName: context.names[row.actor] ?? null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    entityName: row.entityName,
    obpNumber: context.obpNumber,
    ...facts,
    checkType: facts.checkType ?? check?.type ?? null,
    attempt: facts.attempt ?? check?.attempt ?? null,
    environment: facts.environment ?? token?.environment ?? null,
    assigneeName: assignee ? (context.names[assignee] ?? assignee) : null,
  };
}
