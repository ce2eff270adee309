import type { OnboardingAnswer } from '@portal/contracts';
import { legitimacyDraftSchema } from '@portal/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyMah, toDraft, toValues } from './legitimacy-values';
import { isListItem, missingTarget } from './missing-items';
import { answerIn, type CompanyState } from './test-company';

/** GET /api/onboarding's answer in each state the tests start from, as mock mode's world answers it. */
const answers = new Map<CompanyState, OnboardingAnswer>();
beforeAll(async () => {
  for (const state of ['COMPLETE', 'REGISTERED'] as const) answers.set(state, await answerIn(state));
}, 60_000);

/** A copy of the answer in `state` (a test may change it). */
function answerOf(state: CompanyState): OnboardingAnswer {
  const answer = answers.get(state);
  if (!answer) throw new Error(`No answer in ${state}`);
  return structuredClone(answer);
}

describe('the legitimacy form values', () => {
  it('round-trip: the stored application, through the form, is the draft the contracts accept', () => {
    const onboarding = answerOf('COMPLETE');
    const draft = toDraft(toValues(onboarding), onboarding.organisation.version);
    const { copyOfProof: _file, ...representative } = onboarding.authorisedRepresentative;
    expect(legitimacyDraftSchema.parse(draft)).toEqual({
      version: 1,
      company: onboarding.company,
      spoc: onboarding.spoc,
      authorisedRepresentative: representative,
      mahs: onboarding.mahs,
    });
  });

  it.each([
    ['PD: blank licence inputs are dropped', 'PD', ['A-1', '', ' B-2 '], ['A-1', 'B-2']],
    ['OPM: no licences at all', 'OPM', ['A-1', '', ''], []],
  ] as const)('%s', (_rule, orgType, inputs, licences) => {
    const values = toValues(answerOf('REGISTERED'));
    values.company.orgType = orgType;
    values.mahs = [{ ...emptyMah(), licences: inputs.map((value) => ({ value })) }];
    expect(toDraft(values, 1).mahs?.[0]?.licences).toEqual(licences);
  });

  it('blank text is null in the draft', () => {
    const values = toValues(answerOf('REGISTERED'));
    values.company.vatNumber = '  ';
    values.spoc.phone = '';
    const draft = toDraft(values, 1);
    expect(draft.company.vatNumber).toBeNull();
    expect(draft.spoc.phone).toBeNull();
  });

  it('holds no SPOC Assistant: not in the values, not in the draft, even when the company has one', () => {
    const onboarding = answerOf('REGISTERED');
    onboarding.spocAssistant = {
      firstName: 'Ann',
      lastName: 'Smit',
      function: null,
      email: 'ann@jansen.example',
      phone: null,
      status: 'INVITED',
    };
    const values = toValues(onboarding);
    expect(Object.keys(values)).toEqual(['company', 'spoc', 'authorisedRepresentative', 'mahs']);
    const draft = toDraft(values, onboarding.organisation.version);
    expect(Object.keys(draft)).toEqual(['version', 'company', 'spoc', 'authorisedRepresentative', 'mahs']);
    expect(JSON.stringify(draft)).not.toContain('ann@jansen.example');
  });

  it.each([
    ['company.vatNumber', false, 'onboarding-company-vatNumber'],
    ['mahs', true, 'onboarding-mahs'],
    ['mahs.1.products', true, 'onboarding-mahs-1-products'],
    ['mahs.0.licences', true, 'onboarding-mahs-0-licences-0-value'],
    ['mahs.0.products.2.productCode', false, 'onboarding-mahs-0-products-2-productCode'],
  ])('a missing %s is a list: %s; its link goes to #%s', (field, list, target) => {
    expect(isListItem(field)).toBe(list);
    expect(missingTarget(field)).toBe(target);
  });
});
