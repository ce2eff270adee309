import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '../test/test-i18n';
import { alignOf, type Column, KIND_MIN_WIDTHS, kindOf, minWidthOf } from './column';
import { DataTable } from './data-table';
import { columnWidth } from './table-head';

interface Account {
  id: number;
  name: string;
  email: string;
  files: number;
}

const ROWS: Account[] = [
  { id: 1, name: 'Ann', email: 'ann@example.com', files: 3 },
  { id: 2, name: 'A company whose name is far too long for its column', email: 'b@x.io', files: 12 },
];

// Header keys of existing translations, so the test needs no keys of its own.
const COLUMNS: Column<Account>[] = [
  { id: 'name', header: 'menu.admin.users', fields: 'name', cell: (row) => row.name },
  { id: 'email', header: 'menu.admin.gateways', kind: 'email', cell: (row) => row.email },
  { id: 'files', header: 'menu.admin.storage', kind: 'number', cell: (row) => row.files },
  {
    id: 'actions',
    header: 'lists.actions',
    cell: (row) => (
      <span className="row-actions">
        <button type="button">Edit {row.id}</button>
      </span>
    ),
  },
];

function renderTable() {
  return renderWithI18n(
    <DataTable
      mode="pagination"
      columns={COLUMNS}
      rows={ROWS}
      rowKey={(row) => row.id}
      order={[]}
      onSort={vi.fn()}
      total={ROWS.length}
      caption="Accounts"
      page={1}
      limit={20}
      onPage={vi.fn()}
    />,
  );
}

/** jsdom lays nothing out: a box is 100 px wide and its content 8 px a character. */
function layOut(width = 100) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return (this.textContent ?? '').length * 8;
  });
}

describe('column kinds', () => {
  it('give each column a minimum width, its own first, and right-align numbers', () => {
    expect(minWidthOf(COLUMNS[1] as Column<Account>)).toBe(KIND_MIN_WIDTHS.email);
    expect(minWidthOf({ ...(COLUMNS[0] as Column<Account>), width: '7rem' })).toBe('7rem');
    // A percentage is no minimum: the kind's width stands.
    expect(minWidthOf({ ...(COLUMNS[0] as Column<Account>), width: '20%' })).toBe(KIND_MIN_WIDTHS.text);
    expect(kindOf(COLUMNS[3] as Column<Account>)).toBe('actions');
    expect(alignOf(COLUMNS[2] as Column<Account>)).toBe('end');
    expect(alignOf(COLUMNS[0] as Column<Account>)).toBe('start');
  });
});

describe('the shared table holds its shape', () => {
  afterEach(() => vi.restoreAllMocks());

  it('scrolls in its own box: reachable by keyboard and named by the caption', () => {
    renderTable();
    const box = screen.getByRole('region', { name: 'Accounts, table' });
    expect(box).toHaveAttribute('tabindex', '0');
    expect(within(box).getByRole('table', { name: 'Accounts' })).toBeInTheDocument();
  });

  it('lays the columns out at their minimum widths, numbers at the end', () => {
    renderTable();
    // Each at least its kind's minimum and its header's own width (letters, padding, sort arrow); jsdom
    // drops max() from the style, the browser test (e2e/table-widths.spec.ts) sees it laid out.
    expect(COLUMNS.map((column) => columnWidth(column, 'Status'))).toEqual([
      `max(${KIND_MIN_WIDTHS.text}, calc(6ch + 2.25rem))`,
      `max(${KIND_MIN_WIDTHS.email}, calc(6ch + 1rem))`,
      `max(${KIND_MIN_WIDTHS.number}, calc(6ch + 1rem))`,
      `max(${KIND_MIN_WIDTHS.actions}, calc(6ch + 1rem))`,
    ]);
    const files = screen.getByRole('cell', { name: '12' });
    expect(files.className).toMatch(/align-end/);
  });

  describe('a value too long for its column', () => {
    beforeEach(() => layOut());

    it('is cut, with the full value as its title and the cell focusable', () => {
      renderTable();
      const long = screen.getByRole('cell', { name: ROWS[1]?.name });
      expect(long).toHaveAttribute('title', ROWS[1]?.name);
      expect(long).toHaveAttribute('tabindex', '0');
      // A value that fits is left alone: no title, no tab stop.
      const short = screen.getByRole('cell', { name: 'Ann' });
      expect(short).not.toHaveAttribute('title');
      expect(short).not.toHaveAttribute('tabindex');
    });

    it('never cuts a name: it wraps in its cell, no title, no extra tab stop', () => {
      renderWithI18n(
        <DataTable
          mode="pagination"
          columns={[{ ...(COLUMNS[0] as Column<Account>), kind: 'name' }]}
          rows={ROWS}
          rowKey={(row) => row.id}
          order={[]}
          onSort={vi.fn()}
          total={ROWS.length}
          caption="Accounts"
          page={1}
          limit={20}
          onPage={vi.fn()}
        />,
      );
      const long = screen.getByRole('cell', { name: ROWS[1]?.name });
      expect(long).not.toHaveAttribute('title');
      expect(long).not.toHaveAttribute('tabindex');
      expect(long.className).toMatch(/wrapCell/);
      expect(minWidthOf({ ...(COLUMNS[0] as Column<Account>), kind: 'name' })).toBe('12rem');
    });

    it('never cuts the actions: their buttons wrap inside the row', () => {
      renderTable();
      const cell = screen.getByRole('button', { name: 'Edit 1' }).closest('td');
      expect(cell).not.toHaveAttribute('tabindex');
      expect(cell?.className).toMatch(/wrapCell/);
    });

    it('a cut header keeps its full text as a title', () => {
      layOut(20);
      renderTable();
      const label = screen.getByText('Actions');
      expect(label).toHaveAttribute('title', 'Actions');
    });
  });
});
