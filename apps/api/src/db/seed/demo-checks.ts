import type { Faker } from '@faker-js/faker';
import { invoicedComment, PAID_COMMENT, slaDueAt } from '@portal/domain';
import type { Insertable, Transaction } from 'kysely';
import { DEFAULT_SLA_HOLIDAYS } from '../../config.js';
import type { CheckEventsTable, CheckStatus, ChecksTable, DB, Stage } from '../schema.js';
import { SEED_AUDIT as audit, DAY } from './seed-defaults.js';

/** A demo organisation's stage and the status of each of its checks. */
export interface StagePlan {
  stage: Stage;
  legitimacy: CheckStatus;
  contractual: CheckStatus;
  financial: CheckStatus;
}

/** The transitions that lead a check from submission to its status, for its event history. */
const PATHS: Record<CheckStatus, CheckStatus[]> = {
  NOT_SUBMITTED: [],
  SUBMITTED: ['SUBMITTED'],
  IN_REVIEW: ['SUBMITTED', 'IN_REVIEW'],
  CORRECTIONS_REQUESTED: ['SUBMITTED', 'IN_REVIEW', 'CORRECTIONS_REQUESTED'],
  APPROVED: ['SUBMITTED', 'IN_REVIEW', 'APPROVED'],
  TEMPORARILY_APPROVED: ['SUBMITTED', 'IN_REVIEW', 'TEMPORARILY_APPROVED'],
  REJECTED: ['SUBMITTED', 'IN_REVIEW', 'REJECTED'],
};

const REASONS: Partial<Record<CheckStatus, string>> = {
  CORRECTIONS_REQUESTED: 'The copy of proof of the authorised representative is not legible.',
  TEMPORARILY_APPROVED: 'Approved for the test environments while the licence renewal is pending.',
  REJECTED: 'The company could not show a valid manufacturing or wholesale licence.',
};

/** How far the billing of an approved invoicing form has gone, by stage (null: not invoiced yet). */
function billingOf(stage: Stage, copy: number): 'INVOICED' | 'PAID' | null {
  if (stage === 'MAINTENANCE') return 'PAID';
  if (stage === 'TECHNICAL_PRD') return copy % 2 === 0 ? 'PAID' : 'INVOICED';
  return null;
}

/** An approved invoicing form's invoice, once a reviewer marked it invoiced (and paid). */
export interface DemoInvoice {
  number: string;
  invoicedAt: Date;
  paidAt: Date | null;
}

/**
 * A demo company's three checks as its plan has them, each with the events that led there (submitted by
 * the company, decided by a reviewer) and, for an approved invoicing form, its billing. Answers the invoice.
 */
export async function seedChecks(
  trx: Transaction<DB>,
  faker: Faker,
  company: {
    organisationId: string;
    plan: StagePlan;
    /** Which copy of its plan the company is, and its OBP sequence number. */
    copy: number;
    number: number;
    registeredAt: number;
    /** Who submits: the SPOC's address. */
    submitter: string;
    reviewers: string[];
  },
): Promise<DemoInvoice | null> {
  const { organisationId, plan, copy, number, registeredAt, submitter, reviewers } = company;
  const checks: Array<[ChecksTable['type'], CheckStatus]> = [
    ['LEGITIMACY', plan.legitimacy],
    ['CONTRACTUAL', plan.contractual],
    ['FINANCIAL', plan.financial],
  ];
  let invoice: DemoInvoice | null = null;
  for (const [type, status] of checks) {
    const path = PATHS[status];
    if (path.length === 0) continue;
    const drawn = faker.helpers.arrayElement(reviewers);
    // Checks in review alternate between the EMVO accounts, the demo reviewer first, so that
    // reviewer@portal.test has checks "assigned to me" whatever the draw (kept, so that every row
    // after it stays as it was).
    const reviewer = status === 'IN_REVIEW' ? (reviewers[copy % reviewers.length] ?? drawn) : drawn;
    const start = registeredAt + 5 * DAY;
    const decided = path.length === 3;
    const { id: checkId } = await trx
      .insertInto('checks')
      .values({
        organisationId,
        type,
        status,
        submittedAt: new Date(start),
        assignee: path.length >= 2 ? reviewer : null,
        decidedAt: decided ? new Date(start + 6 * DAY) : null,
        decidedBy: decided ? reviewer : null,
        reason: REASONS[status] ?? null,
        // domain.md: legitimacy has an SLA of 15 working days (the default holidays skipped).
        slaDueAt: type === 'LEGITIMACY' ? slaDueAt(new Date(start), DEFAULT_SLA_HOLIDAYS) : null,
        ...audit,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const events: Array<Insertable<CheckEventsTable>> = path.map((to, step) => ({
      checkId,
      fromStatus: step === 0 ? 'NOT_SUBMITTED' : (path[step - 1] ?? null),
      toStatus: to,
      actor: to === 'SUBMITTED' ? submitter : reviewer,
      role: to === 'SUBMITTED' ? 'EXTERNAL' : 'EMVO',
      comment: REASONS[to] ?? null,
      at: new Date(start + step * 3 * DAY),
    }));
    // Billing after an approved invoicing form (domain.md Financial: "then marks invoiced and
    // paid"), with the events billing-step.ts writes: the companies in maintenance and every other
    // one in production have paid, the rest in production are invoiced; TECHNICAL_IQE ones wait for
    // their invoice.
    const billing = type === 'FINANCIAL' && status === 'APPROVED' ? billingOf(plan.stage, copy) : null;
    if (billing) {
      invoice = {
        number: `INV-2026/${String(number).padStart(4, '0')}`,
        invoicedAt: new Date(start + 8 * DAY),
        paidAt: billing === 'PAID' ? new Date(start + 30 * DAY) : null,
      };
      const step = {
        checkId,
        fromStatus: 'APPROVED',
        toStatus: 'APPROVED',
        actor: reviewer,
        role: 'EMVO',
      } as const;
      events.push({ ...step, comment: invoicedComment(invoice.number), at: invoice.invoicedAt });
      if (invoice.paidAt) events.push({ ...step, comment: PAID_COMMENT, at: invoice.paidAt });
    }
    await trx.insertInto('checkEvents').values(events).execute();
  }
  return invoice;
}
