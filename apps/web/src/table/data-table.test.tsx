import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import type { Column } from './column';
import { DataTable, type DataTableProps } from './data-table';
import { SCROLL_THROTTLE_MS } from './infinite-scroll';
import { LINE_HEIGHTS } from './sizes';

interface Person {
  id: number;
  name: string;
  city: string;
}

const people = (count: number, from = 1): Person[] =>
  Array.from({ length: count }, (_, index) => ({
    id: from + index,
    name: `Person ${from + index}`,
    city: `City ${(from + index) % 7}`,
  }));

// Header keys of existing translations, so the test needs no keys of its own.
const columns: Column<Person>[] = [
  { id: 'name', header: 'menu.admin.users', fields: 'name', cell: (row) => row.name },
  { id: 'place', header: 'menu.admin.gateways', fields: ['city', 'name'], cell: (row) => row.city },
  { id: 'plain', header: 'menu.admin.storage', cell: (row) => `#${row.id}` },
];

type Overrides = Partial<
  Omit<DataTableProps<Person>, 'mode' | 'page' | 'limit'> & {
    mode: 'pagination' | 'infinite';
    page: number;
    limit: number;
    alwaysCallback: boolean;
    onLoadMore: (direction: 'down' | 'up') => void;
  }
>;

function renderTable(overrides: Overrides = {}) {
  const onSort = vi.fn();
  const onPage = vi.fn();
  const onLoadMore = vi.fn();
  const { mode = 'pagination', page = 1, limit = 20, alwaysCallback, ...rest } = overrides;
  const common = {
    columns,
    rows: people(3),
    rowKey: (row: Person) => row.id,
    order: [],
    onSort,
    total: 3,
    caption: 'People',
    ...rest,
  };
  const props: DataTableProps<Person> =
    mode === 'infinite'
      ? {
          ...common,
          mode,
          onLoadMore: overrides.onLoadMore ?? onLoadMore,
          ...(alwaysCallback === undefined ? {} : { alwaysCallback }),
        }
      : { ...common, mode, page, limit, onPage };
  const view = renderWithI18n(<DataTable {...props} />);
  const rerender = (next: Overrides) =>
    view.rerender(<DataTable {...({ ...props, ...next } as DataTableProps<Person>)} />);
  return { ...view, rerender, onSort, onPage, onLoadMore };
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });

describe('DataTable sortable headers (spec §2, §4)', () => {
  it('a sortable header is a button inside the column header; a plain one is text', () => {
    renderTable();
    expect(within(header('Users')).getByRole('button', { name: 'Users' })).toBeInTheDocument();
    expect(within(header('Storage')).queryByRole('button')).toBeNull();
  });

  it.each<[string[], string, 'ascending' | 'descending' | null, string]>([
    // order, column, aria-sort, arrow
    [[], 'Users', null, 'unsorted'],
    [['name'], 'Users', 'ascending', 'ascending'],
    [['-name'], 'Users', 'descending', 'descending'],
    [['city', 'name'], 'Gateways', 'ascending', 'ascending'],
    [['-city', '-name'], 'Gateways', 'descending', 'descending'],
    // Only the primary sort carries aria-sort (ARIA: one header at a time).
    [['city', '-name'], 'Users', null, 'descending'],
  ])('order %j: %s has aria-sort %s and the %s arrow', (order, name, ariaSort, arrow) => {
    renderTable({ order });
    const cell = header(name);
    if (ariaSort) expect(cell).toHaveAttribute('aria-sort', ariaSort);
    else expect(cell).not.toHaveAttribute('aria-sort');
    expect(cell.querySelector('svg')).toHaveAttribute('data-icon', arrow);
  });

  it('ordered highlight: with several sort keys each sorted header shows its place, also to screen readers', () => {
    renderTable({ order: ['-city', 'name'] });
    const place = header('Gateways');
    const users = header('Users');
    expect(place).toHaveAttribute('data-sort-index', '0');
    expect(users).toHaveAttribute('data-sort-index', '1');
    expect(within(place).getByText('1')).toHaveAttribute('aria-hidden', 'true');
    expect(within(users).getByText('2')).toHaveAttribute('aria-hidden', 'true');
    expect(within(users).getByRole('button', { name: 'Users' })).toHaveAccessibleDescription(
      'sort key 2 of 2, ascending',
    );
    expect(within(place).getByRole('button', { name: 'Gateways' })).toHaveAccessibleDescription(
      'sort key 1 of 2, descending',
    );
  });

  it('with one sort key no number is shown', () => {
    renderTable({ order: ['name'] });
    expect(within(header('Users')).queryByText('1')).toBeNull();
    expect(within(header('Users')).getByRole('button')).not.toHaveAttribute('aria-describedby');
  });

  it.each<[string[], string, string | string[], string[]]>([
    // order before, clicked, fields, order emitted
    [[], 'Users', 'name', ['name']],
    [['name'], 'Users', 'name', ['-name']],
    [['-name'], 'Users', 'name', ['name']],
    [['city', 'name'], 'Users', 'name', ['-name', 'city']],
    // spec §4: a column covering several fields flips them all together.
    [[], 'Gateways', ['city', 'name'], ['city', 'name']],
    [['city', 'name'], 'Gateways', ['city', 'name'], ['-city', '-name']],
    [['-city', '-name', 'id'], 'Gateways', ['city', 'name'], ['city', 'name', 'id']],
  ])(
    'order %j, clicking %s emits its fields %j and the reverse order %j',
    async (order, name, fields, next) => {
      const user = userEvent.setup();
      const { onSort } = renderTable({ order });
      await user.click(screen.getByRole('button', { name }));
      expect(onSort).toHaveBeenCalledExactlyOnceWith(fields, next);
    },
  );
});

describe('DataTable states (spec §2, §4)', () => {
  it("no rows, not loading: the 'no result' message (messages.noResult)", () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByRole('cell', { name: 'No result' })).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('No caller replaces the message: the table takes no empty message of its own', () => {
    // @ts-expect-error spec §2: every table's empty state is the catalogue's messages.noResult.
    renderTable({ rows: [], total: 0, emptyMessage: 'No user matches' });
    expect(screen.getByRole('cell', { name: 'No result' })).toBeInTheDocument();
    expect(screen.queryByText('No user matches')).toBeNull();
  });

  it('loading: aria-busy, no empty message, and the live region says so', () => {
    renderTable({ rows: [], total: 0, loading: true });
    expect(screen.getByRole('table', { name: 'People' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No result')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading results');
  });

  it('the live region announces the number of results; an estimated total is "about N"', () => {
    const { rerender } = renderTable({ total: 3 });
    expect(screen.getByRole('status')).toHaveTextContent(/^3 results$/);
    rerender({ total: 1, rows: people(1) });
    expect(screen.getByRole('status')).toHaveTextContent(/^1 result$/);
    rerender({ total: 123456, totalEstimated: true, rows: people(20) });
    expect(screen.getByRole('status')).toHaveTextContent(/^About 123,456 results$/);
  });

  it('rows carry aria-rowindex within the whole list, the table aria-rowcount (header included)', () => {
    renderTable({ rows: people(20, 41), total: 95, page: 3, limit: 20 });
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '96');
    const rows = within(table).getAllByRole('row');
    expect(rows[0]).toHaveAttribute('aria-rowindex', '1');
    expect(rows[1]).toHaveAttribute('aria-rowindex', '42');
    expect(rows[1]).toHaveTextContent('Person 41');
  });

  it('renders the cells given by each column', () => {
    renderTable({ rows: people(1, 7), total: 1 });
    expect(screen.getByRole('row', { name: /Person 7/ })).toHaveTextContent('Person 7City 0#7');
  });
});

describe('DataTable pagination (spec §2, §9)', () => {
  const pageLinks = () => screen.queryAllByRole('button', { name: /^Page \d+$/ });

  it('hidden when there is one page', () => {
    renderTable({ total: 20, rows: people(20), limit: 20 });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it.each<[number, string]>([
    [1, '1 2 3 4 5 50'],
    [4, '1 2 3 4 5 50'],
    [25, '1 24 25 26 50'],
    [48, '1 46 47 48 49 50'],
    [50, '1 46 47 48 49 50'],
  ])('50 pages, on page %d: at most 7 page links (%s), the current one aria-current', (page, shown) => {
    renderTable({ total: 1000, rows: people(20), page, limit: 20 });
    const links = pageLinks();
    expect(links.length).toBeLessThanOrEqual(7);
    expect(links.map((link) => link.textContent).join(' ')).toBe(shown);
    expect(screen.getByRole('button', { name: `Page ${page}` })).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('previous and next are arrows without visible text, named Previous and Next (spec §9)', () => {
    renderTable({ total: 100, rows: people(20), page: 2, limit: 20 });
    const previous = screen.getByRole('button', { name: 'Previous' });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(previous).toHaveTextContent('');
    expect(next).toHaveTextContent('');
    expect(previous.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it.each<[number, boolean, boolean]>([
    // page of 5, previous enabled, next enabled
    [1, false, true],
    [3, true, true],
    [5, true, false],
  ])('page %d of 5: previous enabled %s, next enabled %s', (page, previous, next) => {
    renderTable({ total: 100, rows: people(20), page, limit: 20 });
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', !previous);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', !next);
  });

  it('previous, next and a page link ask for their page', async () => {
    const user = userEvent.setup();
    const { onPage } = renderTable({ total: 100, rows: people(20), page: 3, limit: 20 });
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onPage.mock.calls).toEqual([[2], [4], [5]]);
  });

  it('estimated total: "about N results", no last page link, next enabled while a full page came back', () => {
    const { rerender } = renderTable({
      total: 5000,
      totalEstimated: true,
      rows: people(20),
      page: 1,
      limit: 20,
    });
    expect(screen.getByText('About 5,000 results', { selector: 'p' })).toBeInTheDocument();
    expect(pageLinks().map((link) => link.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(screen.queryByRole('button', { name: 'Page 250' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '-1');
    // A short page: the end is reached, whatever the estimate said.
    rerender({ rows: people(7), page: 9 });
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(pageLinks().at(-1)).toHaveTextContent('9');
  });
});

describe('DataTable infinite scroll (spec §2, §4, §9)', () => {
  /** jsdom lays nothing out: the scroll box reports the sizes the test sets. */
  const layout = { clientHeight: 600, scrollHeight: 0 };

  beforeEach(() => {
    layout.clientHeight = 600;
    layout.scrollHeight = 0;
    const isScrollBox = (element: HTMLElement) => element.hasAttribute('data-table-scroll');
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return isScrollBox(this) ? layout.clientHeight : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return isScrollBox(this) ? layout.scrollHeight : 0;
    });
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  const scrollBox = () => screen.getByRole('region', { name: 'People, table' });
  const scrollTo = (top: number) => {
    const box = scrollBox();
    box.scrollTop = top;
    fireEvent.scroll(box);
  };

  it('never shows pagination controls, and scrolls in a focusable region named after the caption', () => {
    renderTable({ mode: 'infinite', rows: people(50), total: 200 });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(scrollBox()).toHaveAttribute('tabindex', '0');
    expect(within(scrollBox()).getByRole('table', { name: 'People' })).toBeInTheDocument();
  });

  it.each<[number, boolean]>([
    // scrollTop in a 3,000 px content, 600 px box: down fires within the last 20 % (600 px)
    [1799, false],
    [1800, true],
    [2400, true],
  ])('scrolled down to %d: onLoadMore(down) %s', (top, fires) => {
    layout.scrollHeight = 3000;
    const { onLoadMore } = renderTable({ mode: 'infinite', rows: people(50), total: 200 });
    scrollTo(top);
    expect(onLoadMore.mock.calls).toEqual(fires ? [['down']] : []);
  });

  it.each<[number, boolean]>([
    // back up in a 3,000 px content, 600 px box: up fires within the first 15 % of 2,400 px (360 px)
    [361, false],
    [360, true],
    [0, true],
  ])('scrolled up to %d: onLoadMore(up) %s', async (top, fires) => {
    vi.useFakeTimers();
    layout.scrollHeight = 3000;
    const { onLoadMore } = renderTable({ mode: 'infinite', rows: people(50), total: 200 });
    scrollTo(1000);
    act(() => vi.advanceTimersByTime(SCROLL_THROTTLE_MS));
    scrollTo(top);
    expect(onLoadMore.mock.calls).toEqual(fires ? [['up']] : []);
  });

  it('throttled to 150 ms: scrolls inside the window are looked at once, at its end', () => {
    vi.useFakeTimers();
    layout.scrollHeight = 3000;
    const { onLoadMore } = renderTable({ mode: 'infinite', rows: people(50), total: 200 });
    scrollTo(100); // leading: looked at, too far from the bottom
    scrollTo(1500);
    scrollTo(2000); // within the threshold, inside the window
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SCROLL_THROTTLE_MS - 1));
    expect(onLoadMore).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onLoadMore.mock.calls).toEqual([['down']]);
  });

  it('once per content size: not again until the scroll height changed', () => {
    vi.useFakeTimers();
    layout.scrollHeight = 3000;
    const { onLoadMore, rerender } = renderTable({ mode: 'infinite', rows: people(50), total: 200 });
    scrollTo(2000);
    act(() => vi.advanceTimersByTime(SCROLL_THROTTLE_MS));
    scrollTo(2200);
    act(() => vi.advanceTimersByTime(SCROLL_THROTTLE_MS));
    expect(onLoadMore.mock.calls).toEqual([['down']]);
    // The next page arrived: the content is taller.
    layout.scrollHeight = 6000;
    rerender({ rows: people(100) });
    scrollTo(5000);
    expect(onLoadMore.mock.calls).toEqual([['down'], ['down']]);
  });

  it('alwaysCallback: fires on every qualifying (throttled) scroll', () => {
    vi.useFakeTimers();
    layout.scrollHeight = 3000;
    const { onLoadMore } = renderTable({
      mode: 'infinite',
      rows: people(50),
      total: 200,
      alwaysCallback: true,
    });
    for (const top of [2000, 2100, 2200]) {
      scrollTo(top);
      act(() => vi.advanceTimersByTime(SCROLL_THROTTLE_MS));
    }
    expect(onLoadMore.mock.calls).toEqual([['down'], ['down'], ['down']]);
  });

  it('rows that do not fill the box ask for the next page once loaded (no scroll event could)', () => {
    layout.scrollHeight = 500;
    const { onLoadMore, rerender } = renderTable({
      mode: 'infinite',
      rows: people(5),
      total: 200,
      loading: true,
    });
    expect(onLoadMore).not.toHaveBeenCalled();
    rerender({ loading: false });
    expect(onLoadMore.mock.calls).toEqual([['down']]);
  });

  it('rows that fill the box ask for nothing on mount, before and after the virtualiser measured its box', () => {
    // The content height as a browser would lay it out: the header, the spacers and the rendered rows.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      if (!this.hasAttribute('data-table-scroll')) return 0;
      const spacers = [...this.querySelectorAll<HTMLElement>('tr[aria-hidden="true"] td')];
      const space = spacers.reduce((sum, cell) => sum + Number.parseFloat(cell.style.height || '0'), 0);
      return 60 + space + this.querySelectorAll('tbody tr[aria-rowindex]').length * 60;
    });
    const { onLoadMore } = renderTable({ mode: 'infinite', rows: people(1000), total: 100_000 });
    expect(scrollBox().scrollHeight).toBe(60 + 1000 * 60);
    expect(onLoadMore).not.toHaveBeenCalled();
  });

  it('virtualised: of 10,000 rows only those in view plus the buffer of 4 each side are in the DOM', () => {
    const lineHeight = LINE_HEIGHTS.medium;
    layout.scrollHeight = 10_000 * lineHeight;
    renderTable({ mode: 'infinite', rows: people(10_000), total: 10_000 });
    const table = within(scrollBox()).getByRole('table');
    const dataRows = () => table.querySelectorAll('tbody tr[aria-rowindex]');
    // 600 px box ÷ 60 px lines = 10 visible rows, plus the buffer.
    expect(dataRows().length).toBeGreaterThan(0);
    expect(dataRows().length).toBeLessThanOrEqual(10 + 2 * 4 + 1);
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    expect(dataRows()[0]).toHaveAttribute('aria-rowindex', '2');
    // Scrolled to row 5,000: the rows there, with their place in the whole list.
    act(() => scrollTo(5000 * lineHeight));
    expect(dataRows().length).toBeLessThanOrEqual(10 + 2 * 4 + 1);
    const indexes = [...dataRows()].map((row) => Number(row.getAttribute('aria-rowindex')));
    expect(Math.min(...indexes)).toBeGreaterThan(4900);
    expect(indexes).toContain(5002);
    expect(screen.getByRole('row', { name: /Person 5000 / })).toBeInTheDocument();
  });

  it.each<['medium' | 'small' | 'mini', number]>([
    ['medium', 60],
    ['small', 30],
    ['mini', 20],
  ])('size %s: rows are %d px lines (a CSS variable), the virtualiser spaces them so', (size, px) => {
    layout.scrollHeight = 1000 * px;
    renderTable({ mode: 'infinite', rows: people(1000), total: 1000, size });
    const root = scrollBox().parentElement;
    expect(root).toHaveStyle({ '--table-line-height': `${px}px` });
    const rendered = within(scrollBox()).getByRole('table').querySelectorAll('tbody tr[aria-rowindex]');
    // 600 px box: 600 ÷ px rows in view, plus the buffer after them.
    expect(rendered.length).toBeLessThanOrEqual(600 / px + 4 + 1);
    const spacer = scrollBox().querySelector('tr[aria-hidden="true"] td');
    expect(spacer).toHaveStyle({ height: `${(1000 - rendered.length) * px}px` });
  });

  it("the 'no result' message in infinite mode too", () => {
    renderTable({ mode: 'infinite', rows: [], total: 0 });
    expect(screen.getByRole('cell', { name: 'No result' })).toBeInTheDocument();
  });
});
