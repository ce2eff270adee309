import { type CheckDetail, QUEUE_SLUGS, REVIEW_ACTIONS } from '@portal/contracts';
import {
  BILLING_ACTIONS,
  CHECK_STATUSES,
  CHECK_TYPES,
  FILE_PURPOSES,
  ORG_TYPES,
  TICK_BOX_FIELDS,
} from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';
import {
  CHECK_ID,
  contractualSubmitted,
  decisionButtons,
  fact,
  financialApproved,
  legitimacyInReview,
  pageHeader,
  region,
  renderCheckDetail,
  rowsOf,
  serveCheck,
  user,
} from './test-check-detail';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** Renders the page for the API's answer `detail` and waits for it. */
async function openCheck(detail: CheckDetail, path?: string) {
  serveCheck(server, detail);
  const view = renderCheckDetail(path);
  await screen.findByRole('heading', { level: 1, name: detail.application.company.legalName });
  return view;
}

describe('/emvo/{queue}/{checkId}: the detail view', () => {
  it('heads the page with the company, the check and where it stands; overdue is said in words', async () => {
    await openCheck(legitimacyInReview());
    expect(screen.getByText('Legitimacy check of application C00042')).toBeInTheDocument();
    const header = pageHeader();
    expect(fact(header, 'OBP number')).toBe('C00042');
    expect(fact(header, 'Check')).toBe('Legitimacy');
    expect(fact(header, 'Status')).toBe('In review');
    expect(fact(header, 'Attempt')).toBe('2');
    expect(fact(header, 'Submitted')).toMatch(/^Mar 2, 2026/);
    expect(fact(header, 'SLA due')).toBe('Mar 23, 2026Overdue');
    expect(fact(header, 'Assignee')).toBe('Rita Reviewer');
  });

  it('shows the submitted data read-only, as definition lists and tables, not form fields', async () => {
    await openCheck(legitimacyInReview());
    const company = region('Company data');
    expect(fact(company, 'Legal name')).toBe('Jansen Pharma BV');
    expect(fact(company, 'Organisation type')).toBe('PD (Parallel Distributor)');
    expect(fact(company, 'VAT number')).toBe('NL123456789B01');
    expect(fact(company, 'Address')).toBe('Keizersgracht 12a1015 CS AmsterdamNetherlands');
    expect(within(company).getByRole('link', { name: 'info@jansen.example.com' })).toHaveAttribute(
      'href',
      'mailto:info@jansen.example.com',
    );

    const spoc = region('SPOC (single point of contact)');
    expect(fact(spoc, 'Name')).toBe('Eva Jansen');
    // The form never asks the SPOC's function: no "Function: Not given".
    expect(within(spoc).queryByText('Function', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(region('SPOC Assistant')).getByText('The company named no SPOC Assistant.')).toBeVisible();
    const representative = region('Authorised representative');
    expect(fact(representative, 'Function')).toBe('Managing director');
    expect(fact(representative, 'Phone')).toBe('Not given');
    expect(within(representative).getByRole('link', { name: 'Download proof-de-vries.pdf' })).toBeVisible();

    const mah = region('MAH 1: Jansen Generics');
    expect(fact(mah, 'Active in')).toBe('Netherlands, Belgium');
    expect(fact(mah, 'Licences')).toBe('WDA-NL-001');
    expect(fact(mah, 'Email address')).toBe('Not given');
    expect(rowsOf(within(mah).getByRole('table', { name: 'Products of MAH 1' }))).toEqual([
      ['Paracetamol 500 mg', '110375286414', 'Netherlands'],
    ]);
    // The only fields are the reviewers' own forms (the assignment, a note), none in the company's data.
    const fields = Array.from(document.querySelectorAll('input, select, textarea'));
    expect(fields.filter((field) => !field.closest('form'))).toHaveLength(0);
  });

  it('lists the documents as download links, the attempts and every event of the timeline', async () => {
    await openCheck(legitimacyInReview());
    const documents = within(region('Documents')).getAllByRole('listitem');
    expect(documents).toHaveLength(1);
    expect(within(documents[0] as HTMLElement).getByRole('link')).toHaveAccessibleName(
      'Download proof-de-vries.pdf',
    );
    expect(documents[0]).toHaveTextContent(
      /Copy of proof of the authorised representative · uploaded Mar 1, 2026/,
    );

    const attempts = rowsOf(within(region('Attempts')).getByRole('table'));
    expect(attempts).toHaveLength(2);
    expect(attempts[0]).toEqual([
      '1',
      expect.stringMatching(/^Feb 2, 2026/),
      'Corrections requested',
      'Rita Reviewer',
      expect.stringMatching(/^Feb 10, 2026/),
      'The copy of proof is not signed.',
    ]);
    expect(attempts[1]).toEqual([
      '2',
      expect.stringMatching(/^Mar 2, 2026/),
      'Open',
      'Not decided yet',
      'Not decided yet',
      'None',
    ]);

    // The timeline in words, as the company page and the audit say them: who did what, in which attempt.
    const timeline = within(region('Timeline')).getAllByRole('listitem');
    expect(timeline.map((line) => line.querySelector('time + span')?.textContent)).toEqual([
      'Eva Jansen submitted the legitimacy check (attempt 1)',
      // The reviewers' own work on it, in its place in time: an assignment, a note.
      'Rita Reviewer took the legitimacy check',
      'Rita Reviewer started the review of the legitimacy check (attempt 1)',
      'Rita Reviewer requested corrections to the legitimacy check (attempt 1)',
      'Eva Jansen submitted the legitimacy check (attempt 2)',
      'Rita Reviewer started the review of the legitimacy check (attempt 2)',
      'Rita Reviewer added an internal note to the legitimacy check',
    ]);
    expect(timeline[3]).toHaveTextContent('The copy of proof is not signed.');
    expect(timeline[0]?.querySelector('time')).toHaveTextContent(/^Feb 2, 2026, \d{1,2}:\d{2}\s[AP]M \S+$/);
    // The lines are about the check shown: none links to the page itself; a note's leads to the note.
    const links = within(region('Timeline')).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [
        'Rita Reviewer added an internal note to the legitimacy check',
        `/emvo/legitimacy/${CHECK_ID}#note-a0000000-0000-4000-8000-000000000009`,
      ],
    ]);
  });

  it('keeps the headings in order: one h1, then h2 per part, h3 inside', async () => {
    await openCheck(legitimacyInReview());
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((level) => level === 1)).toHaveLength(1);
    for (const [index, level] of levels.entries()) {
      if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1);
    }
  });

  it('links back to the queue, keeping nothing else', async () => {
    await openCheck(legitimacyInReview(), `/emvo/legitimacy/${CHECK_ID}?tab=x`);
    const back = screen.getByRole('link', { name: 'Back to the legitimacy queue' });
    expect(back).toHaveAttribute('href', '/emvo/legitimacy');
    await user.click(back);
    expect(await screen.findByRole('heading', { name: 'Queue page' })).toBeInTheDocument();
  });

  it('an unknown queue in the address is a page that does not exist', async () => {
    serveCheck(server, legitimacyInReview());
    renderCheckDetail(`/emvo/payroll/${CHECK_ID}`);
    expect(screen.getByText('This page does not exist.')).toBeInTheDocument();
  });
});

describe('the decisions: exactly the actions the API allows now', () => {
  it.each<[string, Partial<CheckDetail['check']>, CheckDetail['allowedActions'], string[]]>([
    ['submitted: start the review', { status: 'SUBMITTED' }, ['START'], ['Start review']],
    [
      'in review (legitimacy)',
      {},
      ['APPROVE', 'APPROVE_TEMPORARILY', 'REQUEST_CORRECTIONS', 'REJECT'],
      ['Approve', 'Approve temporarily', 'Request corrections', 'Reject'],
    ],
    ['in review (production: no temporary approval)', {}, ['APPROVE', 'REJECT'], ['Approve', 'Reject']],
    [
      'actions the modal does not offer are left out',
      {},
      ['SUBMIT', 'APPROVE', 'TOP_UP_REQUIRED'],
      ['Approve'],
    ],
  ])('%s', async (_case, check, allowed, buttons) => {
    const detail = legitimacyInReview();
    await openCheck({ ...detail, check: { ...detail.check, ...check }, allowedActions: allowed });
    expect(decisionButtons()).toEqual(buttons);
  });

  it('none allowed: says why instead', async () => {
    const detail = legitimacyInReview();
    await openCheck({ ...detail, check: { ...detail.check, status: 'APPROVED' }, allowedActions: [] });
    // Nothing to decide: the way on to the next open check of the queue.
    expect(decisionButtons()).toEqual(['Next open check']);
    expect(
      within(region('Decision')).getByText(
        'No decision can be taken while the check’s status is “Approved”.',
      ),
    ).toBeVisible();
  });
});

describe('billing (FINANCIAL)', () => {
  it('shows the invoicing, the billing details and the one step the API allows next', async () => {
    await openCheck(financialApproved(), `/emvo/financial/${CHECK_ID}`);
    const billing = region('Invoicing');
    expect(fact(billing, 'MAHs declared on the invoicing form')).toBe('2');
    expect(fact(billing, 'Active MAHs')).toBe('2');
    expect(fact(billing, 'Fee')).toBe('€13,500.00');
    expect(fact(billing, 'Invoice number')).toBe('Not invoiced yet');
    expect(fact(billing, 'Paid')).toBe('Not paid yet');
    // What the invoice needs.
    const details = region('Billing details');
    expect(fact(details, 'Legal entity invoiced')).toBe('Jansen Pharma Finance BV');
    expect(fact(details, 'Billing address')).toBe('Damrak 11012 LG AmsterdamNetherlands');
    expect(fact(details, 'Billing VAT number')).toBe('NL987654321B01');
    expect(fact(details, 'PO number')).toBe('Not given');
    expect(within(details).getByRole('link', { name: 'invoices@jansen.example.com' })).toHaveAttribute(
      'href',
      'mailto:invoices@jansen.example.com',
    );
    expect(
      within(billing)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark invoiced']);
  });

  it('a check of another type has no billing panel', async () => {
    await openCheck(legitimacyInReview());
    expect(screen.queryByRole('region', { name: 'Invoicing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Participation agreement' })).not.toBeInTheDocument();
  });

  it('the financial check says so when the company gave no billing details yet', async () => {
    const detail = financialApproved();
    await openCheck(
      { ...detail, billing: detail.billing && { ...detail.billing, details: null } },
      `/emvo/financial/${CHECK_ID}`,
    );
    expect(
      within(region('Billing details')).getByText('The company has not given its billing details yet.'),
    ).toBeVisible();
  });
});

describe('the contractual check: the agreement signed and its two tick boxes', () => {
  it('shows the template version signed and each box, ticked or not, in words', async () => {
    await openCheck(contractualSubmitted(), `/emvo/contractual/${CHECK_ID}`);
    const agreement = region('Participation agreement');
    expect(fact(agreement, 'Template version signed')).toBe('Version 2');
    const boxes = within(within(agreement).getByRole('list', { name: 'The two tick boxes' })).getAllByRole(
      'listitem',
    );
    expect(boxes.map((box) => box.textContent)).toEqual([
      'Ticked: We accept the terms of participation.',
      // No text on record: the box's meaning from the catalogue.
      'Not ticked: The signatory is authorised to sign for the company.',
    ]);
  });

  it('holds the signed agreement itself, to download where the reviewer reads the agreement', async () => {
    await openCheck(contractualSubmitted(), `/emvo/contractual/${CHECK_ID}`);
    const agreement = region('Participation agreement');
    expect(fact(agreement, 'Signed agreement')).toMatch(
      /^jansen-agreement-signed\.pdf.*uploaded Mar 4, 2026/,
    );
    expect(
      within(agreement).getByRole('link', { name: 'Download jansen-agreement-signed.pdf' }),
    ).toBeVisible();
    // Only the signed agreement: the other documents stay under Documents.
    expect(within(agreement).queryByRole('link', { name: 'Download proof-de-vries.pdf' })).toBeNull();
    expect(
      within(region('Documents')).getByRole('link', { name: 'Download jansen-agreement-signed.pdf' }),
    ).toBeVisible();
  });

  it('says "Not given" for a signed agreement not uploaded yet, the tick boxes still shown', async () => {
    const detail = contractualSubmitted();
    const documents = detail.documents.filter((document) => document.purpose !== 'SIGNED_AGREEMENT');
    await openCheck({ ...detail, documents }, `/emvo/contractual/${CHECK_ID}`);
    const agreement = region('Participation agreement');
    expect(fact(agreement, 'Signed agreement')).toBe('Not given');
    expect(fact(agreement, 'Template version signed')).toBe('Version 2');
  });

  it('says so when the company saved no agreement yet', async () => {
    await openCheck({ ...contractualSubmitted(), agreement: null }, `/emvo/contractual/${CHECK_ID}`);
    expect(
      within(region('Participation agreement')).getByText('The company has not saved its agreement yet.'),
    ).toBeVisible();
  });
});

describe('translations (keys built from the data, which the key scan cannot see)', () => {
  const i18n = createTestI18n();
  const keys = [
    ...CHECK_STATUSES.map((status) => `emvo.check.statuses.${status}`),
    ...CHECK_TYPES.flatMap((type) => [`emvo.check.types.${type}`, `emvo.check.checkNames.${type}`]),
    ...FILE_PURPOSES.map((purpose) => `emvo.check.purposes.${purpose}`),
    ...ORG_TYPES.map((type) => `emvo.check.orgTypes.${type}`),
    ...TICK_BOX_FIELDS.map((field) => `emvo.check.agreement.boxes.${field}`),
    ...QUEUE_SLUGS.map((queue) => `emvo.check.queues.${queue}`),
    ...[...REVIEW_ACTIONS, ...BILLING_ACTIONS].flatMap((action) =>
      ['button', 'title', 'text', 'confirm', 'done'].map((part) => `emvo.check.actions.${action}.${part}`),
    ),
  ];
  it.each(keys)('%s', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });
});
