import { describe, expect, it } from 'vitest';
import { createListQuery } from './list-query.js';
import { applySort, getSortDirection, getSortIndex, toggleOrder } from './sort.js';
import type { SortDirection } from './types.js';

describe('spec §4: a column direction', () => {
  it.each<[string, string[], string | string[], SortDirection | undefined]>([
    ['is ascending when the order list holds the field', ['name'], 'name', 'asc'],
    ['is descending when it holds the minus-prefixed field', ['-name'], 'name', 'desc'],
    ['is none when the field is absent', ['-createdAt'], 'name', undefined],
    ['is found anywhere in the order list', ['stage', '-name'], 'name', 'desc'],
    ['for several fields, the first field decides', ['-last', 'first'], ['first', 'last'], 'asc'],
    ['a field name is not matched by prefix', ['nameLong'], 'name', undefined],
    ['a column with no fields has no direction', ['name'], [], undefined],
  ])('%s', (_rule, order, fields, expected) => {
    expect(getSortDirection(order, fields)).toBe(expected);
  });
});

describe('ordered highlight: the position of a column in the order list', () => {
  it.each<[string, string[], string | string[], number | undefined]>([
    ['the primary sort is at 0', ['name', '-stage'], 'name', 0],
    ['a descending key counts too', ['name', '-stage'], 'stage', 1],
    ['an absent column has no position', ['name'], 'stage', undefined],
    ['for several fields, the first field decides', ['stage', '-last', 'first'], ['first', 'last'], 2],
  ])('%s', (_rule, order, fields, expected) => {
    expect(getSortIndex(order, fields)).toBe(expected);
  });
});

describe('spec §4: clicking a column emits the reverse', () => {
  it.each<[string, string[], string | string[], string[]]>([
    ['ascending becomes minus-prefixed', ['name'], 'name', ['-name']],
    ['descending becomes plain', ['-name'], 'name', ['name']],
    ['absent becomes plain', [], 'name', ['name']],
    [
      'a column covering several fields flips them all together',
      ['first', 'last'],
      ['first', 'last'],
      ['-first', '-last'],
    ],
    [
      'each field of the column is flipped from its own state',
      ['-first', 'last'],
      ['first', 'last'],
      ['first', '-last'],
    ],
    ['the clicked column moves to the front', ['stage', '-name'], 'name', ['name', 'stage']],
    ['the other keys keep their relative order', ['a', '-b', 'c', 'name'], 'name', ['-name', 'a', '-b', 'c']],
    ['a newly sorted column becomes the primary sort', ['a', '-b'], ['x', 'y'], ['x', 'y', 'a', '-b']],
    ['a column with no fields changes nothing', ['a'], [], ['a']],
  ])('%s', (_rule, order, fields, expected) => {
    expect(toggleOrder(order, fields)).toEqual(expected);
  });

  it('does not change the given order list', () => {
    const order = ['name'];
    toggleOrder(order, 'name');
    expect(order).toEqual(['name']);
  });

  it('spec §4: sorting resets page to 1 and keeps the rest of the query', () => {
    const query = createListQuery({
      page: 4,
      limit: 60,
      order: ['name'],
      where: { stage: { type: 'equal', value: 'X' } },
    });
    expect(applySort(query, 'name')).toEqual({ ...query, page: 1, order: ['-name'] });
  });
});
