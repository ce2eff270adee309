import { createListQuery, stringifyListQuery } from '@portal/list-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../test/test-i18n';
import { DataTable } from './data-table';
import {
  ownsKey,
  readTableQuery,
  setWhereField,
  type TableParams,
  type TableParamsOptions,
  useTableParams,
  writeTableQuery,
} from './use-table-params';

/** The filters of the tables below, as a screen declares those of its columns and toolbar. */
const FILTERS = ['stage', 'address.country', 'createdAt'];

interface ProbeProps {
  options: TableParamsOptions;
  latest: { current?: TableParams };
}

function Probe({ options, latest }: ProbeProps) {
  latest.current = useTableParams(options);
  return null;
}

/** Renders a hook user on a memory router at `url`; `params()` is the hook's last answer. */
function renderAt(url: string, options: Partial<TableParamsOptions> = {}) {
  const latest: { current?: TableParams } = {};
  const router = createMemoryRouter(
    [{ path: '/list', element: <Probe options={{ filters: FILTERS, ...options }} latest={latest} /> }],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const params = () => {
    if (!latest.current) throw new Error('not rendered');
    return latest.current;
  };
  const search = () => new URLSearchParams(router.state.location.search);
  return {
    router,
    params,
    search,
    url: () => `${router.state.location.pathname}${router.state.location.search}`,
  };
}

/** A list screen as style.md example 1 writes one: the URL's params drive the shared table. */
function UsersScreen({ latest }: { latest: { current?: TableParams } }) {
  const params = useTableParams({ filters: [] });
  latest.current = params;
  return (
    <DataTable
      mode="pagination"
      columns={[
        { id: 'name', header: 'menu.admin.users', fields: 'name', cell: (row: { id: number }) => row.id },
      ]}
      rows={[{ id: 1 }]}
      rowKey={(row) => row.id}
      order={params.query.order}
      onSort={params.toggleSort}
      total={100}
      page={params.query.page}
      limit={params.query.limit}
      onPage={params.setPage}
      caption="Users"
    />
  );
}

describe('useTableParams: the URL is the only copy of the table state (spec §2, §3, §4)', () => {
  it('round trip: search, filter and sort go to the URL without page or limit, and a reload restores them', () => {
    const first = renderAt('/list', { limit: 50 });
    act(() => first.params().setSearch('acme'));
    act(() => first.params().setFilter('stage', { type: 'equal', value: 'INFORMATION' }));
    act(() => first.params().setFilter('address.country', { type: 'equal', value: 'BE' }));
    act(() =>
      first.params().setFilter('createdAt', { type: 'gte', value: new Date('2026-01-01T00:00:00Z') }),
    );
    act(() => first.params().toggleSort('name'));
    act(() => first.params().toggleSort('name'));
    act(() => first.params().setPage(4));

    const search = first.search();
    expect(Object.fromEntries(search)).toEqual({
      search: 'acme',
      stage: 'INFORMATION',
      'address.country': 'BE',
      'createdAt.gte': '2026-01-01',
      order: '-name',
    });
    expect(search.has('page')).toBe(false);
    expect(search.has('limit')).toBe(false);
    expect(first.params().query.page).toBe(4);

    // A reload: a new router at the same URL.
    const reloaded = renderAt(first.url(), { limit: 50 });
    expect(reloaded.params().query).toEqual(
      createListQuery({
        page: 1,
        limit: 50,
        order: ['-name'],
        where: {
          stage: { type: 'equal', value: 'INFORMATION' },
          address: { country: { type: 'equal', value: 'BE' } },
          createdAt: { type: 'gte', value: new Date('2026-01-01T00:00:00Z') },
        },
        whereMulti: { search: 'acme' },
      }),
    );
    expect(reloaded.params().error).toBeUndefined();
  });

  it('the API gets exactly what the URL says, plus page and limit', () => {
    const { params } = renderAt('/list?order=-createdAt&stage=INFORMATION&search=elm', { limit: 30 });
    act(() => params().setPage(3));
    expect(stringifyListQuery(params().query)).toEqual({
      page: '3',
      limit: '30',
      order: '-createdAt',
      stage: 'INFORMATION',
      search: 'elm',
    });
  });

  it('page and limit in a URL (an old link) are not read, and are dropped on the next write', () => {
    const { params, search } = renderAt('/list?page=7&limit=500&order=name');
    expect(params().query).toMatchObject({ page: 1, limit: 20, order: ['name'] });
    act(() => params().toggleSort('name'));
    expect(search().toString()).toBe('order=-name');
  });

  it('a default order stays out of the URL and the query, shows in the header, and the first click flips it', () => {
    const { params, search } = renderAt('/list', { defaultOrder: ['createdAt'] });
    expect(params().query.order).toEqual([]);
    expect(params().order).toEqual(['createdAt']);
    act(() => params().toggleSort('createdAt'));
    expect(search().toString()).toBe('order=-createdAt');
    expect(params().order).toEqual(['-createdAt']);
  });

  it.each<[string, (params: TableParams) => void]>([
    ['sorting', (params) => params.toggleSort('name')],
    ['a filter', (params) => params.setFilter('stage', { type: 'equal', value: 'X' })],
    ['a search', (params) => params.setSearch('acme')],
  ])('%s sends the page back to 1 (spec §4)', (_change, change) => {
    const { params } = renderAt('/list?order=name');
    act(() => params().setPage(5));
    expect(params().query.page).toBe(5);
    act(() => change(params()));
    expect(params().query.page).toBe(1);
  });

  it('a URL change from elsewhere (back button) also sends the page back to 1', async () => {
    const { params, router } = renderAt('/list?order=name');
    act(() => params().toggleSort('name'));
    act(() => params().setPage(3));
    await act(() => router.navigate(-1));
    expect(params().query).toMatchObject({ order: ['name'], page: 1 });
  });

  it('clearing: an empty search and an undefined filter leave the URL', () => {
    const { params, search } = renderAt('/list?search=acme&stage=X&address.country=BE&order=name');
    act(() => params().setSearch(''));
    act(() => params().setFilter('stage', undefined));
    act(() => params().setFilter('address.country', undefined));
    expect(search().toString()).toBe('order=name');
  });

  it('keeps params it does not own: with a table id, every key outside its prefix', () => {
    const { params, search } = renderAt('/list?tab=2&users.order=name&other.order=x', { tableId: 'users' });
    expect(params().query.order).toEqual(['name']);
    expect(params().query.where).toEqual({});
    act(() => params().toggleSort('name'));
    act(() => params().setSearch('bo'));
    expect(Object.fromEntries(search())).toEqual({
      tab: '2',
      'other.order': 'x',
      'users.order': '-name',
      'users.search': 'bo',
    });
  });

  // The issue: `/admin/gateways?utm_source=mail` sent utm_source to the API as a filter, which answered 400.
  const LINK = '/list?utm_source=mail&order=name&mockRole=ADMIN&stage=X&tab.id=9&users.order=x';

  it("reads only its own params: a link's other params never reach the API", () => {
    const { params } = renderAt(LINK);
    expect(params().error).toBeUndefined();
    expect(stringifyListQuery(params().query)).toEqual({
      page: '1',
      limit: '20',
      order: 'name',
      stage: 'X',
    });
  });

  it.each<[string, (params: TableParams) => void, Record<string, string>]>([
    ['sorting', (params) => params.toggleSort('name'), { order: '-name', stage: 'X' }],
    [
      'a filter',
      (params) => params.setFilter('address.country', { type: 'equal', value: 'BE' }),
      { order: 'name', stage: 'X', 'address.country': 'BE' },
    ],
    ['clearing a filter', (params) => params.setFilter('stage', undefined), { order: 'name' }],
    ['a search', (params) => params.setSearch('acme'), { order: 'name', stage: 'X', search: 'acme' }],
    ['a page', (params) => params.setPage(2), { order: 'name', stage: 'X' }],
  ])('%s keeps every param it does not own in the URL, as it was', (_change, change, own) => {
    const { params, search } = renderAt(LINK);
    act(() => change(params()));
    expect(Object.fromEntries(search())).toEqual({
      utm_source: 'mail',
      mockRole: 'ADMIN',
      'tab.id': '9',
      'users.order': 'x',
      ...own,
    });
    expect(stringifyListQuery(params().query)).not.toHaveProperty('utm_source');
  });

  it('a change of a param it does not own keeps the page', async () => {
    const { params, router } = renderAt('/list?order=name');
    act(() => params().setPage(3));
    await act(() => router.navigate('/list?order=name&utm_source=mail'));
    expect(params().query).toMatchObject({ order: ['name'], page: 3 });
  });

  it('refuses a filter on a field it was not given (it would never be read back)', () => {
    const { params } = renderAt('/list');
    expect(() => params().setFilter('utm_source', { type: 'equal', value: 'x' })).toThrow(/utm_source/);
  });

  it('a URL list-query cannot read gives the default query and the error', () => {
    const { params } = renderAt('/list?order=bad%20key');
    expect(params().error?.code).toBe('INVALID_ORDER');
    expect(params().query).toEqual(createListQuery());
  });

  it('clicking a header of the shared table saves the reverse order in the URL and goes back to page 1', async () => {
    const user = userEvent.setup();
    const latest: { current?: TableParams } = {};
    const router = createMemoryRouter([{ path: '/list', element: <UsersScreen latest={latest} /> }], {
      initialEntries: ['/list?order=name'],
    });
    render(
      <I18nextProvider i18n={createTestI18n()}>
        <RouterProvider router={router} />
      </I18nextProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(latest.current?.query.page).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Users' }));
    expect(router.state.location.search).toBe('?order=-name');
    expect(latest.current?.query.page).toBe(1);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('table params, pure parts', () => {
  it.each<[string, string | undefined, boolean]>([
    ['order', undefined, true],
    ['page', undefined, true],
    ['limit', undefined, true],
    ['search', undefined, true],
    ['stage', undefined, true],
    ['stage.not', undefined, true],
    ['createdAt.gte', undefined, true],
    ['address.country', undefined, true],
    ['address.city', undefined, false],
    ['stages', undefined, false],
    ['utm_source', undefined, false],
    ['mockRole', undefined, false],
    ['users.order', 'users', true],
    ['users.stage', 'users', true],
    ['users.utm_source', 'users', false],
    ['order', 'users', false],
    ['usersx.order', 'users', false],
  ])('ownsKey(%s) with table id %s: %s', (key, tableId, owned) => {
    expect(ownsKey(key, { filters: FILTERS, tableId })).toBe(owned);
  });

  it('writeTableQuery keeps foreign keys in place and writes no page or limit', () => {
    const written = writeTableQuery(
      new URLSearchParams('a=1&t.order=x&b=2'),
      createListQuery({ page: 3, limit: 60, order: ['-name'] }),
      { filters: [], tableId: 't' },
    );
    expect(written.toString()).toBe('a=1&b=2&t.order=-name');
    expect(readTableQuery(written, { filters: [], tableId: 't' }, { page: 3, limit: 60 }).query).toEqual(
      createListQuery({ page: 3, limit: 60, order: ['-name'] }),
    );
  });

  it('setWhereField sets and removes dotted fields, dropping emptied maps', () => {
    const eq = { type: 'equal' as const, value: 'BE' };
    const set = setWhereField({}, 'address.country', eq);
    expect(set).toEqual({ address: { country: eq } });
    expect(setWhereField(set, 'address.country', undefined)).toEqual({});
    expect(setWhereField({ stage: eq }, 'stage', undefined)).toEqual({});
  });
});
