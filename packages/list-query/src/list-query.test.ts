import { describe, expect, it } from 'vitest';
import {
  createListQuery,
  DEFAULT_LIMIT,
  DEFAULT_PAGE,
  flattenWhere,
  flattenWhereMulti,
  isFilter,
  SEARCH_KEY,
  toCondition,
} from './list-query.js';
import type { Condition, Filter, ListQuery, Where, WhereMulti } from './types.js';

const equal = (value: Filter['value']): Filter => ({ type: 'equal', value });
const gte = (day: string): Filter => ({ type: 'gte', value: new Date(day) });
const lt = (day: string): Filter => ({ type: 'lt', value: new Date(day) });

describe('spec §3 and §9: defaults', () => {
  it.each<[string, unknown, unknown]>([
    ['page defaults to 1', DEFAULT_PAGE, 1],
    ['limit defaults to 20', DEFAULT_LIMIT, 20],
    ['the search key is named search', SEARCH_KEY, 'search'],
  ])('%s', (_rule, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each<[string, Partial<ListQuery> | undefined, ListQuery]>([
    [
      'an empty query has page 1, limit 20, no order, no filters',
      undefined,
      { page: 1, limit: 20, order: [], where: {}, whereMulti: {} },
    ],
    [
      'given values win over the defaults',
      { page: 3, order: ['-name'] },
      { page: 3, limit: 20, order: ['-name'], where: {}, whereMulti: {} },
    ],
    [
      'an explicit undefined still gets the default',
      { limit: undefined },
      { page: 1, limit: 20, order: [], where: {}, whereMulti: {} },
    ],
    [
      'total is kept when given',
      { total: 42 },
      { page: 1, limit: 20, order: [], where: {}, whereMulti: {}, total: 42 },
    ],
  ])('%s', (_rule, partial, expected) => {
    expect(createListQuery(partial)).toStrictEqual(expected);
  });

  it('each query gets its own order list and maps', () => {
    const first = createListQuery();
    first.order.push('name');
    expect(createListQuery().order).toEqual([]);
  });
});

describe('spec §3: where maps a field to {type, value}', () => {
  it.each<[string, unknown, boolean]>([
    ['a {type, value} with a filter type is a filter', { type: 'gt', value: 3 }, true],
    ['a list value is a filter too', { type: 'equal', value: ['a', 'b'] }, true],
    ['an unknown type is not a filter', { type: 'between', value: 3 }, false],
    ['a type without a value is not a filter', { type: 'equal' }, false],
    ['a nested map of fields is not a filter', { country: { type: 'equal', value: 'FR' } }, false],
    [
      'a map with fields named type and value is not a filter',
      { type: { type: 'equal', value: 'x' }, value: 1 },
      false,
    ],
    ['null is not a filter', null, false],
    ['a string is not a filter', 'equal', false],
    ['an array of filters is not a filter itself', [{ type: 'gt', value: 3 }], false],
  ])('%s', (_rule, input, expected) => {
    expect(isFilter(input)).toBe(expected);
  });

  it.each<[string, Where, Array<{ field: string; filter: Filter }>]>([
    ['a flat map gives its fields', { stage: equal('X') }, [{ field: 'stage', filter: equal('X') }]],
    [
      'nested maps give dotted field names',
      { address: { country: equal('FR'), city: { name: equal('Paris') } } },
      [
        { field: 'address.country', filter: equal('FR') },
        { field: 'address.city.name', filter: equal('Paris') },
      ],
    ],
    ['an empty map gives nothing', {}, []],
    [
      'a field holding several filters gives one entry per filter, in order',
      { createdAt: [gte('2026-01-01'), lt('2026-02-01')], address: { zip: [equal('1'), equal('2')] } },
      [
        { field: 'createdAt', filter: gte('2026-01-01') },
        { field: 'createdAt', filter: lt('2026-02-01') },
        { field: 'address.zip', filter: equal('1') },
        { field: 'address.zip', filter: equal('2') },
      ],
    ],
    ['an empty array gives nothing', { createdAt: [] }, []],
  ])('%s', (_rule, where, expected) => {
    expect(flattenWhere(where)).toEqual(expected);
  });
});

describe('spec §3: whereMulti combinators and free text as one condition tree', () => {
  const stage: Condition = { kind: 'filter', field: 'stage', filter: equal('X') };
  const name: Condition = { kind: 'filter', field: 'name', filter: equal('Bob') };

  it.each<[string, WhereMulti, Condition[]]>([
    [
      'the and key gives an and node',
      { and: { stage: equal('X'), name: equal('Bob') } },
      [{ kind: 'and', conditions: [stage, name] }],
    ],
    [
      'the or key gives an or node',
      { or: { stage: equal('X'), name: equal('Bob') } },
      [{ kind: 'or', conditions: [stage, name] }],
    ],
    [
      'combinators nest two levels deep',
      { or: { stage: equal('X'), and: { name: equal('Bob'), search: 'acme' } } },
      [
        {
          kind: 'or',
          conditions: [stage, { kind: 'and', conditions: [name, { kind: 'search', text: 'acme' }] }],
        },
      ],
    ],
    ['a text value means free-text search', { search: 'acme' }, [{ kind: 'search', text: 'acme' }]],
    [
      'a text value under another key is free text too',
      { anything: 'acme' },
      [{ kind: 'search', text: 'acme' }],
    ],
    ['other keys are field filters', { stage: equal('X') }, [stage]],
    [
      'nested field maps give dotted field names',
      { or: { address: { country: equal('FR') } } },
      [{ kind: 'or', conditions: [{ kind: 'filter', field: 'address.country', filter: equal('FR') }] }],
    ],
    [
      'a field holding several filters gives one filter node per filter, in order',
      { or: { createdAt: [gte('2026-01-01'), lt('2026-02-01')], stage: equal('X') } },
      [
        {
          kind: 'or',
          conditions: [
            { kind: 'filter', field: 'createdAt', filter: gte('2026-01-01') },
            { kind: 'filter', field: 'createdAt', filter: lt('2026-02-01') },
            stage,
          ],
        },
      ],
    ],
    [
      'a nested field in a group may hold several filters',
      { and: { address: { zip: [equal('1'), equal('2')] } } },
      [
        {
          kind: 'and',
          conditions: [
            { kind: 'filter', field: 'address.zip', filter: equal('1') },
            { kind: 'filter', field: 'address.zip', filter: equal('2') },
          ],
        },
      ],
    ],
    [
      'empty filters of an array and empty arrays are skipped',
      { createdAt: [equal(''), gte('2026-01-01')], or: { stage: [] } },
      [{ kind: 'filter', field: 'createdAt', filter: gte('2026-01-01') }],
    ],
    [
      'empty groups, empty text and empty values are skipped',
      { and: {}, or: { stage: equal('') }, search: '' },
      [],
    ],
  ])('%s', (_rule, whereMulti, expected) => {
    expect(flattenWhereMulti(whereMulti)).toEqual({ kind: 'and', conditions: expected });
  });

  it('toCondition ANDs every where filter, then the whereMulti entries', () => {
    const query = createListQuery({
      where: {
        stage: equal('X'),
        createdAt: [gte('2026-01-01'), equal([]), lt('2026-02-01')],
        address: { country: equal('FR') },
        empty: equal([]),
      },
      whereMulti: { search: 'acme', or: { name: equal('Bob') } },
    });
    expect(toCondition(query)).toEqual({
      kind: 'and',
      conditions: [
        stage,
        { kind: 'filter', field: 'createdAt', filter: gte('2026-01-01') },
        { kind: 'filter', field: 'createdAt', filter: lt('2026-02-01') },
        { kind: 'filter', field: 'address.country', filter: equal('FR') },
        { kind: 'search', text: 'acme' },
        { kind: 'or', conditions: [name] },
      ],
    });
  });
});
