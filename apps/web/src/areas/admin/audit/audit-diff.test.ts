import { describe, expect, it } from 'vitest';
import { diffLines } from './audit-diff';

describe('diffLines: each audit diff readable', () => {
  it.each([
    ['no diff', null, []],
    [
      "an UPDATE's { field: { from, to } }",
      { status: { from: 'INVITED', to: 'ACTIVE' }, roles: { from: ['EMVO'], to: ['ADMIN'] } },
      [
        { field: 'status', kind: 'change', from: 'INVITED', to: 'ACTIVE' },
        { field: 'roles', kind: 'change', from: '["EMVO"]', to: '["ADMIN"]' },
      ],
    ],
    [
      'a value set from nothing',
      { reason: { from: null, to: 'late' } },
      [{ field: 'reason', kind: 'change', from: '—', to: 'late' }],
    ],
    [
      "a CREATE's values",
      { name: 'Hub', active: true },
      [
        { field: 'name', kind: 'value', value: 'Hub' },
        { field: 'active', kind: 'value', value: 'true' },
      ],
    ],
    ['a plain value', 'text', [{ field: '', kind: 'value', value: 'text' }]],
  ])('%s', (_case, diff, lines) => {
    expect(diffLines(diff)).toEqual(lines);
  });
});
