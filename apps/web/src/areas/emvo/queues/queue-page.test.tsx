import { DEMO_ACCOUNTS } from '@portal/demo-data';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderReviewerRoute, reviewsSuite } from './test-queues';

// Each test: a fresh copy of mock mode's world, its open checks' SLA dates moved so some are overdue.
const suite = reviewsSuite();
/** The page's calls for its rows (it reads the reviewers too, whom a row can be assigned to). */
const urls = () => suite.urls().filter((url) => url.startsWith('/api/review-queues'));
afterEach(() => vi.restoreAllMocks());

const QUEUE_CALL = '/api/review-queues/legitimacy';

/** A cell's text, without its buttons' (a row's assignment actions). */
function cellText(cell: HTMLElement): string {
  const copy = cell.cloneNode(true) as HTMLElement;
  for (const button of copy.querySelectorAll('button')) button.remove();
  return copy.textContent ?? '';
}

/** The body rows of the queue's table, each as its cells' text. */
async function rows(name = 'Legitimacy queue') {
  const table = await screen.findByRole('table', { name });
  await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('cell').map(cellText));
}

/** The column of a row's cells (the table's column order: by priority, what is decided on first). */
const COLUMN = {
  company: 0,
  status: 1,
  assignee: 2,
  slaDue: 3,
  submitted: 4,
  number: 5,
  type: 6,
  country: 7,
  mahs: 8,
  attempt: 9,
} as const;

/** Each test renders the page against mock mode's world: more than vitest's default five seconds on a busy machine. */
const PAGE_TESTS = { timeout: 20_000 };

describe('/emvo/{queue}: the reviewers’ queue (domain.md Screens)', PAGE_TESTS, () => {
  it('opens on the open checks (submitted or in review): the status filter shows that choice, the URL stays clean', async () => {
    const { url } = renderReviewerRoute('/emvo/legitimacy');
    const shown = await rows();
    // The demo world's 44 legitimacy checks: 8 wait on a reviewer, the newest submission among them.
    expect(shown).toHaveLength(8);
    for (const row of shown) expect(['Submitted', 'In review']).toContain(row[COLUMN.status]);
    expect(screen.getAllByText('8 results')[0]).toBeVisible();
    expect(urls()).toEqual([`${QUEUE_CALL}?page=1&limit=20`]);
    expect(url()).toBe('/emvo/legitimacy');
    const chips = screen.getAllByText(/./, { selector: '[class*="multiValueLabel"]' });
    expect(chips.map((chip) => chip.textContent)).toEqual(['Submitted', 'In review']);
  });

  it('the decided checks are one filter away: clearing the status shows every status, in the URL', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/legitimacy');
    await rows();
    await user.click(screen.getByRole('button', { name: 'Remove In review' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?status=SUBMITTED'));
    await user.click(screen.getByRole('button', { name: 'Remove Submitted' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?status.not=NOT_SUBMITTED'));
    await waitFor(() => expect(urls().at(-1)).toBe(`${QUEUE_CALL}?page=1&limit=20&status.not=NOT_SUBMITTED`));
    await waitFor(() => expect(screen.getAllByText('44 results')[0]).toBeVisible());
    expect(screen.getByText('Every status')).toBeInTheDocument();
    // Choosing the open ones again is the default: the URL is clean again.
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Submitted' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'In review' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy'));
  });

  it('shows the queue’s checks oldest first, 20 a page, with every column', async () => {
    renderReviewerRoute('/emvo/legitimacy?status.not=NOT_SUBMITTED');
    expect(await screen.findByRole('heading', { level: 1, name: 'Legitimacy queue' })).toBeInTheDocument();
    const shown = await rows();
    expect(shown).toHaveLength(20);
    expect(urls()).toEqual([`${QUEUE_CALL}?page=1&limit=20&status.not=NOT_SUBMITTED`]);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    // By priority: the company, what a reviewer decides on, then the rest (e2e/fit-and-fold.spec.ts measures
    // that the first four show without scrolling at 1366 px).
    expect(headers.map((text) => text?.replace(/[^\w ]/g, '').trim())).toEqual([
      'Company',
      'Status',
      'Assignee',
      'SLA due',
      'Submitted',
      'OBP number',
      'Type',
      'Country',
      'MAHs',
      'Attempt',
    ]);
    // The API's default order, oldest first, is what the header shows.
    expect(screen.getByRole('columnheader', { name: /Submitted/ })).toHaveAttribute('aria-sort', 'ascending');
    const first = shown[0] ?? [];
    expect(first[COLUMN.number]).toMatch(/^C\d{5}$/);
    expect(first[COLUMN.type]).toMatch(/^(OPM|PD)$/);
    expect(first[COLUMN.submitted]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(screen.getAllByText('44 results')[0]).toBeVisible();
    // Ten columns: on a narrow screen the table scrolls sideways in a box the keyboard reaches.
    expect(screen.getByRole('region', { name: 'Legitimacy queue, table' })).toHaveAttribute('tabindex', '0');
  });

  it.each([
    ['Contractual queue', '/emvo/contractual'],
    ['Financial queue', '/emvo/financial'],
  ])('the %s has no SLA column: its checks have no SLA (only legitimacy has one)', async (name, path) => {
    renderReviewerRoute(path);
    expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
    await rows(name);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent ?? '');
    expect(headers.some((text) => /SLA/.test(text))).toBe(false);
    expect(headers.length).toBe(9);
  });

  it('says an overdue check is overdue in words, beside its red SLA date', async () => {
    renderReviewerRoute('/emvo/legitimacy?status=SUBMITTED,IN_REVIEW');
    const shown = await rows();
    const late = shown.filter((row) => row[COLUMN.slaDue]?.includes('Overdue'));
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(shown.length);
    const badge = screen.getAllByText('Overdue')[0];
    expect(badge?.parentElement?.className).toMatch(/overdue/);
    // Decided checks are never overdue, however late they were decided.
    for (const row of late) expect(['Submitted', 'In review']).toContain(row[COLUMN.status]);
  });

  it('each row links to its check: a real link in the company cell, reached by Tab', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/contractual');
    const [row] = await rows('Contractual queue');
    const link = screen.getByRole('link', { name: row?.[COLUMN.company] });
    expect(link.getAttribute('href')).toMatch(/^\/emvo\/contractual\/[0-9a-f-]{36}$/);
    const checkId = link.getAttribute('href')?.split('/').at(-1);
    link.focus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByRole('heading', { name: `Check ${checkId} of contractual` }),
    ).toBeInTheDocument();
    expect(url()).toBe(`/emvo/contractual/${checkId}`);
  });

  it('the two flags go to the URL and to the call as the queue’s own params, and narrow the rows', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/legitimacy');
    await rows();
    await user.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?assignedToMe=true'));
    const mine = await rows();
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) expect(row[COLUMN.assignee]).toBe(DEMO_ACCOUNTS.reviewer.email);
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?assignedToMe=true&overdue=true'));
    await waitFor(() =>
      expect(urls().at(-1)).toBe(`${QUEUE_CALL}?assignedToMe=true&overdue=true&page=1&limit=20`),
    );
    for (const row of await rows()) expect(row[COLUMN.slaDue]).toContain('Overdue');
    await user.click(screen.getByRole('checkbox', { name: 'Assigned to me' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?overdue=true'));
  });

  it('status, type, country and the date range go to the URL in the list language and into the call', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/legitimacy');
    await rows();

    await user.click(screen.getByRole('button', { name: 'Remove Submitted' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?status=IN_REVIEW'));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Corrections requested' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?status=IN_REVIEW,CORRECTIONS_REQUESTED'));
    await waitFor(async () => expect(await rows()).toHaveLength(8));
    for (const row of await rows())
      expect(['In review', 'Corrections requested']).toContain(row[COLUMN.status]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Organisation type' }), 'PD');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'Belgium');
    fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-04-01' } });
    fireEvent.change(screen.getByLabelText('Submitted until'), { target: { value: '2026-06-30' } });
    const expected =
      'status=IN_REVIEW,CORRECTIONS_REQUESTED&orgType=PD&country=BE&submittedAt.gte=2026-04-01&submittedAt.lt=2026-07-01';
    await waitFor(() => expect(url()).toBe(`/emvo/legitimacy?${expected}`));
    await waitFor(() => expect(urls().at(-1)).toBe(`${QUEUE_CALL}?page=1&limit=20&${expected}`));
    // Few open checks are Belgian PDs of the spring: the queue may well say there is none.
    for (const row of await rows()) {
      if (row.length === 1) expect(row).toEqual(['No result']);
      else expect([row[COLUMN.type], row[COLUMN.country]]).toEqual(['PD', 'Belgium']);
    }
    // The inputs show the range as chosen: "until" keeps the last day.
    expect(screen.getByLabelText('Submitted until')).toHaveValue('2026-06-30');
  });

  it('searches name, number and email after a pause in typing; the search is in the URL', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/financial');
    const [first] = await rows('Financial queue');
    // The financial queue has no SLA column: its number is found by its header.
    const numberColumn = screen
      .getAllByRole('columnheader')
      .findIndex((header) => header.textContent?.includes('OBP number'));
    const number = first?.[numberColumn] ?? '';
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), number);
    await waitFor(() => expect(url()).toBe(`/emvo/financial?search=${number}`));
    await waitFor(() =>
      expect(urls().at(-1)).toBe(`/api/review-queues/financial?page=1&limit=20&search=${number}`),
    );
    await waitFor(async () =>
      expect((await rows('Financial queue')).map((row) => row[numberColumn])).toEqual([number]),
    );
  });

  it('a link restores the whole state: filters, flags and search are read back from the URL', async () => {
    renderReviewerRoute('/emvo/legitimacy?status=SUBMITTED,IN_REVIEW&overdue=true&search=a&utm_source=mail');
    await rows();
    expect(screen.getByRole('checkbox', { name: 'Overdue only' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Assigned to me' })).not.toBeChecked();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('a');
    expect(screen.getByText('Submitted', { selector: '[class*="multiValueLabel"]' })).toBeInTheDocument();
    // A param the queue does not own (a mail's utm_source) never reaches the API.
    expect(urls()).toEqual([
      `${QUEUE_CALL}?overdue=true&page=1&limit=20&status=SUBMITTED,IN_REVIEW&search=a`,
    ]);
  });

  it('sorting: from the default order the first click on Submitted shows the newest first', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/legitimacy');
    await rows();
    await user.click(screen.getByRole('button', { name: /^Submitted/ }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?order=-submittedAt'));
    await waitFor(() => expect(urls().at(-1)).toBe(`${QUEUE_CALL}?page=1&limit=20&order=-submittedAt`));
    expect(screen.getByRole('columnheader', { name: /Submitted/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await user.click(screen.getByRole('button', { name: /^Company/ }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?order=legalName,-submittedAt'));
  });

  it('pages: the next page is asked for, the URL keeps no page (spec §2)', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/legitimacy?status.not=NOT_SUBMITTED');
    await rows();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(urls().at(-1)).toBe(`${QUEUE_CALL}?page=2&limit=20&status.not=NOT_SUBMITTED`));
    expect(url()).toBe('/emvo/legitimacy?status.not=NOT_SUBMITTED');
  });

  it('or one scrolling list: infinite scroll instead of pagination, the flags sent alike', async () => {
    const user = userEvent.setup();
    const { url } = renderReviewerRoute('/emvo/legitimacy?status.not=NOT_SUBMITTED');
    await rows();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'One scrolling list' }));
    await waitFor(() => expect(url()).toBe('/emvo/legitimacy?status.not=NOT_SUBMITTED&view=scroll'));
    expect(await screen.findByRole('region', { name: 'Legitimacy queue, table' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    // spec §9: rows per page = the box's height (600 px) ÷ the medium line height (60 px).
    await waitFor(() => expect(urls().at(-1)).toBe(`${QUEUE_CALL}?page=1&limit=10&status.not=NOT_SUBMITTED`));
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() =>
      expect(url()).toBe('/emvo/legitimacy?view=scroll&status.not=NOT_SUBMITTED&overdue=true'),
    );
    await waitFor(() =>
      expect(urls().at(-1)).toBe(`${QUEUE_CALL}?overdue=true&page=1&limit=10&status.not=NOT_SUBMITTED`),
    );
  });

  it('a URL the API refuses (an unknown status: 400) shows no rows, and the error handler says why', async () => {
    const { handleError } = renderReviewerRoute('/emvo/legitimacy?status=NOPE');
    const table = await screen.findByRole('table', { name: 'Legitimacy queue' });
    await waitFor(() => expect(handleError).toHaveBeenCalledWith(expect.objectContaining({ status: 400 })));
    expect(within(table).getByText('No result')).toBeInTheDocument();
  });
});
