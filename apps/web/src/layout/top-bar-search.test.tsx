import { companiesApi, type SearchResults } from '@portal/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { Outlet } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModalHost } from '../modal/modal-host';
import { renderScreen } from '../test/render-screen';
import { useKeyboardHelp } from './keyboard-help';
import { TopBarSearch } from './top-bar-search';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const HELVETIA: SearchResults = {
  companies: [
    {
      obpNumber: 'C00007',
      legalName: 'Helvetia Pharma AG',
      stage: 'APPROVALS',
      country: 'CH',
      path: '/emvo/companies/C00007',
    },
  ],
  people: [
    {
      id: 'a0000000-0000-4000-8000-000000000001',
      name: 'Anna Keller',
      email: 'anna@helvetia.example.com',
      obpNumber: 'C00007',
      companyName: 'Helvetia Pharma AG',
      path: '/emvo/companies/C00007',
    },
  ],
  checks: [
    {
      id: 'c0000000-0000-4000-8000-000000000007',
      type: 'LEGITIMACY',
      status: 'IN_REVIEW',
      obpNumber: 'C00007',
      legalName: 'Helvetia Pharma AG',
      assigneeName: 'Rita Reviewer',
      path: '/emvo/legitimacy/c0000000-0000-4000-8000-000000000007',
    },
  ],
};
const NOTHING: SearchResults = { companies: [], people: [], checks: [] };

/** Answers the search with `results` for any text; records each text asked. */
function serveSearch(results: SearchResults) {
  const asked: string[] = [];
  server.resetHandlers(
    http.get(companiesApi.search.path, ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json(results);
    }),
  );
  return asked;
}

function Shell() {
  useKeyboardHelp();
  return (
    <>
      <header>
        <TopBarSearch />
      </header>
      <main>
        <Outlet />
      </main>
      <ModalHost />
    </>
  );
}

function renderSearch() {
  const routes = [
    {
      element: <Shell />,
      children: [
        {
          path: '/emvo',
          element: (
            <>
              <h1>Start</h1>
              <label>
                Other field
                <input />
              </label>
            </>
          ),
        },
        { path: '/emvo/companies/:obp', element: <h1>Company page</h1> },
        { path: '/emvo/legitimacy/:id', element: <h1>Check page</h1> },
      ],
    },
  ];
  return renderScreen({ routes, path: '/emvo' });
}

const user = userEvent.setup();
const field = () => screen.getByRole('combobox', { name: 'Search companies, people and checks' });

describe('the top bar search (a combobox with a grouped listbox)', () => {
  it('asks once typing paused, and lists the results grouped by kind', async () => {
    const asked = serveSearch(HELVETIA);
    renderSearch();
    await user.type(field(), 'helv');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(asked).toEqual(['helv']);
    const groups = await within(list).findAllByRole('group');
    expect(groups).toHaveLength(3);
    const inGroup = (name: string) =>
      within(within(list).getByRole('group', { name }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(inGroup('Companies')).toEqual(['Helvetia Pharma AGC00007 · Approvals']);
    expect(inGroup('People')).toEqual(['Anna Kelleranna@helvetia.example.com · Helvetia Pharma AG']);
    expect(inGroup('Checks')).toEqual(['Legitimacy check of Helvetia Pharma AGIn review · Rita Reviewer']);
  });

  it('↓ and ↑ choose (the focus stays in the field), Enter opens the page of the one chosen', async () => {
    serveSearch(HELVETIA);
    const { router } = renderSearch();
    await user.type(field(), 'helv');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field()).toHaveFocus();
    expect(field()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Round the list: before the first comes the last.
    expect(options[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Check page' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/emvo/legitimacy/c0000000-0000-4000-8000-000000000007');
    expect(field()).toHaveValue('');
  });

  it('Enter with nothing chosen opens the first result', async () => {
    serveSearch(HELVETIA);
    renderSearch();
    await user.type(field(), 'C00007');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Company page' })).toBeVisible();
  });

  it('says "No results" when nothing matches', async () => {
    serveSearch(NOTHING);
    renderSearch();
    await user.type(field(), 'zzz');
    expect(await screen.findByText('No results')).toHaveAttribute('role', 'status');
  });

  it('Escape closes the list, a second Escape clears the field', async () => {
    serveSearch(HELVETIA);
    renderSearch();
    await user.type(field(), 'helv');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(field()).toHaveValue('helv');
    await user.keyboard('{Escape}');
    expect(field()).toHaveValue('');
  });

  it('/ focuses it from anywhere, but is a character while typing in another field', async () => {
    serveSearch(NOTHING);
    renderSearch();
    await screen.findByRole('heading', { name: 'Start' });
    await user.keyboard('/');
    expect(field()).toHaveFocus();
    expect(field()).toHaveValue('');
    const other = screen.getByRole('textbox', { name: 'Other field' });
    await user.click(other);
    await user.keyboard('a/b');
    expect(other).toHaveValue('a/b');
    expect(other).toHaveFocus();
  });

  it('? lists the keys in a dialog', async () => {
    serveSearch(NOTHING);
    renderSearch();
    await screen.findByRole('heading', { name: 'Start' });
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('In a queue: the next row')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
