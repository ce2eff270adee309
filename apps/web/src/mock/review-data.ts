import type { CheckDetail, CheckDocument, CheckEvent } from '@portal/contracts';
import {
  type CheckAction,
  type CheckActorRole,
  type CheckRecord,
  type CheckStatus,
  type CheckType,
  decide,
  type FilePurpose,
  initialCheck,
  isEeaCountry,
  type Stage,
} from '@portal/domain';
import { DEMO_USERS } from './mock-auth';
import { demoId, MOCK_ORGANISATIONS, type MockOrganisation } from './mock-data';
import { DEMO_GTIN, DEMO_PPN } from './onboarding-data';

/**
 * The reviewers' demo data (/emvo/legitimacy, /emvo/contractual, /emvo/financial in mock mode): one check
 * of each type for every demo organisation, in the status the organisations list shows for it. Each check
 * is built by replaying its history through the domain's own `decide`, so its fields, its SLA and its
 * event timeline are what the API would hold. Dates count back from `now`, so that some checks awaiting
 * review are past their SLA and some are not, whenever the demo runs.
 */

/** Mock auth's reviewer: the caller of every mock call, so "assigned to me" means this address. */
export const MOCK_REVIEWER = DEMO_USERS.EMVO.email;
/** The demo's other reviewers, who hold some checks and decided others. */
const RITA = 'rita.reviewer@example.com';
const TOM = 'tom.lead@example.com';

/** Mock mode is no production: a temporary approval (test environments only) is allowed. */
export const MOCK_CHECK_RULES = { testEnvironment: true } as const;

/** The financial check's invoicing information (domain.md InvoicingInformation). */
export interface MockInvoicing {
  declaredMahCount: number | null;
  invoiceNumber: string | null;
  invoicedAt: Date | null;
  paidAt: Date | null;
}

/** A stored check: the domain's record, its row's id and version, its timeline and its documents. */
export interface MockCheck extends CheckRecord {
  id: string;
  organisationId: string;
  version: number;
  events: CheckEvent[];
  documents: CheckDocument[];
  /** FINANCIAL only. */
  invoicing: MockInvoicing | null;
}

/** What the detail view shows of the company: the legitimacy step's answer. */
export type MockApplication = CheckDetail['application'];

/** An organisation as the reviews see it: the organisations list's row, its stage, and its application. */
export interface MockReviewOrganisation {
  summary: MockOrganisation;
  stage: Stage;
  application: MockApplication;
}

export interface MockReviewState {
  organisations: Map<string, MockReviewOrganisation>;
  checks: MockCheck[];
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** What a reviewer writes when a reason is required (domain.md: all decisions but Approve). */
const REASONS: Partial<Record<CheckAction, string>> = {
  REQUEST_CORRECTIONS: 'The copy of proof is not signed: please upload the signed document.',
  REJECT: 'The company is not registered for this activity in its country.',
  APPROVE_TEMPORARILY: 'Approved for the test environment while the licence register is updated.',
};

/** The actions that lead a fresh check to each status; NOT_SUBMITTED has none. */
const HISTORY: Readonly<Record<CheckStatus, readonly CheckAction[]>> = {
  NOT_SUBMITTED: [],
  SUBMITTED: ['SUBMIT'],
  IN_REVIEW: ['SUBMIT', 'START'],
  CORRECTIONS_REQUESTED: ['SUBMIT', 'START', 'REQUEST_CORRECTIONS'],
  APPROVED: ['SUBMIT', 'START', 'APPROVE'],
  TEMPORARILY_APPROVED: ['SUBMIT', 'START', 'APPROVE_TEMPORARILY'],
  REJECTED: ['SUBMIT', 'START', 'REJECT'],
};
/** A first attempt sent back for corrections, before the history of the second one. */
const FIRST_ATTEMPT: readonly CheckAction[] = ['SUBMIT', 'START', 'REQUEST_CORRECTIONS'];

/** The file each check type is about (packages/domain FILE_PURPOSES). */
const DOCUMENTS: Readonly<Record<CheckType, { purpose: FilePurpose; name: string; mime: string }>> = {
  LEGITIMACY: { purpose: 'COPY_OF_PROOF', name: 'power-of-attorney.pdf', mime: 'application/pdf' },
  CONTRACTUAL: {
    purpose: 'SIGNED_AGREEMENT',
    name: 'participation-agreement-signed.pdf',
    mime: 'application/pdf',
  },
  FINANCIAL: {
    purpose: 'INVOICING_FORM',
    name: 'invoicing-form.xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
};

/**
 * The content of every demo document: a tiny PDF (the spreadsheet's bytes do not matter to the demo). Text,
 * as a Blob made here would not go through Node's fetch in the tests; ASCII, so its length is its size.
 */
export const DEMO_DOCUMENT = '%PDF-1.4\n% Demo document of the review queues.\n%%EOF\n';

/** A VAT number of the demo countries' shape (packages/domain VAT_PATTERNS). */
const VAT_NUMBERS: Record<string, string> = {
  BE: 'BE0417497106',
  DE: 'DE136695976',
  FR: 'FR40303265045',
  NL: 'NL853722046B01',
  IT: 'IT00743110157',
  ES: 'ESA28017895',
  FI: 'FI20774740',
  IE: 'IE6388047V',
  AT: 'ATU13585627',
  PL: 'PL5260001246',
};

const STREETS = ['Rue de la Loi', 'Hauptstraße', 'Rue Garibaldi', 'Keizersgracht', 'Via Dante'];

/** The company's application as it was submitted: complete, with as many MAHs as the row counts. */
function applicationOf(org: MockOrganisation, i: number): MockApplication {
  const country =
    org.address.country !== null && isEeaCountry(org.address.country) ? org.address.country : 'BE';
  const domain = `${org.legalName.toLowerCase().replace(/\s+/g, '-')}.example`;
  const person = (firstName: string, lastName: string, role: string, fn: string | null) => ({
    firstName,
    lastName,
    function: fn,
    email: `${role}@${domain}`,
    phone: `+32 2 555 ${String(1000 + i).slice(-4)}`,
  });
  return {
    company: {
      legalName: org.legalName,
      orgType: org.orgType,
      registrationNumber: String(10_000_000 + i * 7919),
      vatNumber: VAT_NUMBERS[country] ?? null,
      address: {
        street: STREETS[i % STREETS.length] ?? null,
        houseNumber: String(1 + (i % 120)),
        postalCode: String(1000 + i * 13),
        city: org.address.city,
        country,
      },
      website: `https://${domain}`,
      phone: `+32 2 555 ${String(2000 + i).slice(-4)}`,
      email: org.email,
    },
    spoc: person('Anna', 'Peeters', 'spoc', 'Regulatory affairs'),
    spocAssistant: i % 3 === 0 ? { ...person('Lukas', 'Maes', 'assistant', null), status: 'ACTIVE' } : null,
    authorisedRepresentative: {
      ...person('Marc', 'Dubois', 'director', 'Managing director'),
      copyOfProof: null,
    },
    mahs: Array.from({ length: mahCountOf(org) }, (_, n) => ({
      name: `${org.legalName} MAH ${n + 1}`,
      country,
      activeIn: [country],
      website: null,
      phone: null,
      email: null,
      licences: org.orgType === 'PD' ? [`${country}-PI-2024-${String(100 + n).padStart(4, '0')}`] : [],
      products: [
        {
          name: `Product ${n + 1} 500 mg tablets`,
          productCode: n % 2 ? DEMO_PPN : DEMO_GTIN,
          countries: [country],
        },
      ],
    })),
  };
}

/** A submitted application holds at least one MAH (domain.md legitimacy). */
export const mahCountOf = (org: MockOrganisation) => Math.max(1, org.mahCount);

/** Who started and decided the i-th organisation's decided checks: the mock reviewer one time in three. */
const reviewerOf = (i: number, t: number) => [MOCK_REVIEWER, RITA, TOM][(i + t) % 3] ?? MOCK_REVIEWER;

/**
 * The checks awaiting review take turns, per type and status, through these: how many days ago their
 * attempt was submitted (a legitimacy check's SLA, 15 working days, is about three weeks: some are overdue,
 * some not) and, in review, who holds them (the mock reviewer the first and the fourth of every four).
 */
const TURNS = {
  SUBMITTED: { ages: [3, 30, 12, 45], holders: [null, null, null, null] },
  IN_REVIEW: { ages: [28, 5, 40, 10], holders: [MOCK_REVIEWER, RITA, TOM, MOCK_REVIEWER] },
} as const;

/** Decided checks were submitted weeks to months ago. */
const decidedAge = (i: number, t: number) => 30 + ((i * 7 + t * 11) % 120);

/**
 * Replays `actions` on a fresh check through the domain's `decide`: the current attempt is submitted at
 * `submitted`, what follows it is spread evenly until now, and an earlier attempt came four days a step
 * before it.
 */
function replay(
  type: CheckType,
  actions: readonly CheckAction[],
  time: { submitted: number; now: number },
  people: { company: string; reviewer: string },
  eventId: () => string,
): { record: CheckRecord; events: CheckEvent[] } {
  const { submitted, now } = time;
  const last = actions.lastIndexOf('SUBMIT');
  const step = (now - submitted) / (actions.length - last);
  const timeOf = (k: number) => (k < last ? submitted - (last - k) * 4 * DAY : submitted + (k - last) * step);
  let record = initialCheck(type);
  const events: CheckEvent[] = [];
  actions.forEach((action, k) => {
    const role: CheckActorRole = action === 'SUBMIT' ? 'EXTERNAL' : 'EMVO';
    const actor = role === 'EXTERNAL' ? people.company : people.reviewer;
    const at = new Date(Math.round(timeOf(k) / 60_000) * 60_000);
    const result = decide(record, action, {
      ...MOCK_CHECK_RULES,
      role,
      actor,
      reason: REASONS[action] ?? null,
      now: at,
    });
    // The histories above are all valid: a refusal here is a mistake in this file.
    if (!result.ok) throw new Error(`Demo check history refused: ${result.code} ${result.message}`);
    record = result.next;
    const { event } = result;
    events.push({
      id: eventId(),
      from: event.from,
      to: event.to,
      actor: event.actor,
      role: event.role,
      comment: event.comment,
      at: event.at.toISOString(),
    });
  });
  return { record, events };
}

/** The billing steps' event comments, as the API writes them (apps/api reviews/locked-check.ts). */
export const invoicedComment = (invoiceNumber: string) => `Invoiced: ${invoiceNumber}`;
export const PAID_COMMENT = 'Paid';

/** An approved invoicing form is invoiced two times in three, and half of those are paid. */
function invoicingOf(org: MockOrganisation, check: CheckRecord, i: number, now: Date): MockInvoicing {
  const decidedAt = check.status === 'APPROVED' ? check.decidedAt : null;
  const at = (days: number) =>
    decidedAt ? new Date(Math.min(decidedAt.getTime() + days * DAY, now.getTime() - HOUR)) : null;
  const invoiced = decidedAt !== null && i % 3 !== 0;
  return {
    declaredMahCount: mahCountOf(org),
    invoiceNumber: invoiced ? `INV-2026/${String(i + 1).padStart(4, '0')}` : null,
    invoicedAt: invoiced ? at(2) : null,
    paidAt: invoiced && i % 2 === 0 ? at(9) : null,
  };
}

/** The billing steps are events that keep the status (APPROVED to APPROVED), as at the API. */
function billingEvents(invoicing: MockInvoicing, actor: string, eventId: () => string): CheckEvent[] {
  const step = (at: Date, comment: string): CheckEvent => ({
    id: eventId(),
    from: 'APPROVED',
    to: 'APPROVED',
    actor,
    role: 'EMVO',
    comment,
    at: at.toISOString(),
  });
  const { invoiceNumber, invoicedAt, paidAt } = invoicing;
  return [
    ...(invoicedAt && invoiceNumber ? [step(invoicedAt, invoicedComment(invoiceNumber))] : []),
    ...(paidAt ? [step(paidAt, PAID_COMMENT)] : []),
  ];
}

const STATUS_OF: Readonly<Record<CheckType, (org: MockOrganisation) => CheckStatus>> = {
  LEGITIMACY: (org) => org.legitimacyStatus,
  CONTRACTUAL: (org) => org.contractualStatus,
  FINANCIAL: (org) => org.financialStatus,
};

/** The demo's checks and organisations, fresh for each mock session (the handlers change them). */
export function createMockReviews(now: Date = new Date()): MockReviewState {
  let eventCount = 0;
  let documentCount = 0;
  const eventId = () => demoId('a3', ++eventCount);
  const organisations = new Map<string, MockReviewOrganisation>();
  const checks: MockCheck[] = [];
  const turns = new Map<string, number>();
  /** The next turn of the checks of this type in this status. */
  const turnOf = (type: CheckType, status: CheckStatus) => {
    const key = `${type} ${status}`;
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return turn % 4;
  };
  MOCK_ORGANISATIONS.forEach((org, i) => {
    const application = applicationOf(org, i);
    organisations.set(org.id, { summary: org, stage: org.stage, application });
    (['LEGITIMACY', 'CONTRACTUAL', 'FINANCIAL'] as const).forEach((type, t) => {
      const status = STATUS_OF[type](org);
      // Every fourth check that was reviewed went back once for corrections before this attempt.
      const again = status !== 'NOT_SUBMITTED' && status !== 'SUBMITTED' && (i + t) % 4 === 1;
      const actions = [...(again ? FIRST_ATTEMPT : []), ...HISTORY[status]];
      const open = status === 'SUBMITTED' || status === 'IN_REVIEW' ? TURNS[status] : null;
      const turn = open ? turnOf(type, status) : 0;
      const age = open ? (open.ages[turn] ?? 1) : decidedAge(i, t);
      const people = {
        company: org.email ?? `spoc@${org.obpNumber.toLowerCase()}.example`,
        // A submitted check has no holder yet: nobody starts it in its history.
        reviewer: (open ? open.holders[turn] : null) ?? reviewerOf(i, t),
      };
      const time = { submitted: now.getTime() - age * DAY, now: now.getTime() };
      const { record, events } = replay(type, actions, time, people, eventId);
      const invoicing = type === 'FINANCIAL' ? invoicingOf(org, record, i, now) : null;
      if (invoicing) events.push(...billingEvents(invoicing, people.reviewer, eventId));
      const file = DOCUMENTS[type];
      const documents: CheckDocument[] =
        status === 'NOT_SUBMITTED'
          ? []
          : [
              {
                id: demoId('a4', ++documentCount),
                purpose: file.purpose,
                name: file.name,
                size: DEMO_DOCUMENT.length,
                mime: file.mime,
                uploadedAt: (record.submittedAt ?? now).toISOString(),
              },
            ];
      const [proof] = documents;
      if (type === 'LEGITIMACY' && proof) {
        const { id, name, size, mime } = proof;
        application.authorisedRepresentative.copyOfProof = { id, name, size, mime };
      }
      checks.push({
        ...record,
        id: demoId('a2', i * 3 + t + 1),
        organisationId: org.id,
        version: 1 + events.length,
        events,
        documents,
        invoicing,
      });
    });
  });
  return { organisations, checks };
}
