import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  emptyValue,
  type FieldRules,
  fieldMessage,
  isMissing,
  resolveTextRules,
  type TextRules,
} from './field-rules';
import { mustMatch } from './must-match';

describe('spec §5 defaults of a field without a contract length (packages/contracts fields.ts)', () => {
  it.each<[string, TextRules, { minLength: number; maxLength: number }]>([
    ['a text: 2 to 50', { type: 'text' }, { minLength: 2, maxLength: 50 }],
    ['a textarea: 2 to 50', { type: 'textarea' }, { minLength: 2, maxLength: 50 }],
    ['an email: at most 100', { type: 'email' }, { minLength: 2, maxLength: 100 }],
    [
      'given lengths win, 0 included',
      { type: 'text', minLength: 0, maxLength: 9 },
      { minLength: 0, maxLength: 9 },
    ],
  ])('%s', (_case, rules, expected) => {
    expect(resolveTextRules(rules)).toEqual(expected);
  });

  it('gives each kind of field its empty value, and `required` refuses each of them', () => {
    const empties = (['text', 'number', 'radio', 'checkbox', 'checkboxes', 'select', 'file'] as const).map(
      (type) => emptyValue({ type }),
    );
    expect(empties).toEqual(['', null, null, false, [], null, null]);
    expect(emptyValue({ type: 'select', multiple: true })).toEqual([]);
    expect(empties.every(isMissing)).toBe(true);
    expect(isMissing('   ')).toBe(true);
    expect(isMissing('a')).toBe(false);
    expect(isMissing(0)).toBe(false);
  });
});

describe('mustMatch, a rule of a form schema (spec §5)', () => {
  const schema = z
    .object({ password: z.string(), confirmation: z.string().check(z.minLength(20)) })
    .check(z.superRefine(mustMatch('password', 'confirmation')));

  it('sets mustMatch on the second field when the two differ, whatever else is wrong', () => {
    expect(schema.safeParse({ password: 'Secret1!', confirmation: 'Secret2!' }).error?.issues).toMatchObject([
      { path: ['confirmation'], code: 'too_small' },
      { path: ['confirmation'], message: 'errors.form.mustMatch' },
    ]);
    expect(schema.safeParse({ password: 'a'.repeat(20), confirmation: 'a'.repeat(20) }).success).toBe(true);
  });
});

describe('fieldMessage: the key and the values a field shows (spec §5 messages)', () => {
  it.each<[string, string | undefined, FieldRules, { key: string; values: Record<string, string | number> }]>(
    [
      [
        'minimum length, with the default length',
        'errors.form.minLength',
        { type: 'text' },
        { key: 'errors.form.minLength', values: { length: 2 } },
      ],
      [
        'maximum length, with the default length',
        'errors.form.maxLength',
        { type: 'text' },
        { key: 'errors.form.maxLength', values: { length: 50 } },
      ],
      [
        'maximum length of an email',
        'errors.form.maxLength',
        { type: 'email' },
        { key: 'errors.form.maxLength', values: { length: 100 } },
      ],
      [
        'maximum length given',
        'errors.form.maxLength',
        { type: 'textarea', maxLength: 500 },
        { key: 'errors.form.maxLength', values: { length: 500 } },
      ],
      [
        'minimum length of a number',
        'errors.form.minLength',
        { type: 'number' },
        { key: 'errors.form.minLength', values: { length: 1 } },
      ],
      [
        'min of a number',
        'errors.form.min',
        { type: 'number', min: 3 },
        { key: 'errors.form.min', values: { min: 3 } },
      ],
      [
        'max of a date',
        'errors.form.max',
        { type: 'date', max: '2024-12-31' },
        { key: 'errors.form.max', values: { max: '2024-12-31' } },
      ],
      [
        'a pattern message',
        'errors.form.pattern.tel',
        { type: 'tel' },
        { key: 'errors.form.pattern.tel', values: {} },
      ],
      [
        'mustMatch',
        'errors.form.mustMatch',
        { type: 'password' },
        { key: 'errors.form.mustMatch', values: {} },
      ],
      [
        "a refinement's own key",
        'errors.gateway.expired',
        { type: 'date' },
        { key: 'errors.gateway.expired', values: {} },
      ],
      [
        'anything else: the default',
        'Invalid input',
        { type: 'text' },
        { key: 'errors.form.default', values: {} },
      ],
      ['no message: the default', undefined, { type: 'text' }, { key: 'errors.form.default', values: {} }],
    ],
  )('%s', (_message, message, rules, expected) => {
    expect(fieldMessage(message, rules)).toEqual(expected);
  });
});
