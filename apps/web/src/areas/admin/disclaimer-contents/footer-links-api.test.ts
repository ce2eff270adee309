import { describe, expect, it } from 'vitest';
import { type LinkItem, swapOrder } from './footer-links-api';

const link = (label: string, order: number): LinkItem => ({
  id: label,
  label,
  link: 'x.eu',
  order,
  active: true,
  version: 1,
});

describe('swapOrder (reordering footer links)', () => {
  it.each([
    [
      'moving up swaps with the link before',
      [link('a', 1), link('b', 2)],
      1,
      -1,
      [
        ['b', 1],
        ['a', 2],
      ],
    ],
    [
      'moving down swaps with the link after',
      [link('a', 1), link('b', 2)],
      0,
      1,
      [
        ['a', 2],
        ['b', 1],
      ],
    ],
    [
      'equal orders: moving up steps before the neighbour',
      [link('a', 5), link('b', 5)],
      1,
      -1,
      [
        ['b', 4],
        ['a', 5],
      ],
    ],
    [
      'equal orders: moving down steps after the neighbour',
      [link('a', 5), link('b', 5)],
      0,
      1,
      [
        ['a', 6],
        ['b', 5],
      ],
    ],
    ['the first link cannot move up', [link('a', 1)], 0, -1, []],
    ['the last link cannot move down', [link('a', 1), link('b', 2)], 1, 1, []],
  ] as const)('%s', (_rule, links, index, direction, expected) => {
    expect(swapOrder([...links], index, direction).map((l) => [l.label, l.order])).toEqual(expected);
  });
});
