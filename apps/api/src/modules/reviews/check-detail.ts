import type { Billing, CheckDetail, CheckEvent } from '@portal/contracts';
import {
  allowedActions,
  allowedBillingActions,
  amountDueCents,
  attemptsOf,
  feeFor,
  iso,
} from '@portal/domain';
import { loadOnboarding } from '../../company/application-repository.js';
import type { CheckRow, Db } from '../../db/schema.js';
import { notFound } from '../../http/api-error.js';
import { isOverdue } from './review-dates.js';

/** What the environment decides about the reviewer's actions. */
export interface ReviewRules {
  /** packages/domain CheckRules.testEnvironment: see reviews-routes.ts for where it comes from. */
  testEnvironment: boolean;
}

/** Every CheckEvent of the check, oldest first (id orders two events of the same instant the same way each time). */
async function eventsOf(db: Db, checkId: string): Promise<CheckEvent[]> {
  const rows = await db
    .selectFrom('checkEvents')
    .selectAll()
    .where('checkId', '=', checkId)
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    from: row.fromStatus,
    to: row.toStatus,
    actor: row.actor,
    role: row.role,
    comment: row.comment,
    at: iso(row.at),
  }));
}

/**
 * The stored files the reviewer reads to decide this check (domain.md "a detail view with documents"):
 * legitimacy, the authorised representative's copy of proof; contractual, the signed agreement;
 * financial, the invoicing form. Downloads go through GET /api/files/{id}, which lets EMVO read them.
 */
async function documentsOf(db: Db, fileIds: ReadonlyArray<string | null | undefined>) {
  const ids = fileIds.filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('storedFiles')
    .select(['id', 'purpose', 'name', 'size', 'mime', 'createdAt'])
    .where('id', 'in', ids)
    .orderBy('createdAt')
    .execute();
  return rows.map(({ createdAt, ...file }) => ({ ...file, uploadedAt: iso(createdAt) }));
}

const invoicingOf = (db: Db, organisationId: string) =>
  db
    .selectFrom('invoicingInformation')
    .selectAll()
    .where('organisationId', '=', organisationId)
    .executeTakeFirst();

/** The check row, or 404. */
export async function findCheck(db: Db, id: string): Promise<CheckRow> {
  const check = await db.selectFrom('checks').selectAll().where('id', '=', id).executeTakeFirst();
  if (!check) throw notFound(`No check ${id}`);
  return check;
}

/** GET /api/checks/{id}: the check as the reviewer's detail view shows it (contracts checkDetailSchema). */
export async function loadCheckDetail(
  db: Db,
  id: string,
  rules: ReviewRules,
  now = new Date(),
): Promise<CheckDetail> {
  const check = await findCheck(db, id);
  // The company's data as its own legitimacy step shows it, read-only for the reviewer.
  const onboarding = await loadOnboarding(db, check.organisationId, 'READ_ONLY');
  const { company, spoc, spocAssistant, authorisedRepresentative, mahs } = onboarding;
  const events = await eventsOf(db, check.id);

  let fileIds: Array<string | null | undefined> = [];
  let billing: Billing | null = null;
  if (check.type === 'LEGITIMACY') {
    fileIds = [authorisedRepresentative.copyOfProof?.id];
  } else if (check.type === 'CONTRACTUAL') {
    const agreement = await db
      .selectFrom('participationAgreements')
      .select('signedFileId')
      .where('organisationId', '=', check.organisationId)
      .executeTakeFirst();
    fileIds = [agreement?.signedFileId];
  } else {
    const invoicing = await invoicingOf(db, check.organisationId);
    fileIds = [invoicing?.formFileId];
    // domain.md Financial: "the fee tier follows the active MAH count"; the form's declared count and fee
    // are what the company filed, the active count what it has now (the two differ before a top-up).
    const activeMahCount = mahs.length;
    const state = {
      financialStatus: check.status,
      invoiceNumber: invoicing?.invoiceNumber ?? null,
      invoicedAt: invoicing?.invoicedAt ? new Date(invoicing.invoicedAt) : null,
      paidAt: invoicing?.paidAt ? new Date(invoicing.paidAt) : null,
    };
    const feeCents = invoicing?.feeCents ?? feeFor(activeMahCount).amountCents;
    billing = {
      declaredMahCount: invoicing?.declaredMahCount ?? null,
      activeMahCount,
      feeCents,
      amountDueCents: amountDueCents(feeCents, invoicing?.invoicedBeforeCents ?? 0),
      invoiceNumber: state.invoiceNumber,
      invoicedAt: iso(state.invoicedAt),
      paidAt: iso(state.paidAt),
      // Nothing to invoice without the company's invoicing information (POST .../billing refuses it too).
      allowedActions: invoicing ? allowedBillingActions(state) : [],
    };
  }

  return {
    check: {
      id: check.id,
      type: check.type,
      status: check.status,
      attempt: check.attempt,
      submittedAt: iso(check.submittedAt),
      slaDueAt: iso(check.slaDueAt),
      overdue: isOverdue(check, now),
      assignee: check.assignee,
      decidedAt: iso(check.decidedAt),
      decidedBy: check.decidedBy,
      reason: check.reason,
      version: check.version,
    },
    organisation: {
      id: onboarding.organisation.id,
      obpNumber: onboarding.organisation.obpNumber,
      stage: onboarding.organisation.stage,
    },
    application: { company, spoc, spocAssistant, authorisedRepresentative, mahs },
    documents: await documentsOf(db, fileIds),
    attempts: attemptsOf(events),
    events,
    allowedActions: allowedActions(check, 'EMVO', { testEnvironment: rules.testEnvironment }),
    billing,
  };
}
