import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderReviewerRoute, reviewsSuite } from './test-queues';

// A day of queue work: the keys move between the rows and open one; a row is assigned to me in place.
const { urls } = reviewsSuite();

const PAGE_TESTS = { timeout: 20_000 };

/** The queue's rows' links to their checks, in the table's order. */
async function rowLinks() {
  const table = await screen.findByRole('table', { name: 'Legitimacy queue' });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('link')[0]);
}

describe('/emvo/{queue} by keyboard', PAGE_TESTS, () => {
  it('j and k (or ↓ and ↑ within the table) move between the rows, Enter opens one', async () => {
    const user = userEvent.setup();
    const { router } = renderReviewerRoute('/emvo/legitimacy?order=-submittedAt');
    const links = await rowLinks();
    expect(links.length).toBeGreaterThan(2);

    await user.keyboard('j');
    expect(links[0]).toHaveFocus();
    await user.keyboard('j');
    expect(links[1]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(links[2]).toHaveFocus();
    await user.keyboard('k');
    await user.keyboard('{ArrowUp}');
    expect(links[0]).toHaveFocus();
    // Not past the first row.
    await user.keyboard('k');
    expect(links[0]).toHaveFocus();

    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: /^Check .* of legitimacy$/ });
    // The check page knows the queue it came from, as it was.
    expect(router.state.location.state).toEqual({ queueSearch: '?order=-submittedAt' });
  });

  it('the keys leave a field alone: j typed in the search is a letter', async () => {
    const user = userEvent.setup();
    renderReviewerRoute('/emvo/legitimacy');
    const links = await rowLinks();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(search, 'j');
    expect(search).toHaveValue('j');
    expect(links[0]).not.toHaveFocus();
  });
});

describe('/emvo/{queue}: Assign to me from a row', PAGE_TESTS, () => {
  it('a row waiting on the reviewers that is not mine offers it; the row then names me', async () => {
    const user = userEvent.setup();
    renderReviewerRoute('/emvo/legitimacy');
    const table = await screen.findByRole('table', { name: 'Legitimacy queue' });
    const buttons = await within(table).findAllByRole('button', { name: /^Assign to me \(.*\)$/ });
    const first = buttons[0];
    if (!first) throw new Error('No row to assign');
    const row = first.closest('tr');
    if (!row) throw new Error('No row');
    const name = first.getAttribute('aria-label')?.replace(/^Assign to me \((.*)\)$/, '$1') ?? '';

    await user.click(first);
    await waitFor(() =>
      expect(
        within(table)
          .getByRole('link', { name })
          .closest('tr')
          ?.textContent?.includes(DEMO_ACCOUNTS.reviewer.email),
      ).toBe(true),
    );
    // Mine now: no longer offered on that row.
    const mine = within(table).getByRole('link', { name }).closest('tr');
    expect(
      within(mine as HTMLElement).queryByRole('button', { name: /^Assign to me/ }),
    ).not.toBeInTheDocument();
    expect(urls().some((url) => /^\/api\/checks\/[^/]+\/assignee$/.test(url))).toBe(true);
  });
});

describe('/emvo/{queue}: Assign to a colleague from a row', PAGE_TESTS, () => {
  /** The first row nobody holds, by its company's name. */
  async function unassignedRow() {
    const table = await screen.findByRole('table', { name: 'Legitimacy queue' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const row = within(table)
      .getAllByRole('row')
      .find((one) => one.textContent?.includes('Unassigned'));
    if (!row) throw new Error('No unassigned row');
    return { table, name: within(row).getAllByRole('link')[0]?.textContent ?? '' };
  }

  it('"Assign to…" chooses a colleague in a dialog, by keyboard; the row then names them', async () => {
    const user = userEvent.setup();
    renderReviewerRoute('/emvo/legitimacy');
    const { table, name } = await unassignedRow();
    const rowOf = () => within(table).getByRole('link', { name }).closest('tr') as HTMLElement;

    await user.click(within(rowOf()).getByRole('button', { name: `Assign to a colleague (${name})` }));
    const dialog = await screen.findByRole('dialog', { name: `Assign the check of ${name}` });
    const colleague = within(dialog).getByRole('combobox', { name: /Assign to a colleague/ });
    await waitFor(() => expect(colleague).toHaveFocus());
    // Nothing chosen: the contract's rule holds it back, nothing is sent.
    await user.keyboard('{Enter}');
    expect(urls().some((url) => /\/assignee$/.test(url))).toBe(false);
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: DEMO_ACCOUNTS.lead.displayName }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(rowOf().textContent).toContain(DEMO_ACCOUNTS.lead.email));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a row a colleague holds asks "take it over?" before it is taken', async () => {
    const user = userEvent.setup();
    renderReviewerRoute('/emvo/legitimacy');
    const table = await screen.findByRole('table', { name: 'Legitimacy queue' });
    await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
    const held = within(table)
      .getAllByRole('row')
      .find((one) => one.textContent?.includes(DEMO_ACCOUNTS.lead.email));
    if (!held) throw new Error('No row of the lead');
    const take = within(held).getByRole('button', { name: /^Assign to me \(.*\)$/ });
    await user.click(take);
    const dialog = await screen.findByRole('dialog', { name: 'Take over the check?' });
    expect(dialog).toHaveTextContent(`${DEMO_ACCOUNTS.lead.displayName} is on this check — take it over?`);
    await user.click(within(dialog).getByRole('button', { name: 'Leave it to them' }));
    expect(urls().some((url) => /\/assignee$/.test(url))).toBe(false);
  });
});
