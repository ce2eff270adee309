import { describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/test-i18n';

const t = createTestI18n().t;

describe('the steps’ words', () => {
  it.each([
    [1, '1 active MAH: fee tier 1, €6,750.00.'],
    [3, '3 active MAHs: fee tier 3-5, €18,000.00.'],
  ])('the fee of %i active MAH(s) is said in the right number', (count, text) => {
    const tier = count === 1 ? '1' : '3-5';
    const amount = count === 1 ? '€6,750.00' : '€18,000.00';
    expect(t('external.onboarding.financial.fee', { count, tier, amount })).toBe(text);
  });

  it('the MAH register says "1 active MAH", not "1 active MAHs"', () => {
    expect(t('external.onboarding.mahRegister.reopensText', { count: 1, amount: '€6,750.00' })).toMatch(
      /^With 1 active MAH, /,
    );
  });

  it('a decision that cannot be taken names the status as a status, not inside the sentence', () => {
    expect(t('emvo.check.decisions.none', { status: 'Corrections requested' })).toBe(
      'No decision can be taken while the check’s status is “Corrections requested”.',
    );
  });
});
