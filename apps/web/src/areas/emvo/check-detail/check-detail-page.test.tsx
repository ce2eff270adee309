import { type CheckDetail, checksApi, QUEUE_SLUGS, REVIEW_ACTIONS } from '@portal/contracts';
import {
  BILLING_ACTIONS,
  CHECK_STATUSES,
  CHECK_TYPES,
  FILE_PURPOSES,
  ORG_TYPES,
  ROLES,
  TICK_BOX_FIELDS,
} from '@portal/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '../../../modal/modal-store';
import { createTestI18n } from '../../../test/test-i18n';
import { toast } from '../../../toast/toast';
import {
  CHECK_ID,
  contractualSubmitted,
  financialApproved,
  legitimacyInReview,
  renderCheckDetail,
  serveCheck,
} from './test-check-detail';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => vi.mocked(toast.success).mockClear());
afterEach(async () => {
  act(() => closeModal());
  // The dialog library gives the focus back a tick after closing: let it, before the next test renders.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
});

const user = userEvent.setup({ delay: null });

/** Renders the page for this check and waits for it. */
async function openCheck(detail: CheckDetail, path?: string) {
  const api = serveCheck(server, detail);
  const view = renderCheckDetail(path);
  await screen.findByRole('heading', { level: 1, name: detail.application.company.legalName });
  return { api, ...view };
}

/** The page's header: the h1 and the facts under it. */
function pageHeader(): HTMLElement {
  const header = screen.getByRole('heading', { level: 1 }).closest('header');
  if (!header) throw new Error('No page header');
  return header;
}
const region = (name: string | RegExp) => screen.getByRole('region', { name });
/** A definition list's value by its term, within a part of the page. */
function fact(part: HTMLElement, term: string): string {
  const dt = within(part)
    .getAllByText(term, { selector: 'dt' })
    .find((element) => element.nextElementSibling?.tagName === 'DD');
  return dt?.nextElementSibling?.textContent ?? '';
}
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
const decisionButtons = () =>
  within(region('Decision'))
    .queryAllByRole('button')
    .map((button) => button.textContent);
const dialog = () => screen.getByRole('dialog');
const confirm = (name: string) => user.click(within(dialog()).getByRole('button', { name }));

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
    // The form never asks the SPOC's function: no "Function: Not given" (issue 23 item 11).
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
    expect(document.querySelectorAll('input, select, textarea')).toHaveLength(0);
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

    const timeline = rowsOf(within(region('Timeline')).getByRole('table'));
    expect(timeline.map((row) => row.slice(1))).toEqual([
      ['Not submitted', 'Submitted', 'Eva Jansen', 'Company', 'None'],
      ['Submitted', 'In review', 'Rita Reviewer', 'Reviewer', 'None'],
      ['In review', 'Corrections requested', 'Rita Reviewer', 'Reviewer', 'The copy of proof is not signed.'],
      ['Corrections requested', 'Submitted', 'Eva Jansen', 'Company', 'None'],
      ['Submitted', 'In review', 'Rita Reviewer', 'Reviewer', 'None'],
    ]);
    expect(timeline[0]?.[0]).toMatch(/^Feb 2, 2026, \d{1,2}:\d{2}\s[AP]M$/);
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
    expect(decisionButtons()).toEqual([]);
    expect(
      within(region('Decision')).getByText('No decision can be taken while the check is Approved.'),
    ).toBeVisible();
  });
});

describe('a decision in the shared modal', () => {
  it.each([
    [
      'Request corrections',
      'REQUEST_CORRECTIONS',
      'Corrections requested',
      'Corrections are requested from the company.',
    ],
    ['Reject', 'REJECT', 'Rejected', 'The check is rejected.'],
    [
      'Approve temporarily',
      'APPROVE_TEMPORARILY',
      'Temporarily approved',
      'The check is approved temporarily.',
    ],
  ])('%s needs a reason: nothing is sent without one', async (button, action, status, done) => {
    const { api } = await openCheck(legitimacyInReview());
    await user.click(screen.getByRole('button', { name: button }));
    const reason = within(dialog()).getByRole('textbox', { name: 'Reason' });
    // Issue 23 item 14: the focus starts on the reason, so the first typed line lands there; the dialog
    // keeps its accessible name.
    await waitFor(() => expect(reason).toHaveFocus());
    expect(dialog()).toHaveAccessibleName(/.+/);
    expect(reason).toHaveAccessibleDescription('The company sees this reason.');
    expect(reason).toBeRequired();

    await confirm(button);
    expect(await within(dialog()).findByText('This field is required.')).toBeVisible();
    expect(reason).toHaveFocus();
    await user.type(reason, '   ');
    await confirm(button);
    expect(api.sent).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'The VAT number belongs to another company.');
    await confirm(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([
      {
        call: 'POST /api/checks/:id/decisions',
        body: { action, reason: 'The VAT number belongs to another company.', version: 3 },
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith(done);
    expect(fact(pageHeader(), 'Status')).toBe(status);
  });

  it('Approve asks no reason: the request carries the action, no reason and the version seen', async () => {
    const { api } = await openCheck(legitimacyInReview());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(dialog()).toHaveAccessibleName('Approve the check?');
    expect(dialog()).toHaveAccessibleDescription(
      'The legitimacy check of Jansen Pharma BV becomes Approved.',
    );
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();

    await confirm('Approve');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent).toEqual([
      { call: 'POST /api/checks/:id/decisions', body: { action: 'APPROVE', reason: null, version: 3 } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('The check is approved.');
    // The view shows the check as the API answered it.
    expect(fact(pageHeader(), 'Status')).toBe('Approved');
    expect(decisionButtons()).toEqual([]);
    const timeline = rowsOf(within(region('Timeline')).getByRole('table'));
    expect(timeline.at(-1)?.slice(1)).toEqual(['In review', 'Approved', 'Rita Reviewer', 'Reviewer', 'None']);
  });

  it('Start, by keyboard alone: Enter on the button opens, Enter in the dialog confirms', async () => {
    const detail = legitimacyInReview();
    const { api } = await openCheck({
      ...detail,
      check: { ...detail.check, status: 'SUBMITTED', assignee: null },
      allowedActions: ['START'],
    });
    const start = screen.getByRole('button', { name: 'Start review' });
    start.focus();
    await user.keyboard('{Enter}');
    expect(dialog()).toHaveAccessibleName('Start the review?');
    expect(dialog()).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent.map((entry) => entry.body)).toEqual([{ action: 'START', reason: null, version: 3 }]);
    expect(fact(pageHeader(), 'Status')).toBe('In review');
    expect(decisionButtons()).toEqual(['Approve', 'Approve temporarily', 'Request corrections', 'Reject']);
    // Its opener is gone with the decision: the focus is not dropped on the body.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement?.isConnected).toBe(true);
  });

  it('Escape cancels: nothing is sent, the reason is dropped', async () => {
    const { api } = await openCheck(legitimacyInReview());
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Not sure yet');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
    expect(fact(pageHeader(), 'Status')).toBe('In review');
    // The modal gives the focus back to the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus());
  });

  it('409 CHECK_DECIDED_FIRST: the dialog stays, naming who acted first; the check reloads behind it', async () => {
    const { api, notify } = await openCheck(legitimacyInReview());
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    // Meanwhile, another reviewer rejects the check.
    const current = api.detail;
    api.detail = {
      ...current,
      check: {
        ...current.check,
        status: 'REJECTED',
        version: 4,
        decidedBy: 'Dana Decider',
        decidedAt: '2026-03-25T12:00:00.000Z',
        reason: 'Not a licensed distributor.',
      },
      allowedActions: [],
    };
    const getsBefore = api.gets;

    await confirm('Approve');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'Dana Decider acted on this check first (REJECTED). The check has been reloaded: look again before you decide.',
    );
    expect(api.sent.map((entry) => entry.body)).toEqual([{ action: 'APPROVE', reason: null, version: 3 }]);
    // Said once, in the dialog: no toast besides.
    expect(notify).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(api.gets).toBeGreaterThan(getsBefore));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe('Rejected'));
    expect(decisionButtons()).toEqual([]);
  });
});

describe('a refused decision other than someone deciding first', () => {
  it('keeps the dialog and the reason, to try again or cancel, with the message beside the form', async () => {
    const { api, notify } = await openCheck(legitimacyInReview());
    server.use(
      http.post(checksApi.decide.path, () =>
        HttpResponse.json([{ code: 'REASON_REQUIRED', message: 'A reason is required' }], { status: 400 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Unclear ownership.');
    await confirm('Reject');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent('Give a reason for this decision.');
    expect(notify).not.toHaveBeenCalled();
    expect(within(dialog()).getByRole('textbox', { name: 'Reason' })).toHaveValue('Unclear ownership.');
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Reject' })).toBeEnabled());
    expect(toast.success).not.toHaveBeenCalled();
    expect(api.sent).toEqual([]);
  });
});

describe('billing (FINANCIAL): mark invoiced, then paid', () => {
  it('shows the invoicing, marks invoiced (a refused number stays in the dialog), then paid', async () => {
    const { api } = await openCheck(financialApproved(), `/emvo/financial/${CHECK_ID}`);
    const billing = region('Invoicing');
    expect(fact(billing, 'MAHs declared on the invoicing form')).toBe('2');
    expect(fact(billing, 'Active MAHs')).toBe('2');
    expect(fact(billing, 'Fee')).toBe('€13,500.00');
    expect(fact(billing, 'Invoice number')).toBe('Not invoiced yet');
    expect(fact(billing, 'Paid')).toBe('Not paid yet');
    // Issue 23 item 10: what the invoice needs.
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

    await user.click(within(billing).getByRole('button', { name: 'Mark invoiced' }));
    expect(dialog()).toHaveAccessibleDescription(
      'Enter the number of the invoice sent to Jansen Pharma BV for €13,500.00.',
    );
    const number = within(dialog()).getByRole('textbox', { name: 'Invoice number' });
    // The contract's rules: required, at most 30 characters.
    expect(number).toHaveAttribute('aria-required', 'true');
    expect(number).toHaveAttribute('maxlength', '30');
    await confirm('Mark invoiced');
    expect(await within(dialog()).findByText('This field is required.')).toBeVisible();
    expect(api.sent).toEqual([]);

    // The shape of the number is the API's rule (packages/domain INVOICE_NUMBER_PATTERN).
    await user.type(number, 'INV 2026 #42');
    await confirm('Mark invoiced');
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'An invoice number is 1 to 30 letters, digits, dashes, slashes or dots, such as INV-2026/0042.',
    );
    expect(number).toHaveValue('INV 2026 #42');
    expect(api.sent).toHaveLength(1);

    await user.clear(number);
    // Enter in the input confirms (spec §2).
    await user.type(number, 'INV-2026/0042{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent[1]).toEqual({
      call: 'POST /api/checks/:id/billing',
      body: { action: 'MARK_INVOICED', invoiceNumber: 'INV-2026/0042', version: 3 },
    });
    expect(toast.success).toHaveBeenCalledWith('The fee is marked as invoiced.');
    expect(fact(region('Invoicing'), 'Invoice number')).toBe('INV-2026/0042');
    expect(fact(region('Invoicing'), 'Invoiced')).toMatch(/^Mar 25, 2026/);

    await user.click(within(region('Invoicing')).getByRole('button', { name: 'Mark paid' }));
    expect(dialog()).toHaveAccessibleDescription(
      'Record that Jansen Pharma BV paid invoice INV-2026/0042 (€13,500.00).',
    );
    await confirm('Mark paid');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent[2]).toEqual({
      call: 'POST /api/checks/:id/billing',
      body: { action: 'MARK_PAID', version: 4 },
    });
    expect(toast.success).toHaveBeenCalledWith('The invoice is marked as paid.');
    expect(fact(region('Invoicing'), 'Paid')).toMatch(/^Mar 25, 2026/);
    expect(within(region('Invoicing')).queryAllByRole('button')).toEqual([]);
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

describe('the contractual check: the agreement signed and its two tick boxes (issue 23 item 11)', () => {
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
    ...[...ROLES, 'SYSTEM'].map((role) => `emvo.check.roles.${role}`),
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
