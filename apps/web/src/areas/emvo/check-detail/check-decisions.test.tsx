import { checksApi } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dateFormat } from '../../../i18n/date-format';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import {
  confirm,
  decisionButtons,
  dialog,
  fact,
  pageHeader,
  region,
  renderCheckDetail,
  user,
} from './test-check-detail';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

/** The signed-in reviewer, as the API names her. */
const RITA = DEMO_ACCOUNTS.reviewer.email;
/** Her colleague, who holds some of the demo world's checks. */
const LENA = DEMO_ACCOUNTS.lead.email;
// Before each test mock mode's world: the API's own code over the demo world, the signed-in reviewer its
// Rita (RITA).
const { server, world, calls } = worldSuite();
beforeEach(() => vi.mocked(toast.success).mockClear());

type CheckType = 'LEGITIMACY' | 'CONTRACTUAL' | 'FINANCIAL';
type CheckStatus = 'SUBMITTED' | 'IN_REVIEW' | 'APPROVED';

/**
 * The demo world's first check of `type` in `status`, and its company's name; a financial one whose fee
 * is not invoiced yet; with `holder`, one that reviewer holds (in review, the seed alternates Rita and Lena).
 */
function demoCheck(type: CheckType, status: CheckStatus, holder?: string) {
  let query = world()
    .db.selectFrom('checks')
    .innerJoin('organisations', 'organisations.id', 'checks.organisationId')
    .leftJoin('invoicingInformation', 'invoicingInformation.organisationId', 'checks.organisationId')
    .select(['checks.id', 'checks.version', 'organisations.legalName'])
    .where('checks.type', '=', type)
    .where('checks.status', '=', status)
    .where('invoicingInformation.invoiceNumber', 'is', null);
  if (holder) query = query.where('checks.assignee', '=', holder);
  return query.orderBy('checks.id').executeTakeFirstOrThrow();
}

/** Opens the detail view of the demo world's first check of `type` in `status` (held by `holder`), and waits for it. */
async function openDemoCheck(type: CheckType, status: CheckStatus, holder?: string) {
  const check = await demoCheck(type, status, holder);
  const view = renderCheckDetail(`/emvo/${type.toLowerCase()}/${check.id}`);
  await screen.findByRole('heading', { level: 1, name: check.legalName }, { timeout: 5_000 });
  return { check, ...view };
}

/** What the page sent to the API: its decisions and billing steps. */
const sent = () =>
  calls
    .filter((call) => call.method === 'POST' && call.url.startsWith('/api/checks/'))
    .map((call) => call.body);
const checkRow = (id: string) =>
  world()
    .db.selectFrom('checks')
    .select(['status', 'assignee'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const statusOf = async (id: string) => (await checkRow(id)).status;
/** Today as the page writes a date. */
const today = () => dateFormat('en').date(new Date().toISOString());

describe('a decision in the shared modal, taken by the API', { timeout: 30_000 }, () => {
  it.each([
    [
      'Request corrections',
      'REQUEST_CORRECTIONS',
      'Corrections requested',
      'CORRECTIONS_REQUESTED',
      'Corrections are requested from the company.',
    ],
    ['Reject', 'REJECT', 'Rejected', 'REJECTED', 'The check is rejected.'],
    [
      'Approve temporarily',
      'APPROVE_TEMPORARILY',
      'Temporarily approved',
      'TEMPORARILY_APPROVED',
      'The check is approved temporarily.',
    ],
  ])('%s needs a reason: nothing is sent without one', async (button, action, shown, stored, done) => {
    const { check } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW');
    await user.click(screen.getByRole('button', { name: button }));
    const reason = within(dialog()).getByRole('textbox', { name: 'Reason' });
    // The focus starts on the reason, so the first typed line lands there; the dialog
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
    expect(sent()).toEqual([]);

    await user.clear(reason);
    await user.type(reason, 'The VAT number belongs to another company.');
    await confirm(button);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(sent()).toEqual([
      { action, reason: 'The VAT number belongs to another company.', version: check.version },
    ]);
    expect(toast.success).toHaveBeenCalledWith(done);
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe(shown));
    expect(await statusOf(check.id)).toBe(stored);
  });

  it('Approve asks no reason: the request carries the action, no reason and the version seen', async () => {
    const { check } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(dialog()).toHaveAccessibleName('Approve the check?');
    expect(dialog()).toHaveAccessibleDescription(
      `The legitimacy check of ${check.legalName} becomes Approved.`,
    );
    expect(within(dialog()).queryByRole('textbox')).not.toBeInTheDocument();

    await confirm('Approve');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(sent()).toEqual([{ action: 'APPROVE', reason: null, version: check.version }]);
    expect(toast.success).toHaveBeenCalledWith('The check is approved.');
    // The view shows the check as the API answered it.
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe('Approved'));
    // No decision left: the way on to the next open check instead.
    expect(decisionButtons()).toEqual(['Next open check']);
    const timeline = within(region('Timeline')).getAllByRole('listitem');
    // The API stores people by the email they signed in with; the page names them.
    expect(timeline.at(-1)).toHaveTextContent(/Rita Reviewer approved the legitimacy check \(attempt \d+\)$/);
  });

  it('Start, by keyboard alone: Enter on the button opens on Cancel, Tab and Enter confirm', async () => {
    const { check } = await openDemoCheck('LEGITIMACY', 'SUBMITTED');
    const start = screen.getByRole('button', { name: 'Start review' });
    start.focus();
    await user.keyboard('{Enter}');
    expect(dialog()).toHaveAccessibleName('Start the review?');
    // A dialog without a field starts on its least destructive answer, the confirming one a Tab away.
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(sent()).toEqual([{ action: 'START', reason: null, version: check.version }]);
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe('In review'));
    expect(fact(pageHeader(), 'Assignee')).toBe(`Rita Reviewer ${RITA}`);
    expect(decisionButtons()).toEqual(['Approve', 'Approve temporarily', 'Request corrections', 'Reject']);
    // One primary decision: Approve; the others are secondary (Reject keeps its danger look).
    const primary = screen.getAllByRole('button').filter((button) => button.classList.contains('primary'));
    expect(primary.map((button) => button.textContent)).toEqual(['Approve']);
    // Its opener is gone with the decision: the focus is not dropped on the body.
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement?.isConnected).toBe(true);
  });

  it('Escape cancels: nothing is sent, the reason is dropped', async () => {
    const { check } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), 'Not sure yet');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent()).toEqual([]);
    expect(fact(pageHeader(), 'Status')).toBe('In review');
    expect(await statusOf(check.id)).toBe('IN_REVIEW');
    // The modal gives the focus back to the button that opened it.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reject' })).toHaveFocus());
  });

  it('409 CHECK_DECIDED_FIRST: the dialog stays, naming who acted first; the check reloads behind it', async () => {
    const { check, notify } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    // Meanwhile, Lena Lead rejects the check, through the same API, taking it over from Rita.
    await world().call(LENA, 'POST', checksApi.decide.path.replace(':id', check.id), {
      action: 'REJECT',
      reason: 'Not a licensed distributor.',
      version: check.version,
      takeOver: true,
    });

    await confirm('Approve');
    expect(await within(dialog()).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'Lena Lead acted on this check first (rejected). The check has been reloaded: look again before you decide.',
    );
    expect(sent()).toEqual([{ action: 'APPROVE', reason: null, version: check.version }]);
    // Said once, in the dialog: no toast besides.
    expect(notify).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe('Rejected'));
    expect(decisionButtons()).toEqual(['Next open check']);
    expect(await statusOf(check.id)).toBe('REJECTED');
  });

  it('a refusal other than someone deciding first keeps the dialog and the reason, the message beside the form', async () => {
    const { check, notify } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW');
    // Staged: the form sends no blank reason, so only another client meets the API's REASON_REQUIRED.
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
    expect(await statusOf(check.id)).toBe('IN_REVIEW');
  });
});

describe('a decision on a check a colleague holds asks to take it over (409 CHECK_HELD_BY_OTHER)', {
  timeout: 30_000,
}, () => {
  /** The question, once the API refused the first send: it names the holder, the focus on leaving it to them. */
  async function question() {
    const asked = await screen.findByRole('dialog', { name: 'Take over the check?' }, { timeout: 5_000 });
    expect(asked).toHaveAccessibleDescription('Lena Lead is on this check — take it over?');
    await waitFor(() =>
      expect(within(asked).getByRole('button', { name: 'Leave it to them' })).toHaveFocus(),
    );
    return asked;
  }

  it.each([
    ['Approve', 'APPROVE', null, 'Approved', 'APPROVED', 'The check is approved.'],
    ['Reject', 'REJECT', 'Not a licensed distributor.', 'Rejected', 'REJECTED', 'The check is rejected.'],
  ])(
    '%s, taken over: the same decision is sent again with takeOver, and Rita holds the check',
    async (button, action, reason, shown, stored, done) => {
      const { check, notify } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW', LENA);
      expect(fact(pageHeader(), 'Assignee')).toBe(`Lena Lead ${LENA}`);
      await user.click(screen.getByRole('button', { name: button }));
      if (reason) await user.type(within(dialog()).getByRole('textbox', { name: 'Reason' }), reason);
      await confirm(button);
      const asked = await question();
      // The refusal is the question, not a raw error besides.
      expect(notify).not.toHaveBeenCalled();
      expect(await checkRow(check.id)).toEqual({ status: 'IN_REVIEW', assignee: LENA });

      await user.click(within(asked).getByRole('button', { name: 'Take it over' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
      const first = { action, reason, version: check.version };
      await waitFor(() => expect(sent()).toEqual([first, { ...first, takeOver: true }]));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith(done));
      await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe(shown));
      expect(fact(pageHeader(), 'Assignee')).toBe(`Rita Reviewer ${RITA}`);
      expect(await checkRow(check.id)).toEqual({ status: stored, assignee: RITA });
      expect(notify).not.toHaveBeenCalled();
    },
  );

  it('Start review of a submitted check Lena took: asked too; taken over, Rita starts it and holds it', async () => {
    const submitted = await demoCheck('LEGITIMACY', 'SUBMITTED');
    await world().call(LENA, 'PUT', checksApi.assign.path.replace(':id', submitted.id), {
      to: 'ME',
      version: submitted.version,
    });
    const { check } = await openDemoCheck('LEGITIMACY', 'SUBMITTED', LENA);
    expect(check.id).toBe(submitted.id);
    await user.click(screen.getByRole('button', { name: 'Start review' }));
    await confirm('Start review');
    const asked = await question();
    expect(await checkRow(check.id)).toEqual({ status: 'SUBMITTED', assignee: LENA });
    await user.click(within(asked).getByRole('button', { name: 'Take it over' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    const first = { action: 'START', reason: null, version: check.version };
    await waitFor(() => expect(sent()).toEqual([first, { ...first, takeOver: true }]));
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe('In review'));
    expect(fact(pageHeader(), 'Assignee')).toBe(`Rita Reviewer ${RITA}`);
    expect(await checkRow(check.id)).toEqual({ status: 'IN_REVIEW', assignee: RITA });
  });

  it('Lena decides while Rita is asked: taking over answers 409 CHECK_DECIDED_FIRST, said as any refusal', async () => {
    const { check, notify } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW', LENA);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await confirm('Approve');
    const asked = await question();
    await world().call(LENA, 'POST', checksApi.decide.path.replace(':id', check.id), {
      action: 'REJECT',
      reason: 'Not a licensed distributor.',
      version: check.version,
    });
    await user.click(within(asked).getByRole('button', { name: 'Take it over' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        'Lena Lead acted on this check first (rejected). The check has been reloaded: look again before you decide.',
        'error',
      ),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(() => expect(fact(pageHeader(), 'Status')).toBe('Rejected'));
    expect(await checkRow(check.id)).toEqual({ status: 'REJECTED', assignee: LENA });
  });

  it.each([
    [
      'the answer that leaves it to Lena',
      () => user.click(screen.getByRole('button', { name: 'Leave it to them' })),
    ],
    ['Enter, on the focused answer that leaves it to Lena', () => user.keyboard('{Enter}')],
    ['Escape', () => user.keyboard('{Escape}')],
  ])('cancelled by %s: nothing more is sent, Lena keeps the check', async (_how, cancel) => {
    const { check, notify } = await openDemoCheck('LEGITIMACY', 'IN_REVIEW', LENA);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await confirm('Approve');
    await question();
    await cancel();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent()).toEqual([{ action: 'APPROVE', reason: null, version: check.version }]);
    expect(toast.success).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
    expect(fact(pageHeader(), 'Status')).toBe('In review');
    expect(fact(pageHeader(), 'Assignee')).toBe(`Lena Lead ${LENA}`);
    expect(await checkRow(check.id)).toEqual({ status: 'IN_REVIEW', assignee: LENA });
    // The focus goes back to the button that opened the decision.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Approve' })).toHaveFocus());
  });
});

describe('billing (FINANCIAL): mark invoiced, then paid, by the API', { timeout: 30_000 }, () => {
  it('marks invoiced (a number of the wrong shape stays in the dialog), then paid', async () => {
    const { check } = await openDemoCheck('FINANCIAL', 'APPROVED');
    const billing = region('Invoicing');
    expect(fact(billing, 'Invoice number')).toBe('Not invoiced yet');
    await user.click(within(billing).getByRole('button', { name: 'Mark invoiced' }));
    expect(dialog()).toHaveAccessibleDescription(
      new RegExp(`^Enter the number of the invoice sent to ${check.legalName} for €[\\d,]+\\.00\\.$`),
    );
    const number = within(dialog()).getByRole('textbox', { name: 'Invoice number' });
    // The contract's rules: required, at most 30 characters.
    expect(number).toHaveAttribute('aria-required', 'true');
    expect(number).toHaveAttribute('maxlength', '30');
    await confirm('Mark invoiced');
    expect(await within(dialog()).findByText('This field is required.')).toBeVisible();
    expect(sent()).toEqual([]);

    // The shape of the number is the API's rule (packages/domain INVOICE_NUMBER_PATTERN).
    await user.type(number, 'INV 2026 #42');
    await confirm('Mark invoiced');
    expect(await within(dialog()).findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent(
      'An invoice number is 1 to 30 letters, digits, dashes, slashes or dots, such as INV-2026/0042.',
    );
    expect(number).toHaveValue('INV 2026 #42');
    expect(sent()).toHaveLength(1);

    await user.clear(number);
    // Enter in the input confirms (spec §2).
    await user.type(number, 'INV-2026/0042{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(sent()[1]).toEqual({
      action: 'MARK_INVOICED',
      invoiceNumber: 'INV-2026/0042',
      version: check.version,
    });
    expect(toast.success).toHaveBeenCalledWith('The fee is marked as invoiced.');
    await waitFor(() => expect(fact(region('Invoicing'), 'Invoice number')).toBe('INV-2026/0042'));
    expect(fact(region('Invoicing'), 'Invoiced')).toMatch(new RegExp(`^${today()}`));

    await user.click(within(region('Invoicing')).getByRole('button', { name: 'Mark paid' }));
    expect(dialog()).toHaveAccessibleDescription(
      new RegExp(`^Record that ${check.legalName} paid invoice INV-2026/0042 \\(€[\\d,]+\\.00\\)\\.$`),
    );
    await confirm('Mark paid');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(sent()[2]).toEqual({ action: 'MARK_PAID', version: check.version + 1 });
    expect(toast.success).toHaveBeenCalledWith('The invoice is marked as paid.');
    await waitFor(() => expect(fact(region('Invoicing'), 'Paid')).toMatch(new RegExp(`^${today()}`)));
    expect(within(region('Invoicing')).queryAllByRole('button')).toEqual([]);
  });
});
