import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../forms/test-form';
import { ModalHost } from '../../../modal/modal-host';
import { confirmedBeside } from '../../../test/action-feedback';
import { renderScreen } from '../../../test/render-screen';
import { worldSuite } from '../../../test/world-suite';
import { toast } from '../../../toast/toast';
import { UsersPage } from './users-page';

vi.mock('../../../toast/toast', () => ({ toast: { success: vi.fn() } }));
// The signed-in admin is the mock's ADMIN demo account (mock-http answers the admin's token as that user).
vi.mock('../../../auth/auth-context', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../auth/auth-context')>()),
  useSessionUser: () => ({ name: 'Ada Admin', username: 'ADMIN@portal.test', roles: ['ADMIN'] }),
}));

const NEXT_SIGN_IN = /takes effect at the user's next sign-in/;
// Before each test mock mode's world: the API's own code over the demo world.
const { world, calls } = worldSuite();
// The radio group (Radix) measures itself.
beforeAll(() => stubResizeObserver());
beforeEach(() => vi.mocked(toast.success).mockClear());

/** The demo world's first company by name. */
const firstCompany = () =>
  world().db.selectFrom('organisations').selectAll().orderBy('legalName').limit(1).executeTakeFirstOrThrow();

const user = userEvent.setup({ delay: null });

function renderPage(path = '/admin/users') {
  const routes = [
    {
      path: '/admin/users',
      element: (
        <>
          <UsersPage />
          <ModalHost />
        </>
      ),
    },
  ];
  return renderScreen({ routes, path, roles: ['EmvoPortalAdmin'] });
}

/** The body rows of the table, each as its cells' text. */
async function rows() {
  const table = await screen.findByRole('table', { name: 'Users' });
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
const COLUMN = { name: 0, email: 1, roles: 2, company: 3, access: 4, status: 5, lastSignIn: 6 } as const;
const dialog = () => screen.getByRole('dialog');
const patches = () => calls.filter((call) => call.method === 'PATCH');

describe('/admin/users', { timeout: 40_000 }, () => {
  it('shows every column, roles, access and status in words, and says when changes apply', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByText(NEXT_SIGN_IN)).toBeInTheDocument();
    const shown = await rows();
    expect(calls[0]?.url).toBe('/api/users?page=1&limit=20');
    const headers = screen
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[^\w -]/g, '').trim());
    expect(headers).toEqual([
      'Name',
      'Email',
      'Role',
      'Company',
      'Access',
      'Status',
      'Last sign-in',
      'Actions',
    ]);
    const admin = shown.find((row) => row[COLUMN.email] === DEMO_ACCOUNTS.admin.email) ?? [];
    expect(admin[COLUMN.roles]).toBe('Administrator');
    expect(admin[COLUMN.company]).toBe('EMVO (internal)');
    expect(admin[COLUMN.access]).toBe('—');
    expect(admin[COLUMN.status]).toBe('Active');
  });

  it('filters by role, status and company, and searches, all in the URL', async () => {
    const { url } = renderPage();
    await rows();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'EXTERNAL');
    await waitFor(() => expect(url()).toBe('/admin/users?roles=EXTERNAL'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'ACTIVE');
    await waitFor(() => expect(url()).toContain('status=ACTIVE'));
    // The company is chosen in the kit's searchable select, from the API's companies.
    const company = await firstCompany();
    await user.type(screen.getByRole('combobox', { name: 'Company' }), company.obpNumber);
    await user.click(
      await screen.findByRole('option', { name: `${company.legalName} (${company.obpNumber})` }),
    );
    await waitFor(() => expect(url()).toMatch(/companyName=.+/));
    await waitFor(async () =>
      expect((await rows()).every((row) => row[COLUMN.company]?.startsWith(company.legalName))).toBe(true),
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'external');
    await waitFor(() => expect(calls.at(-1)?.url).toContain('search=external'));
  });

  it('finds a company beyond the first 100 by typing: the Company filter searches the API', async () => {
    const { orgType, stage } = await firstCompany();
    // A portal of years: 120 more companies, the one sought sorting last by name.
    const more = Array.from({ length: 120 }, (_, index) => ({
      legalName: index === 119 ? 'Zz Last Pharma' : `Za Filler ${String(index).padStart(3, '0')}`,
      obpNumber: `C9${String(index).padStart(4, '0')}`,
      ...{ orgType, stage, createdBy: 'test', updatedBy: 'test' },
    }));
    await world().db.insertInto('organisations').values(more).execute();
    renderPage();
    await rows();
    await user.type(screen.getByRole('combobox', { name: 'Company' }), 'Zz Last');
    expect(await screen.findByRole('option', { name: 'Zz Last Pharma (C90119)' })).toBeInTheDocument();
    expect(
      calls.some((call) => call.url.includes('/api/organisations') && call.url.includes('search=Zz')),
    ).toBe(true);
  });

  it('invites an internal user: the fields are required, the role is chosen, the list reloads', async () => {
    renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Invite a user' }));
    expect(dialog()).toHaveAccessibleName('Invite an internal user');
    expect(within(dialog()).getByText(NEXT_SIGN_IN)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Send the invitation' }));
    expect((await within(dialog()).findAllByText('This field is required.')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog()).getByRole('textbox', { name: /Email/ }), 'aaron.new@example.com');
    await user.type(within(dialog()).getByRole('textbox', { name: /First name/ }), 'Aaron');
    await user.type(within(dialog()).getByRole('textbox', { name: /Last name/ }), 'New');
    await user.click(within(dialog()).getByRole('radio', { name: 'Reviewer' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'aaron.new@example.com',
      firstName: 'Aaron',
      lastName: 'New',
      role: 'EMVO',
    });
    // Said beside the page's Invite button, not in a toast.
    await confirmedBeside(
      'Invitation sent to aaron.new@example.com',
      screen.getByRole('button', { name: 'Invite a user' }),
    );
    expect(toast.success).not.toHaveBeenCalled();
    await waitFor(async () =>
      expect((await rows()).some((row) => row[COLUMN.email] === 'aaron.new@example.com')).toBe(true),
    );
  });

  it('Inviting an address already a user’s keeps the dialog, what was typed and says why beside the form', async () => {
    renderPage();
    await rows();
    await user.click(screen.getByRole('button', { name: 'Invite a user' }));
    await user.type(within(dialog()).getByRole('textbox', { name: /Email/ }), 'reviewer@portal.test');
    await user.type(within(dialog()).getByRole('textbox', { name: /First name/ }), 'Rita');
    await user.type(within(dialog()).getByRole('textbox', { name: /Last name/ }), 'Again');
    await user.click(within(dialog()).getByRole('radio', { name: 'Reviewer' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Send the invitation' }));
    expect(
      await within(dialog()).findByText('This email address already belongs to a user.'),
    ).toBeInTheDocument();
    expect(within(dialog()).getByRole('textbox', { name: /Email/ })).toHaveValue('reviewer@portal.test');
    expect(within(dialog()).getByRole('textbox', { name: /Last name/ })).toHaveValue('Again');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('disables another user at their version; the dialog says when it applies', async () => {
    renderPage(`/admin/users?search=${encodeURIComponent(DEMO_ACCOUNTS.reviewer.email)}`);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Disable Rita Reviewer' }));
    expect(dialog()).toHaveAccessibleName('Disable Rita Reviewer');
    expect(within(dialog()).getByText(NEXT_SIGN_IN)).toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()[0]?.body).toEqual({ status: 'DISABLED', version: 1 });
    await waitFor(async () => expect((await rows())[0]?.[COLUMN.status]).toBe('Disabled'));
    expect(screen.getByRole('button', { name: 'Enable Rita Reviewer' })).toBeInTheDocument();
  });

  it('changes an internal user’s roles with check boxes, in a fixed order', async () => {
    renderPage(`/admin/users?search=${encodeURIComponent(DEMO_ACCOUNTS.reviewer.email)}`);
    await rows();
    await user.click(screen.getByRole('button', { name: 'Change role of Rita Reviewer' }));
    expect(within(dialog()).getByRole('checkbox', { name: 'Reviewer' })).toBeChecked();
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Administrator' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save the role' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()[0]?.body).toEqual({ roles: ['ADMIN', 'EMVO'], version: 1 });
    await waitFor(async () => expect((await rows())[0]?.[COLUMN.roles]).toBe('Administrator, Reviewer'));
  });

  it('changes an external user’s access with a radio choice', async () => {
    renderPage('/admin/users?roles=EXTERNAL&access=FULL');
    const [first] = await rows();
    const name = first?.[COLUMN.name] ?? '';
    await user.click(screen.getByRole('button', { name: `Change access of ${name}` }));
    await user.click(within(dialog()).getByRole('radio', { name: 'Read only' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Save the access' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(patches()[0]?.body).toEqual({ access: 'READ_ONLY', version: 1 });
  });

  it('Disable is disabled on the admin’s own row, and says why', async () => {
    renderPage(`/admin/users?search=${encodeURIComponent(DEMO_ACCOUNTS.admin.email)}`);
    await rows();
    const disable = screen.getByRole('button', { name: `Disable ${DEMO_ACCOUNTS.admin.displayName}` });
    expect(disable).toBeDisabled();
    expect(disable).toHaveAccessibleDescription('You cannot disable your own account.');
    expect(screen.getByText('You cannot disable your own account.')).toBeVisible();
  });

  it('Another user’s Disable stays offered, with no reason beside it', async () => {
    renderPage();
    await rows();
    const others = screen
      .getAllByRole('button', { name: /^Disable / })
      .filter((button) => button.getAttribute('aria-label') !== `Disable ${DEMO_ACCOUNTS.admin.displayName}`);
    expect(others.length).toBeGreaterThan(0);
    for (const button of others) expect(button).toBeEnabled();
    expect(screen.getAllByText('You cannot disable your own account.')).toHaveLength(1);
  });

  it('A search that finds nobody says the catalogue’s "No result"', async () => {
    renderPage('/admin/users?search=nobody-at-all');
    await rows();
    expect(screen.getByRole('cell', { name: 'No result' })).toBeInTheDocument();
  });
});
