import { attemptsOf } from './attempts.js';
import { allowedBillingActions, INVOICED_PREFIX, PAID_COMMENT } from './billing.js';
import { isAwaitingReview } from './check-status.js';
import { allowedActions, type CheckActorRole, type CheckType } from './checks.js';
import type { CheckStatus, FilePurpose, Stage } from './enums.js';
import { feeFor } from './fees.js';
import { amountDueCents } from './invoicing-form.js';
import { dateOf, iso } from './iso.js';
import { tickBoxStatements } from './participation-agreement.js';
import type { DomainErrorCode } from './result.js';
import { words } from './words.js';

/*
 * What the reviewer's side answers about a check, computed by the API (apps/api modules/reviews) from the
 * rows it reads: the detail view, the refusal of a stale decision and the HTTP status of a rule's refusal.
 * Times come as the rows hold them (a Date from SQL, an ISO string from JSON) and leave as ISO strings.
 */

type At = Date | string;

/**
 * The HTTP status a refusal of the rules (decide, bill, moveStage) answers: what the request lacks or got
 * wrong is the caller's to fix (400), a role the rule does not allow is 403, and an action the state does
 * not allow now is a conflict (409).
 */
export function refusalStatus(code: DomainErrorCode): 400 | 403 | 409 {
  if (code === 'REASON_REQUIRED' || code === 'ACTOR_REQUIRED' || code === 'INVALID_INVOICE_NUMBER')
    return 400;
  return code === 'ROLE_NOT_ALLOWED' ? 403 : 409;
}

/** domain.md: a check waits on the reviewers (submitted or in review) past its SLA due date, at `now`. */
export const isCheckOverdue = (check: { status: CheckStatus; slaDueAt: At | null }, now: Date): boolean =>
  isAwaitingReview(check.status) &&
  check.slaDueAt !== null &&
  new Date(check.slaDueAt).getTime() < now.getTime();

/** A CheckEvent as the stale decision's message reads it. */
export interface DeedEvent {
  from: CheckStatus | null;
  to: CheckStatus;
  comment: string | null;
}

const DEEDS: Record<CheckStatus, string> = {
  NOT_SUBMITTED: 'sent this check back to not submitted',
  SUBMITTED: 'submitted this check',
  IN_REVIEW: 'started the review of this check',
  CORRECTIONS_REQUESTED: 'requested corrections to this check',
  APPROVED: 'approved this check',
  TEMPORARILY_APPROVED: 'approved this check temporarily',
  REJECTED: 'rejected this check',
};

/** What an event did to the check: its transition, or a billing step (the only events that keep the status). */
export function checkDeed(event: DeedEvent): string {
  if (event.from !== event.to) return DEEDS[event.to];
  if (event.comment?.startsWith(INVOICED_PREFIX)) return 'marked this check invoiced';
  if (event.comment === PAID_COMMENT) return 'marked this check paid';
  return 'changed this check';
}

/**
 * domain.md: "A stale version answers 409, so two reviewers can never decide the same check twice". The
 * refusal names who acted last (the name a colleague knows them by) and what the check is now, such as
 * "Rita Reviewer approved this check first"; the SPA puts `values` into the catalogue's message.
 */
export function decidedFirst(
  status: CheckStatus,
  latest: (DeedEvent & { actorName: string }) | undefined,
): { message: string; values: { actor: string; status: string } } {
  const actor = latest?.actorName ?? 'Someone';
  const message = `${actor} ${latest ? checkDeed(latest) : 'changed this check'} first`;
  return { message, values: { actor, status: words(status) } };
}

/** The check's row, as the API stores it. */
export interface StoredCheck {
  id: string;
  type: CheckType;
  status: CheckStatus;
  attempt: number;
  submittedAt: At | null;
  slaDueAt: At | null;
  assignee: string | null;
  decidedAt: At | null;
  decidedBy: string | null;
  reason: string | null;
  version: number;
}

export interface StoredCheckEvent {
  id: string;
  from: CheckStatus | null;
  to: CheckStatus;
  actor: string;
  role: CheckActorRole;
  comment: string | null;
  at: At;
}

/** The financial step's invoicing information, as stored. */
export interface StoredInvoicing {
  declaredMahCount: number;
  feeCents: number;
  invoicedBeforeCents: number;
  invoiceNumber: string | null;
  invoicedAt: At | null;
  paidAt: At | null;
}

/**
 * The contractual step's participation agreement, as stored, with the PA_TICKBOX disclaimer its two boxes
 * were ticked on (null: ticked on none, or no longer there).
 */
export interface StoredAgreement {
  templateVersion: number;
  acceptedTerms: boolean;
  confirmedAuthority: boolean;
  tickBoxes: { versionNumber: number; title: string; body: string } | null;
}

/** The two tick boxes (domain.md ParticipationAgreement: "two required tick boxes"), in the form's order. */
export const TICK_BOX_FIELDS = ['acceptedTerms', 'confirmedAuthority'] as const;
export type TickBoxField = (typeof TICK_BOX_FIELDS)[number];

/**
 * The contractual check's agreement for the reviewer: the template version the company
 * signed, and each box with what it said when the company ticked it (null: no text to show) and whether
 * it is ticked. Null when the company has not saved an agreement.
 */
export function agreementView(agreement: StoredAgreement | null | undefined) {
  if (!agreement) return null;
  const texts = agreement.tickBoxes ? tickBoxStatements(agreement.tickBoxes.body) : null;
  return {
    templateVersion: agreement.templateVersion,
    tickBoxesVersion: agreement.tickBoxes?.versionNumber ?? null,
    boxes: TICK_BOX_FIELDS.map((field, index) => ({
      field,
      text: texts?.[index] ?? null,
      ticked: agreement[field],
    })),
  };
}

/** What the detail view is computed from; `application` is the company's data, passed through as read. */
export interface CheckDetailFacts<Application, BillingDetails = unknown> {
  check: StoredCheck;
  organisation: { id: string; obpNumber: string; stage: Stage };
  application: Application;
  /** The stored files the reviewer reads to decide (checkDocumentIds). */
  documents: ReadonlyArray<{
    id: string;
    purpose: FilePurpose;
    name: string;
    size: number;
    mime: string;
    createdAt: At;
  }>;
  /** Every event of the check, oldest first. */
  events: readonly StoredCheckEvent[];
  /** FINANCIAL: the company's invoicing information, if it filed one. */
  invoicing: StoredInvoicing | null | undefined;
  /**
   * FINANCIAL: the billing details of the company's invoicing information (what the invoice needs: the
   * legal entity invoiced, its address, VAT number, PO number and billing email), as its financial step
   * reads them; null before it saved any.
   */
  billingDetails?: BillingDetails | null;
  /** CONTRACTUAL: the company's participation agreement, if it saved one. */
  agreement?: StoredAgreement | null;
  /** The MAHs active now (the fee tier follows them). */
  activeMahCount: number;
  /** CheckRules.testEnvironment: a temporary approval is offered outside production only. */
  testEnvironment: boolean;
  now: Date;
}

/**
 * The financial check's billing: the fee of the form as filed (domain.md Financial: "the fee tier follows
 * the active MAH count"; the form's declared count and fee are what the company filed, the active count
 * what it has now, and the two differ before a top-up), what is left to invoice, and the billing steps
 * open now (none without a form: POST .../billing refuses it too).
 */
function billingOf<BillingDetails>(
  status: CheckStatus,
  invoicing: StoredInvoicing | null | undefined,
  details: BillingDetails | null,
  activeMahCount: number,
) {
  const state = {
    financialStatus: status,
    invoiceNumber: invoicing?.invoiceNumber ?? null,
    invoicedAt: dateOf(invoicing?.invoicedAt ?? null),
    paidAt: dateOf(invoicing?.paidAt ?? null),
  };
  const feeCents = invoicing?.feeCents ?? feeFor(activeMahCount).amountCents;
  return {
    details: invoicing ? details : null,
    declaredMahCount: invoicing?.declaredMahCount ?? null,
    activeMahCount,
    feeCents,
    amountDueCents: amountDueCents(feeCents, invoicing?.invoicedBeforeCents ?? 0),
    invoiceNumber: state.invoiceNumber,
    invoicedAt: iso(state.invoicedAt),
    paidAt: iso(state.paidAt),
    allowedActions: invoicing ? allowedBillingActions(state) : [],
  };
}

/**
 * GET /api/checks/{id} (contracts checkDetailSchema): the check with its overdue flag at `now`, its
 * company, documents, attempts (derived from the timeline), timeline, the reviewer's allowed actions and,
 * for the financial check, its billing and billing details; for the contractual one, the agreement.
 */
export function checkDetailView<Application, BillingDetails = unknown>(
  facts: CheckDetailFacts<Application, BillingDetails>,
) {
  const { check, organisation, application, now } = facts;
  // Field by field: a row may hold more columns than the answer shows.
  const events = facts.events.map(({ id, from, to, actor, role, comment, at }) => ({
    id,
    from,
    to,
    actor,
    role,
    comment,
    at: iso(at),
  }));
  return {
    check: {
      id: check.id,
      type: check.type,
      status: check.status,
      attempt: check.attempt,
      submittedAt: iso(check.submittedAt),
      slaDueAt: iso(check.slaDueAt),
      overdue: isCheckOverdue(check, now),
      assignee: check.assignee,
      decidedAt: iso(check.decidedAt),
      decidedBy: check.decidedBy,
      reason: check.reason,
      version: check.version,
    },
    organisation: { id: organisation.id, obpNumber: organisation.obpNumber, stage: organisation.stage },
    application,
    documents: facts.documents.map(({ id, purpose, name, size, mime, createdAt }) => ({
      id,
      purpose,
      name,
      size,
      mime,
      uploadedAt: iso(createdAt),
    })),
    attempts: attemptsOf(events),
    events,
    allowedActions: allowedActions(
      { type: check.type, status: check.status, attempt: check.attempt, decidedBy: check.decidedBy },
      'EMVO',
      { testEnvironment: facts.testEnvironment },
    ),
    billing:
      check.type === 'FINANCIAL'
        ? billingOf(check.status, facts.invoicing, facts.billingDetails ?? null, facts.activeMahCount)
        : null,
    agreement: check.type === 'CONTRACTUAL' ? agreementView(facts.agreement) : null,
  };
}

/**
 * The stored files the reviewer reads to decide each check (domain.md "a detail view with documents"):
 * legitimacy, the authorised representative's copy of proof; contractual, the signed agreement;
 * financial, the invoicing form. Downloads go through GET /api/files/{id}, which lets EMVO read them.
 */
export function checkDocumentIds(
  type: CheckType,
  filed: { copyOfProofFileId?: string | null; signedFileId?: string | null; formFileId?: string | null },
): string[] {
  const id = {
    LEGITIMACY: filed.copyOfProofFileId,
    CONTRACTUAL: filed.signedFileId,
    FINANCIAL: filed.formFileId,
  }[type];
  return typeof id === 'string' ? [id] : [];
}
