import { type CheckDetail, type CheckNote, checksApi } from '@portal/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { SetupServer } from 'msw/node';
import { Outlet } from 'react-router';
import { ModalHost } from '../../../modal/modal-host';
import { type RenderScreenOptions, renderScreen } from '../../../test/render-screen';
import { CheckDetailPage } from './check-detail-page';

/**
 * Test helper (the detail view's tests): a legitimacy check in review, its company's data, documents,
 * attempts and timeline, as GET /api/checks/{id} answers it. Times at noon UTC: the same day everywhere.
 */
export const CHECK_ID = 'c0000000-0000-4000-8000-000000000001';

export function legitimacyInReview(): CheckDetail {
  return {
    check: {
      id: CHECK_ID,
      type: 'LEGITIMACY',
      status: 'IN_REVIEW',
      attempt: 2,
      submittedAt: '2026-03-02T12:00:00.000Z',
      slaDueAt: '2026-03-23T12:00:00.000Z',
      overdue: true,
      assignee: 'Rita Reviewer',
      decidedAt: null,
      decidedBy: null,
      reason: null,
      version: 3,
    },
    organisation: { id: 'o0000000-0000-4000-8000-000000000042', obpNumber: 'C00042', stage: 'INFORMATION' },
    application: {
      company: {
        legalName: 'Jansen Pharma BV',
        orgType: 'PD',
        registrationNumber: 'KVK 12345678',
        vatNumber: 'NL123456789B01',
        address: {
          street: 'Keizersgracht',
          houseNumber: '12a',
          postalCode: '1015 CS',
          city: 'Amsterdam',
          country: 'NL',
        },
        website: 'https://jansen.example.com',
        phone: '+31 20 123 4567',
        email: 'info@jansen.example.com',
      },
      spoc: {
        firstName: 'Eva',
        lastName: 'Jansen',
        function: 'Regulatory affairs',
        email: 'eva@jansen.example.com',
        phone: '+31 20 123 4568',
      },
      spocAssistant: null,
      authorisedRepresentative: {
        firstName: 'Pieter',
        lastName: 'de Vries',
        function: 'Managing director',
        email: 'pieter@jansen.example.com',
        phone: null,
        copyOfProof: {
          id: 'f0000000-0000-4000-8000-000000000001',
          name: 'proof-de-vries.pdf',
          size: 120_000,
          mime: 'application/pdf',
        },
      },
      mahs: [
        {
          name: 'Jansen Generics',
          country: 'NL',
          activeIn: ['NL', 'BE'],
          website: null,
          phone: null,
          email: null,
          licences: ['WDA-NL-001'],
          products: [{ name: 'Paracetamol 500 mg', productCode: '110375286414', countries: ['NL'] }],
        },
      ],
    },
    documents: [
      {
        id: 'f0000000-0000-4000-8000-000000000001',
        purpose: 'COPY_OF_PROOF',
        name: 'proof-de-vries.pdf',
        size: 120_000,
        mime: 'application/pdf',
        uploadedAt: '2026-03-01T12:00:00.000Z',
      },
    ],
    attempts: [
      {
        attempt: 1,
        submittedAt: '2026-02-02T12:00:00.000Z',
        outcome: 'CORRECTIONS_REQUESTED',
        decidedAt: '2026-02-10T12:00:00.000Z',
        decidedBy: 'Rita Reviewer',
        reason: 'The copy of proof is not signed.',
      },
      {
        attempt: 2,
        submittedAt: '2026-03-02T12:00:00.000Z',
        outcome: null,
        decidedAt: null,
        decidedBy: null,
        reason: null,
      },
    ],
    events: [
      event(1, 'NOT_SUBMITTED', 'SUBMITTED', 'Eva Jansen', 'EXTERNAL', null, '2026-02-02T12:00:00.000Z'),
      event(2, 'SUBMITTED', 'IN_REVIEW', 'Rita Reviewer', 'EMVO', null, '2026-02-03T12:00:00.000Z'),
      event(
        3,
        'IN_REVIEW',
        'CORRECTIONS_REQUESTED',
        'Rita Reviewer',
        'EMVO',
        'The copy of proof is not signed.',
        '2026-02-10T12:00:00.000Z',
      ),
      event(
        4,
        'CORRECTIONS_REQUESTED',
        'SUBMITTED',
        'Eva Jansen',
        'EXTERNAL',
        null,
        '2026-03-02T12:00:00.000Z',
      ),
      event(5, 'SUBMITTED', 'IN_REVIEW', 'Rita Reviewer', 'EMVO', null, '2026-03-03T12:00:00.000Z'),
    ],
    // Rita took the check before the company's second submission, and wrote a note on it.
    teamwork: [
      {
        id: '101',
        at: '2026-02-03T11:00:00.000Z',
        actor: 'Rita Reviewer',
        action: 'TAKE_CHECK',
        attempt: 1,
        assignee: 'Rita Reviewer',
        noteId: null,
      },
      {
        id: '102',
        at: '2026-03-03T13:00:00.000Z',
        actor: 'Rita Reviewer',
        action: 'ADD_NOTE',
        attempt: 2,
        assignee: null,
        noteId: 'a0000000-0000-4000-8000-000000000009',
      },
    ],
    allowedActions: ['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT'],
    billing: null,
    agreement: null,
    // Who the check names, by the email they are stored under; the fixture's actors are names already.
    people: {},
  };
}

/**
 * A contractual check, submitted: the agreement signed on template version 2 and uploaded, one box left
 * unticked; the copy of proof among its documents too.
 */
export function contractualSubmitted(): CheckDetail {
  const base = legitimacyInReview();
  return {
    ...base,
    check: { ...base.check, type: 'CONTRACTUAL', status: 'SUBMITTED', attempt: 1, overdue: false },
    documents: [
      ...base.documents,
      {
        id: 'f0000000-0000-4000-8000-000000000002',
        purpose: 'SIGNED_AGREEMENT',
        name: 'jansen-agreement-signed.pdf',
        size: 240_000,
        mime: 'application/pdf',
        uploadedAt: '2026-03-04T09:30:00.000Z',
      },
    ],
    attempts: [],
    events: [],
    allowedActions: ['START'],
    agreement: {
      templateVersion: 2,
      tickBoxesVersion: 1,
      boxes: [
        { field: 'acceptedTerms', text: 'We accept the terms of participation.', ticked: true },
        { field: 'confirmedAuthority', text: null, ticked: false },
      ],
    },
  };
}

/** A financial check, approved: the fee is to be invoiced. */
export function financialApproved(): CheckDetail {
  const base = legitimacyInReview();
  return {
    ...base,
    check: {
      ...base.check,
      type: 'FINANCIAL',
      status: 'APPROVED',
      attempt: 1,
      slaDueAt: null,
      overdue: false,
      decidedAt: '2026-03-20T12:00:00.000Z',
      decidedBy: 'Rita Reviewer',
    },
    documents: [
      {
        id: 'f0000000-0000-4000-8000-000000000002',
        purpose: 'INVOICING_FORM',
        name: 'invoicing-form.xlsx',
        size: 30_000,
        mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        uploadedAt: '2026-03-15T12:00:00.000Z',
      },
    ],
    attempts: [],
    events: [],
    allowedActions: [],
    billing: {
      details: {
        legalEntity: 'Jansen Pharma Finance BV',
        address: {
          street: 'Damrak',
          houseNumber: '1',
          postalCode: '1012 LG',
          city: 'Amsterdam',
          country: 'NL',
        },
        vatNumber: 'NL987654321B01',
        purchaseOrderNumber: null,
        billingEmail: 'invoices@jansen.example.com',
      },
      declaredMahCount: 2,
      activeMahCount: 2,
      feeCents: 1_350_000,
      amountDueCents: 1_350_000,
      invoiceNumber: null,
      invoicedAt: null,
      paidAt: null,
      allowedActions: ['MARK_INVOICED'],
    },
  };
}

function event(
  n: number,
  from: CheckDetail['events'][number]['from'],
  to: CheckDetail['events'][number]['to'],
  actor: string,
  role: string,
  comment: string | null,
  at: string,
): CheckDetail['events'][number] {
  return { id: `e0000000-0000-4000-8000-00000000000${n}`, from, to, actor, role, comment, at };
}

/** The check as the fixture API answers it now (a test may change it: "someone else"), and its reads. */
export interface CheckFixture {
  detail: CheckDetail;
  gets: number;
  notes: CheckNote[];
}

/** The active reviewers GET /api/reviewers answers. */
export const REVIEWERS = [
  { email: 'lead@portal.test', name: 'Lena Lead' },
  { email: 'reviewer@portal.test', name: 'Rita Reviewer' },
];

/**
 * Answers GET /api/checks/{id} with `initial`, or what a test later puts in its place: the page's rendering
 * of a given answer. What a decision does is the API's, and its tests run on mock mode's world
 * (check-decisions.test.tsx).
 */
export function serveCheck(server: SetupServer, initial: CheckDetail): CheckFixture {
  const fixture: CheckFixture = { detail: initial, gets: 0, notes: [] };
  server.resetHandlers(
    http.get(checksApi.check.path, () => {
      fixture.gets += 1;
      return HttpResponse.json(fixture.detail);
    }),
    // The page's other reads: the check's notes and who it can be assigned to.
    http.get(checksApi.notes.path, () => HttpResponse.json({ notes: fixture.notes })),
    http.get(checksApi.reviewers.path, () => HttpResponse.json({ reviewers: REVIEWERS })),
  );
  return fixture;
}

/**
 * Renders /emvo/{queue}/{checkId} as the app does: the real HTTP client (msw answers), the app's error
 * handler wired into the query client (its toasts go to `notify`), the modal host, the queue route.
 */
export function renderCheckDetail(
  path = `/emvo/legitimacy/${CHECK_ID}`,
  options: Pick<RenderScreenOptions, 'user' | 'live'> = {},
) {
  const routes = [
    {
      element: (
        <>
          <main id="main" tabIndex={-1}>
            <Outlet />
          </main>
          <ModalHost />
        </>
      ),
      children: [
        { path: '/emvo/:queue/:checkId', element: <CheckDetailPage /> },
        { path: '/emvo/:queue', element: <h1>Queue page</h1> },
      ],
    },
  ];
  return renderScreen({ routes, path, ...options });
}

export const user = userEvent.setup({ delay: null });

/** The page's header: the h1 and the facts under it. */
export function pageHeader(): HTMLElement {
  const header = screen.getByRole('heading', { level: 1 }).closest('header');
  if (!header) throw new Error('No page header');
  return header;
}
export const region = (name: string | RegExp) => screen.getByRole('region', { name });
/** A definition list's value by its term, within a part of the page. */
export function fact(part: HTMLElement, term: string): string {
  const dt = within(part)
    .getAllByText(term, { selector: 'dt' })
    .find((element) => element.nextElementSibling?.tagName === 'DD');
  return dt?.nextElementSibling?.textContent ?? '';
}
export const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
export const decisionButtons = () =>
  within(region('Decision'))
    .queryAllByRole('button')
    .map((button) => button.textContent);
export const dialog = () => screen.getByRole('dialog');
export const confirm = (name: string) => user.click(within(dialog()).getByRole('button', { name }));
