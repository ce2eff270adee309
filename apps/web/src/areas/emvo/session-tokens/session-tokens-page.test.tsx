import { sessionTokensApi } from '@portal/contracts';
import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sql } from 'kysely';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../modal/modal-host';
import { renderScreen } from '../../../test/render-screen';
import type { TestWorld } from '../../../test/test-world';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { SessionTokensPage } from './session-tokens-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));

/**
 * The demo world's tokens are all requested: of the three oldest requests, one is issued now, one a day and
 * an hour ago (expired: a token lasts 24 hours), one cancelled, as the API writes them.
 */
async function issueAndCancelSome({ db }: TestWorld) {
  const [issued, expired, cancelled] = await db
    .selectFrom('sessionTokens')
    .select('id')
    .orderBy('requestedAt')
    .orderBy('id')
    .limit(3)
    .execute();
  if (!issued || !expired || !cancelled) throw new Error('The demo world has fewer than three tokens');
  const issuedAgo = (hours: number) => ({
    status: 'ISSUED' as const,
    issuedBy: DEMO_ACCOUNTS.reviewer.email,
    issuedAt: sql<Date>`now() - make_interval(hours => ${hours})`,
    expiresAt: sql<Date>`now() + make_interval(hours => ${24 - hours})`,
    // An issued token has its value, encrypted (the page never shows it).
    ...{ valueCiphertext: 'ciphertext', valueNonce: 'nonce', keyId: 'test-key' },
    version: 2,
  });
  const tokens = () => db.updateTable('sessionTokens');
  await tokens().set(issuedAgo(0)).where('id', '=', issued.id).execute();
  await tokens().set(issuedAgo(25)).where('id', '=', expired.id).execute();
  await tokens()
    .set({ status: 'CANCELLED', cancelReason: 'Wrong', cancelledBy: DEMO_ACCOUNTS.reviewer.email })
    .set({ cancelledAt: sql<Date>`now()`, version: 2 })
    .where('id', '=', cancelled.id)
    .execute();
}

// Before each test mock mode's world (the API's own code over the demo world), some tokens issued.
const { server, calls } = worldSuite(issueAndCancelSome);
beforeEach(() => vi.mocked(toast.success).mockClear());

const user = userEvent.setup({ delay: null });
/** The page at /emvo/session-tokens with the app's providers, error handler (toasts to `notify`) and modal host. */
function renderPage(path = '/emvo/session-tokens') {
  const routes = [
    {
      path: '/emvo/session-tokens',
      element: (
        <>
          <SessionTokensPage />
          <ModalHost />
        </>
      ),
    },
  ];
  return renderScreen({ routes, path });
}

/** The body rows of the table, each as its cells' text. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Session tokens' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}
const COLUMN = {
  company: 0,
  environment: 1,
  requestedBy: 2,
  requestedAt: 3,
  status: 4,
  expiresAt: 5,
} as const;
const dialog = () => screen.getByRole('dialog');
const lastCall = () => calls.at(-1);

/** The first row in a status, its company's name and environment, once the filtered table shows it. */
async function firstRow(status: string) {
  renderPage(`/emvo/session-tokens?status=${status}`);
  const [row] = await rows();
  const name = (row?.[COLUMN.company] ?? '').replace(/C\d{5}$/, '');
  return { row, name, environment: row?.[COLUMN.environment] ?? '' };
}

describe('/emvo/session-tokens: the reviewers’ token queue', { timeout: 20_000 }, () => {
  it('shows the requests oldest first with every column, the status in words', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Session tokens' })).toBeInTheDocument();
    const shown = await rows();
    expect(shown.length).toBeGreaterThan(5);
    expect(calls[0]?.url).toBe('/api/session-tokens?page=1&limit=20');
    const headers = screen
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[^\w ]/g, '').trim());
    expect(headers).toEqual([
      'Company',
      'Environment',
      'Requested by',
      'Requested',
      'Status',
      'Expires',
      'Actions',
    ]);
    expect(screen.getByRole('columnheader', { name: /Requested$/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const statuses = new Set(shown.map((row) => row[COLUMN.status]));
    expect([...statuses].sort()).toEqual(['Cancelled', 'Expired', 'Issued', 'Requested']);
    const issued = shown.find((row) => row[COLUMN.status] === 'Issued') ?? [];
    expect(issued[COLUMN.expiresAt]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M \S+$/);
    const requested = shown.find((row) => row[COLUMN.status] === 'Requested') ?? [];
    expect(requested[COLUMN.expiresAt]).toBe('—');
    // The requester is named as the directory knows them: neither an email nor the seed's name.
    for (const row of shown) {
      expect(row[COLUMN.requestedBy]).not.toMatch(/@|^seed$/);
      expect(row[COLUMN.requestedBy]).toMatch(/\S+ \S+/);
    }
  });

  it('filters by status and environment and searches, all in the URL', async () => {
    const { url } = renderPage();
    await rows();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'EXPIRED');
    await waitFor(() => expect(url()).toBe('/emvo/session-tokens?status=EXPIRED'));
    await waitFor(async () =>
      expect((await rows()).every((row) => row[COLUMN.status] === 'Expired')).toBe(true),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'IQE');
    await waitFor(() => expect(url()).toContain('environment=IQE'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'C000');
    await waitFor(() => expect(lastCall()?.url).toContain('search=C000'));
    expect(lastCall()?.url).toContain('status=EXPIRED');
    expect(lastCall()?.url).toContain('environment=IQE');
  });

  it('offers Issue on a requested token only, Cancel on requested and issued ones', async () => {
    renderPage('/emvo/session-tokens?status=EXPIRED');
    await rows();
    expect(screen.queryByRole('button', { name: /^Issue the/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cancel the/ })).not.toBeInTheDocument();
  });

  it('Issue: the value field says the spec §5 messages; a valid value issues the token and the queue reloads', async () => {
    const { name, environment } = await firstRow('REQUESTED');
    await user.click(screen.getAllByRole('button', { name: /^Issue the/ })[0] as HTMLElement);
    expect(dialog()).toHaveAccessibleName(`Issue the ${environment} session token of ${name}?`);
    const field = within(dialog()).getByRole('textbox', { name: /Token value/ });
    // The contract's rules (sessionTokenIssueSchema) as attributes: required, 16 to 512 characters.
    expect(field).toHaveAttribute('aria-required', 'true');
    expect(field).toHaveAttribute('maxlength', '512');
    await user.type(field, 'short');
    expect(await within(dialog()).findByText('Token value: at least 16 characters.')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'has a space in it 0123');
    expect(await within(dialog()).findByText('The token value cannot contain spaces.')).toBeVisible();
    await user.clear(field);
    await user.type(field, 'good-token-value-0123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Issue the token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toMatch(/^\/api\/session-tokens\/[\w-]+\/issue$/);
    expect(post?.body).toEqual({ value: 'good-token-value-0123456', version: 1 });
    expect(toast.success).toHaveBeenCalledWith(`The session token of ${name} is issued.`);
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(1));
  });

  it('Cancel: a reason is required; it is sent trimmed', async () => {
    await firstRow('ISSUED');
    await user.click(screen.getAllByRole('button', { name: /^Cancel the/ })[0] as HTMLElement);
    // Beside "Cancel the token", the dismiss button says what it does, not "Cancel".
    expect(
      within(dialog())
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => text !== ''),
    ).toEqual(expect.arrayContaining(['Keep the token', 'Cancel the token']));
    expect(within(dialog()).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel the token' }));
    expect(await within(dialog()).findByText('This field is required.')).toBeVisible();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog()).getByRole('textbox', { name: /Reason/ }), '  Leaked by mistake  ');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel the token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ reason: 'Leaked by mistake' });
    expect(toast.success).toHaveBeenCalledWith(
      expect.stringMatching(/^The session token of .+ is cancelled\.$/),
    );
  });

  it('409: the dialog stays with the catalogue’s message and the value typed; the queue reloads', async () => {
    const { notify } = renderPage('/emvo/session-tokens?status=REQUESTED');
    await rows();
    server.use(
      http.post(sessionTokensApi.issue.path, () =>
        HttpResponse.json(
          { code: 'TOKEN_NOT_REQUESTED', message: 'This session token is cancelled' },
          { status: 409 },
        ),
      ),
    );
    const gets = () => calls.filter((call) => call.method === 'GET').length;
    const before = gets();
    await user.click(screen.getAllByRole('button', { name: /^Issue the/ })[0] as HTMLElement);
    const field = within(dialog()).getByRole('textbox', { name: /Token value/ });
    await user.type(field, 'late-token-value-0123456');
    await user.click(within(dialog()).getByRole('button', { name: 'Issue the token' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'This session token is no longer requested: someone issued or cancelled it first.',
    );
    expect(field).toHaveValue('late-token-value-0123456');
    // Said once, in the dialog: no toast besides.
    expect(notify).not.toHaveBeenCalled();
    await waitFor(() => expect(gets()).toBeGreaterThan(before));
    expect(toast.success).not.toHaveBeenCalled();
  });
});
