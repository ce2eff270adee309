import {
  BILLING_ACTIONS,
  CHECK_ACTIONS,
  CHECK_DECISIONS,
  CHECK_STATUSES,
  CHECK_TYPES,
  FILE_PURPOSES,
  STAGES,
  TICK_BOX_FIELDS,
} from '@portal/domain';
import { z } from 'zod/mini';
import { endpoint, idParams, roles } from './endpoint.js';
import { REVIEWER_ONLY_CHANGES } from './events.js';
import { isoDateTime } from './fields.js';
import { FIRST_SCREEN_ADDRESSES } from './first-screen-addresses.js';
import { onboardingSchema } from './onboarding.js';
import { billingDetailsSchema } from './onboarding-steps.js';

/**
 * domain.md Screens, /emvo/legitimacy, /emvo/contractual, /emvo/financial: the detail of one check, and
 * the decisions and billing steps taken on it (the queues are review-queues.ts'). Dates travel as ISO
 * strings.
 */

export const checkEventSchema = z.object({
  id: z.uuid(),
  from: z.nullable(z.enum(CHECK_STATUSES)),
  to: z.enum(CHECK_STATUSES),
  actor: z.string(),
  role: z.string(),
  comment: z.nullable(z.string()),
  at: isoDateTime,
});
export type CheckEvent = z.infer<typeof checkEventSchema>;

/** One submission of the check and how it ended (derived from the event timeline). */
export const checkAttemptSchema = z.object({
  attempt: z.int(),
  submittedAt: isoDateTime,
  /** The status the attempt ended in; null while it is still open. */
  outcome: z.nullable(z.enum(CHECK_STATUSES)),
  decidedAt: z.nullable(isoDateTime),
  decidedBy: z.nullable(z.string()),
  reason: z.nullable(z.string()),
});
export type CheckAttempt = z.infer<typeof checkAttemptSchema>;

export const checkDocumentSchema = z.object({
  id: z.uuid(),
  purpose: z.enum(FILE_PURPOSES),
  name: z.string(),
  size: z.int(),
  mime: z.string(),
  uploadedAt: isoDateTime,
});
export type CheckDocument = z.infer<typeof checkDocumentSchema>;

/** The financial check's invoicing: what the invoice needs, the fee and the billing steps after approval. */
export const billingSchema = z.object({
  /**
   * The billing details of the company's invoicing information (legal entity invoiced, billing address,
   * VAT, PO number, billing email), as its financial step holds them; null before any.
   */
  details: z.nullable(billingDetailsSchema),
  declaredMahCount: z.nullable(z.int()),
  activeMahCount: z.int(),
  feeCents: z.int(),
  /** What the invoice bills: the fee less what an earlier form was invoiced (a top-up's difference). */
  amountDueCents: z.int(),
  invoiceNumber: z.nullable(z.string()),
  invoicedAt: z.nullable(isoDateTime),
  paidAt: z.nullable(isoDateTime),
  allowedActions: z.array(z.enum(BILLING_ACTIONS)),
});
export type Billing = z.infer<typeof billingSchema>;

/**
 * The contractual check's participation agreement: the template version the company
 * signed, and its two tick boxes, each with its statement as the company ticked it (null: no text) and
 * whether it is ticked.
 */
export const checkAgreementSchema = z.object({
  templateVersion: z.int(),
  /** The PA_TICKBOX disclaimer version the boxes were ticked on; null when none. */
  tickBoxesVersion: z.nullable(z.int()),
  boxes: z.array(
    z.object({ field: z.enum(TICK_BOX_FIELDS), text: z.nullable(z.string()), ticked: z.boolean() }),
  ),
});
export type CheckAgreement = z.infer<typeof checkAgreementSchema>;

/**
 * The reviewers' own work on a check, from its audit rows (contracts events.ts REVIEWER_ONLY_CHANGES): an
 * assignment (TAKE_CHECK, ASSIGN_CHECK to `assignee`, UNASSIGN_CHECK) or an internal note written
 * (ADD_NOTE: which note, never its text, which only the notes' route answers).
 */
export const checkTeamworkSchema = z.object({
  id: z.string(),
  at: isoDateTime,
  /** Who did it, as stored (their email, else their subject). */
  actor: z.string(),
  action: z.enum(REVIEWER_ONLY_CHANGES),
  /** The check's attempt at the time. */
  attempt: z.nullable(z.int()),
  /** Whom an assignment gave the check to, as the check's assignee stores them; null otherwise. */
  assignee: z.nullable(z.string()),
  /** The note an ADD_NOTE wrote; null otherwise. */
  noteId: z.nullable(z.string()),
});
export type CheckTeamwork = z.infer<typeof checkTeamworkSchema>;

/** GET /api/checks/{id}: one check as the reviewer's detail view shows it. */
export const checkDetailSchema = z.object({
  check: z.object({
    id: z.uuid(),
    type: z.enum(CHECK_TYPES),
    status: z.enum(CHECK_STATUSES),
    attempt: z.int(),
    submittedAt: z.nullable(isoDateTime),
    slaDueAt: z.nullable(isoDateTime),
    overdue: z.boolean(),
    assignee: z.nullable(z.string()),
    decidedAt: z.nullable(isoDateTime),
    decidedBy: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    version: z.int(),
  }),
  organisation: z.object({ id: z.uuid(), obpNumber: z.string(), stage: z.enum(STAGES) }),
  /** The company's submitted data, read-only (the legitimacy step's fields). */
  application: z.pick(onboardingSchema, {
    company: true,
    spoc: true,
    spocAssistant: true,
    authorisedRepresentative: true,
    mahs: true,
  }),
  documents: z.array(checkDocumentSchema),
  attempts: z.array(checkAttemptSchema),
  /** Every CheckEvent of the check, oldest first. */
  events: z.array(checkEventSchema),
  /** The reviewers' assignments of the check and notes on it, oldest first (its timeline tells them too). */
  teamwork: z.array(checkTeamworkSchema),
  /** What the caller may do now (packages/domain allowedActions); the API re-checks each decision. */
  allowedActions: z.array(z.enum(CHECK_ACTIONS)),
  /** FINANCIAL only. */
  billing: z.nullable(billingSchema),
  /** CONTRACTUAL only; null before the company saved its agreement. */
  agreement: z.nullable(checkAgreementSchema),
  /**
   * The display name of each user the check names (its assignee, deciders, the timeline's actors and
   * assignees, who are stored by email), by that email; an actor who is no user (the seed, the system) is not in it.
   */
  people: z.record(z.string(), z.string()),
});
export type CheckDetail = z.infer<typeof checkDetailSchema>;

/** The reviewer's actions the decision modal offers: START plus the decisions. */
export const REVIEW_ACTIONS = ['START', ...CHECK_DECISIONS] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** POST /api/checks/{id}/decisions. A reason is required for all but START and APPROVE (domain.md). */
export const checkDecisionSchema = z.object({
  action: z.enum(REVIEW_ACTIONS),
  reason: z.nullish(z.string().check(z.trim(), z.maxLength(2000))),
  /** The check's version the reviewer saw: a stale one answers 409 CHECK_DECIDED_FIRST. */
  version: z.int().check(z.minimum(1)),
  /**
   * The reviewer takes over a check a colleague holds (its assignee): without it such a decision answers
   * 409 CHECK_HELD_BY_OTHER naming the holder (the SPA asks "Rita Reviewer is on this check — take it
   * over?" and sends it again with takeOver). Taking over makes the caller the assignee.
   */
  takeOver: z.optional(z.boolean()),
});
export type CheckDecisionInput = z.infer<typeof checkDecisionSchema>;

/** POST /api/checks/{id}/billing: mark invoiced (with the invoice number), then paid. */
export const billingStepSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('MARK_INVOICED'),
    invoiceNumber: z.string().check(z.trim(), z.minLength(1), z.maxLength(30)),
    version: z.int().check(z.minimum(1)),
  }),
  z.object({ action: z.literal('MARK_PAID'), version: z.int().check(z.minimum(1)) }),
]);
export type BillingStepInput = z.infer<typeof billingStepSchema>;

/** The 409 a stale decision gets: its entry names who decided first (error values, spec §8 list body). */
export const CHECK_DECIDED_FIRST = 'CHECK_DECIDED_FIRST';

/**
 * The 409 of a decision on a check a colleague holds, sent without `takeOver`: its entry's values name
 * the holder (`holder`, their display name; `holderId`, as the check's assignee stores them).
 */
export const CHECK_HELD_BY_OTHER = 'CHECK_HELD_BY_OTHER';

/** The 400 of an assignment to someone who is no active reviewer. */
export const ASSIGNEE_NOT_REVIEWER = 'ASSIGNEE_NOT_REVIEWER';

/**
 * PUT /api/checks/{id}/assignee: who works on the check. To me (the caller), to a colleague (a reviewer's
 * email, from GET /api/reviewers), or to nobody; at the check's version (409 CHECK_DECIDED_FIRST when
 * stale). Only while the check waits on the reviewers (409 ACTION_NOT_ALLOWED otherwise).
 */
export const checkAssignmentSchema = z.discriminatedUnion('to', [
  z.object({ to: z.literal('ME'), version: z.int().check(z.minimum(1)) }),
  z.object({
    to: z.literal('REVIEWER'),
    email: z.string().check(z.trim(), z.minLength(3), z.maxLength(254)),
    version: z.int().check(z.minimum(1)),
  }),
  z.object({ to: z.literal('NOBODY'), version: z.int().check(z.minimum(1)) }),
]);
export type CheckAssignmentInput = z.infer<typeof checkAssignmentSchema>;

/** A reviewer a check can be assigned to: the email the check's assignee stores, and their name. */
export const reviewerSchema = z.object({ email: z.string(), name: z.string() });
export type Reviewer = z.infer<typeof reviewerSchema>;

/** The longest internal note (migration 0022 check_notes). */
export const NOTE_MAX_LENGTH = 4000;

/** An internal note on a check: the reviewers' own, never shown to the company. */
export const checkNoteSchema = z.object({
  id: z.uuid(),
  checkId: z.uuid(),
  /** Who wrote it, as stored (email, else subject), and their display name. */
  author: z.string(),
  authorName: z.string(),
  body: z.string(),
  at: isoDateTime,
});
export type CheckNote = z.infer<typeof checkNoteSchema>;

export const checkNotesSchema = z.object({ notes: z.array(checkNoteSchema) });
export type CheckNotes = z.infer<typeof checkNotesSchema>;

/** POST /api/checks/{id}/notes. */
export const newCheckNoteSchema = z.object({
  body: z.string().check(z.trim(), z.minLength(1), z.maxLength(NOTE_MAX_LENGTH)),
});
export type NewCheckNote = z.infer<typeof newCheckNoteSchema>;

/**
 * One check of the reviewers' queues: its detail, and the decisions and billing steps taken on it. Every
 * route is EMVO only; a decision or a billing step answers the check as it is now.
 */
const access = roles('EMVO');
export const checksApi = {
  check: endpoint({
    ...FIRST_SCREEN_ADDRESSES.checkDetail,
    summary: 'One check with the application, documents, attempts, events and allowed actions',
    params: idParams,
    response: checkDetailSchema,
  }),
  decide: endpoint({
    method: 'POST',
    path: '/api/checks/:id/decisions',
    access,
    summary: 'Starts the review or decides the check at its version (409 CHECK_DECIDED_FIRST when stale)',
    params: idParams,
    body: checkDecisionSchema,
    response: checkDetailSchema,
  }),
  bill: endpoint({
    method: 'POST',
    path: '/api/checks/:id/billing',
    access,
    summary: 'Marks an approved financial check invoiced (with its number), then paid, at its version',
    params: idParams,
    body: billingStepSchema,
    response: checkDetailSchema,
  }),
  assign: endpoint({
    method: 'PUT',
    path: '/api/checks/:id/assignee',
    access,
    summary: 'Assigns the check to the caller, to a colleague or to nobody, at its version',
    params: idParams,
    body: checkAssignmentSchema,
    response: checkDetailSchema,
  }),
  /** The reviewers' internal notes: written by reviewers, read by reviewers and administrators. */
  notes: endpoint({
    ...FIRST_SCREEN_ADDRESSES.checkNotes,
    summary: "The check's internal notes, oldest first (never shown to the company)",
    params: idParams,
    response: checkNotesSchema,
  }),
  addNote: endpoint({
    method: 'POST',
    path: '/api/checks/:id/notes',
    access,
    summary: 'Writes an internal note on the check; answers all its notes',
    params: idParams,
    body: newCheckNoteSchema,
    response: checkNotesSchema,
    status: 201,
  }),
  /** Who a check can be assigned to. */
  reviewers: endpoint({
    method: 'GET',
    path: '/api/reviewers',
    access: roles('EMVO', 'ADMIN'),
    summary: 'The active reviewers, by name: who a check can be assigned to',
    response: z.object({ reviewers: z.array(reviewerSchema) }),
  }),
};
