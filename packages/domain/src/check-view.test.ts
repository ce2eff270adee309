import { describe, expect, it } from 'vitest';
import { invoicedComment, PAID_COMMENT } from './billing.js';
import {
  type CheckDetailFacts,
  checkDeed,
  checkDetailView,
  checkDocumentIds,
  decidedFirst,
  isCheckOverdue,
  refusalStatus,
  type StoredCheck,
} from './check-view.js';
import { feeFor } from './fees.js';

const now = new Date('2026-11-23T10:00:00Z');

describe('refusalStatus', () => {
  it.each([
    ['REASON_REQUIRED', 400],
    ['ACTOR_REQUIRED', 400],
    ['INVALID_INVOICE_NUMBER', 400],
    ['ROLE_NOT_ALLOWED', 403],
    ['ACTION_NOT_ALLOWED', 409],
    ['TEST_ENVIRONMENT_ONLY', 409],
    ['INVALID_DATE', 409],
  ] as const)('%s: %i', (code, status) => {
    expect(refusalStatus(code)).toBe(status);
  });
});

describe('isCheckOverdue', () => {
  it('only while awaiting review, once past the due instant (not at it)', () => {
    const due = '2026-11-23T10:00:00.000Z';
    expect(isCheckOverdue({ status: 'IN_REVIEW', slaDueAt: due }, now)).toBe(false);
    expect(
      isCheckOverdue({ status: 'SUBMITTED', slaDueAt: new Date(due) }, new Date(now.getTime() + 1)),
    ).toBe(true);
    expect(isCheckOverdue({ status: 'APPROVED', slaDueAt: due }, new Date('2027-01-01'))).toBe(false);
    expect(isCheckOverdue({ status: 'SUBMITTED', slaDueAt: null }, now)).toBe(false);
  });
});

describe('checkDeed and decidedFirst', () => {
  it.each([
    [{ from: 'IN_REVIEW', to: 'APPROVED', comment: null }, 'approved this check'],
    [{ from: 'SUBMITTED', to: 'IN_REVIEW', comment: null }, 'started the review of this check'],
    [{ from: 'APPROVED', to: 'APPROVED', comment: invoicedComment('INV-1') }, 'marked this check invoiced'],
    [{ from: 'APPROVED', to: 'APPROVED', comment: PAID_COMMENT }, 'marked this check paid'],
    [{ from: 'APPROVED', to: 'APPROVED', comment: 'Other' }, 'changed this check'],
  ] as const)('%j: %s', (event, deed) => {
    expect(checkDeed(event)).toBe(deed);
  });

  it('names who acted last and the status now; "Someone" without an event', () => {
    const latest = { from: 'IN_REVIEW', to: 'REJECTED', comment: 'No', actorName: 'Rita Reviewer' } as const;
    expect(decidedFirst('REJECTED', latest)).toEqual({
      message: 'Rita Reviewer rejected this check first',
      values: { actor: 'Rita Reviewer', status: 'rejected' },
    });
    expect(decidedFirst('CORRECTIONS_REQUESTED', undefined)).toEqual({
      message: 'Someone changed this check first',
      values: { actor: 'Someone', status: 'corrections requested' },
    });
  });
});

describe('checkDocumentIds', () => {
  it("each check type's own filed document, none before it is filed", () => {
    const filed = { copyOfProofFileId: 'p', signedFileId: 's', formFileId: 'f' };
    expect(checkDocumentIds('LEGITIMACY', filed)).toEqual(['p']);
    expect(checkDocumentIds('CONTRACTUAL', filed)).toEqual(['s']);
    expect(checkDocumentIds('FINANCIAL', filed)).toEqual(['f']);
    expect(checkDocumentIds('FINANCIAL', { formFileId: null })).toEqual([]);
  });
});

describe('checkDetailView', () => {
  const check: StoredCheck = {
    id: 'c1',
    type: 'LEGITIMACY',
    status: 'IN_REVIEW',
    attempt: 1,
    submittedAt: '2026-11-01T09:00:00Z',
    slaDueAt: new Date('2026-11-20T09:00:00Z'),
    assignee: 'rita@portal.test',
    decidedAt: null,
    decidedBy: null,
    reason: null,
    version: 3,
  };
  const facts: CheckDetailFacts<{ name: string }> = {
    check,
    organisation: { id: 'o1', obpNumber: 'C00101', stage: 'INFORMATION' },
    application: { name: 'Acme' },
    documents: [
      { id: 'f1', purpose: 'COPY_OF_PROOF', name: 'p.pdf', size: 3, mime: 'application/pdf', createdAt: now },
    ],
    events: [
      {
        id: 'e1',
        from: 'NOT_SUBMITTED',
        to: 'SUBMITTED',
        actor: 'spoc@acme.example',
        role: 'EXTERNAL',
        comment: null,
        at: new Date('2026-11-01T09:00:00Z'),
      },
      {
        id: 'e2',
        from: 'SUBMITTED',
        to: 'IN_REVIEW',
        actor: 'rita@portal.test',
        role: 'EMVO',
        comment: null,
        at: '2026-11-02T09:00:00.000Z',
      },
    ],
    invoicing: null,
    activeMahCount: 2,
    testEnvironment: true,
    now,
  };

  it('the check with dates as ISO strings and overdue at now, its attempts, timeline and actions', () => {
    const view = checkDetailView(facts);
    expect(view.check).toEqual({
      ...check,
      submittedAt: '2026-11-01T09:00:00.000Z',
      slaDueAt: '2026-11-20T09:00:00.000Z',
      overdue: true,
    });
    expect(view.application).toEqual({ name: 'Acme' });
    expect(view.documents).toEqual([
      {
        id: 'f1',
        purpose: 'COPY_OF_PROOF',
        name: 'p.pdf',
        size: 3,
        mime: 'application/pdf',
        uploadedAt: now.toISOString(),
      },
    ]);
    expect(view.events.map((event) => event.at)).toEqual([
      '2026-11-01T09:00:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
    expect(view.attempts).toEqual([
      {
        attempt: 1,
        submittedAt: '2026-11-01T09:00:00.000Z',
        outcome: null,
        decidedAt: null,
        decidedBy: null,
        reason: null,
      },
    ]);
    expect(view.allowedActions).toEqual(['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT']);
    expect(checkDetailView({ ...facts, testEnvironment: false }).allowedActions).toEqual([
      'APPROVE',
      'REQUEST_CORRECTIONS',
      'REJECT',
    ]);
    expect(view.billing).toBeNull();
  });

  it('a financial check: the fee as filed less what was invoiced before, and the billing step open now', () => {
    const financial = { ...check, type: 'FINANCIAL' as const, status: 'APPROVED' as const, slaDueAt: null };
    const invoicing = {
      declaredMahCount: 1,
      feeCents: 500_000,
      invoicedBeforeCents: 200_000,
      invoiceNumber: 'INV-1',
      invoicedAt: '2026-11-05T09:00:00Z',
      paidAt: null,
    };
    const details = { legalEntity: 'Acme Billing BV', billingEmail: 'ap@acme.example' };
    expect(
      checkDetailView({ ...facts, check: financial, invoicing, billingDetails: details }).billing,
    ).toEqual({
      // What the invoice needs, as the company filed it.
      details,
      declaredMahCount: 1,
      activeMahCount: 2,
      feeCents: 500_000,
      amountDueCents: 300_000,
      invoiceNumber: 'INV-1',
      invoicedAt: '2026-11-05T09:00:00.000Z',
      paidAt: null,
      allowedActions: ['MARK_PAID'],
    });
    // No form filed: the active count's fee, and nothing to invoice.
    expect(
      checkDetailView({ ...facts, check: financial, billingDetails: { legalEntity: 'x' } }).billing,
    ).toMatchObject({
      details: null,
      declaredMahCount: null,
      feeCents: feeFor(2).amountCents,
      allowedActions: [],
    });
  });

  it('a contractual check: the template version signed and each tick box, what it said and whether ticked', () => {
    const contractual = { ...check, type: 'CONTRACTUAL' as const };
    const agreement = {
      templateVersion: 2,
      acceptedTerms: true,
      confirmedAuthority: false,
      tickBoxes: {
        versionNumber: 3,
        title: 'Boxes',
        body: 'I accept the terms.\n\nI may sign for the company.',
      },
    };
    expect(checkDetailView({ ...facts, check: contractual, agreement }).agreement).toEqual({
      templateVersion: 2,
      tickBoxesVersion: 3,
      boxes: [
        { field: 'acceptedTerms', text: 'I accept the terms.', ticked: true },
        { field: 'confirmedAuthority', text: 'I may sign for the company.', ticked: false },
      ],
    });
    // Ticked on no published text: the boxes without their words.
    expect(
      checkDetailView({ ...facts, check: contractual, agreement: { ...agreement, tickBoxes: null } })
        .agreement?.boxes,
    ).toEqual([
      { field: 'acceptedTerms', text: null, ticked: true },
      { field: 'confirmedAuthority', text: null, ticked: false },
    ]);
    expect(checkDetailView({ ...facts, check: contractual }).agreement).toBeNull();
    // Another check type never carries it.
    expect(checkDetailView({ ...facts, agreement }).agreement).toBeNull();
  });
});
