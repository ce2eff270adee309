import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Fee, feeFor, topUp } from './fees.js';

describe('domain.md: the fee tier follows the active MAH count', () => {
  it.each<[string, number, Fee]>([
    ['no active MAH: no fee', 0, { tier: null, amountCents: 0 }],
    ['1 MAH: 6,750 EUR', 1, { tier: '1', amountCents: 675_000 }],
    ['2 MAHs: 13,500 EUR', 2, { tier: '2', amountCents: 1_350_000 }],
    ['3 MAHs: 18,000 EUR', 3, { tier: '3-5', amountCents: 1_800_000 }],
    ['5 MAHs: still 18,000 EUR', 5, { tier: '3-5', amountCents: 1_800_000 }],
    ['6 MAHs: 22,500 EUR', 6, { tier: '6-12', amountCents: 2_250_000 }],
    ['12 MAHs: still 22,500 EUR', 12, { tier: '6-12', amountCents: 2_250_000 }],
    ['more (13): 45,000 EUR', 13, { tier: '13+', amountCents: 4_500_000 }],
    ['many more (500): 45,000 EUR', 500, { tier: '13+', amountCents: 4_500_000 }],
  ])('%s', (_rule, count, expected) => {
    expect(feeFor(count)).toEqual(expected);
  });

  it.each([[-1], [1.5], [Number.NaN]])('a count of %s is a programmer error', (count) => {
    expect(() => feeFor(count)).toThrow(RangeError);
  });

  it('never falls as MAHs are added', () => {
    fc.assert(
      fc.property(fc.nat(1000), fc.nat(1000), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(feeFor(high).amountCents).toBeGreaterThanOrEqual(feeFor(low).amountCents);
      }),
    );
  });
});

describe('domain.md: more active MAHs than the approved form declares', () => {
  it.each<[string, number, number, number, boolean]>([
    ['as many active as declared: nothing to pay, the form stands', 3, 3, 0, false],
    ['fewer active than declared: no refund, the form stands', 6, 2, 0, false],
    ['one more, a tier up (2 → 3): 4,500 EUR on top, back to rejected', 2, 3, 450_000, true],
    ['one more within the tier (3 → 4): nothing to pay, but back to rejected', 3, 4, 0, true],
    ['from 1 to 13: 38,250 EUR on top', 1, 13, 3_825_000, true],
    ['a form declaring none, one active: the whole first tier', 0, 1, 675_000, true],
  ])('%s', (_rule, declared, active, amountCents, backToRejected) => {
    expect(topUp(declared, active)).toMatchObject({ amountCents, backToRejected });
  });

  it('the top-up is the difference of the two fees and never negative', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.nat(50), (declared, active) => {
        const result = topUp(declared, active);
        expect(result.amountCents).toBeGreaterThanOrEqual(0);
        expect(result.backToRejected).toBe(active > declared);
        if (active > declared) {
          expect(result.amountCents).toBe(feeFor(active).amountCents - feeFor(declared).amountCents);
        }
      }),
    );
  });
});
