import { describe, expect, it } from 'vitest';
import { type FieldRules, fieldMessage, fieldSchema, formSchema, mustMatch } from './form-schema';

/** The message of the first issue, or undefined when the value passes. */
function messageOf(rules: FieldRules, value: unknown): string | undefined {
  const result = fieldSchema(rules).safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

const pdf = new File(['%PDF'], 'a.pdf');

describe('fieldSchema (spec §5 validation rules)', () => {
  it.each<[string, FieldRules, unknown, string | undefined]>([
    // required
    ['a required text is refused when empty', { type: 'text', required: true }, '', 'errors.form.required'],
    [
      'a required text is refused when only spaces',
      { type: 'text', required: true },
      '   ',
      'errors.form.required',
    ],
    [
      'a required text is refused when absent',
      { type: 'text', required: true },
      undefined,
      'errors.form.required',
    ],
    ['an optional text may stay empty', { type: 'text' }, '', undefined],
    ['an optional email may stay empty (no pattern check)', { type: 'email' }, '', undefined],
    // text defaults: minlength 2, maxlength 50
    [
      'a text of 1 character is under the default minimum of 2',
      { type: 'text' },
      'a',
      'errors.form.minLength',
    ],
    ['a text of 2 characters passes', { type: 'text' }, 'ab', undefined],
    ['a text of 50 characters passes', { type: 'text' }, 'a'.repeat(50), undefined],
    [
      'a text of 51 characters is over the default maximum',
      { type: 'text' },
      'a'.repeat(51),
      'errors.form.maxLength',
    ],
    ['a textarea has the same defaults', { type: 'textarea' }, 'a'.repeat(51), 'errors.form.maxLength'],
    ['a password has the same defaults', { type: 'password' }, 'a', 'errors.form.minLength'],
    ['minLength can be changed', { type: 'text', minLength: 5 }, 'abcd', 'errors.form.minLength'],
    ['minLength 0 turns the check off', { type: 'text', minLength: 0 }, 'a', undefined],
    ['maxLength can be changed', { type: 'textarea', maxLength: 500 }, 'a'.repeat(500), undefined],
    // email: maxlength 100 and its pattern
    [
      'an email of 100 characters passes',
      { type: 'email' },
      `${'a'.repeat(60)}@${'b'.repeat(35)}.com`,
      undefined,
    ],
    [
      'an email of 101 characters is over its maximum of 100',
      { type: 'email' },
      `${'a'.repeat(61)}@${'b'.repeat(35)}.com`,
      'errors.form.maxLength',
    ],
    ['an email gets the email pattern', { type: 'email' }, 'jane@example', 'errors.form.pattern.email'],
    ['a url gets the url pattern', { type: 'url' }, 'ftp://example.com', 'errors.form.pattern.url'],
    ['a tel gets the tel pattern', { type: 'tel' }, '0123-456', 'errors.form.pattern.tel'],
    ['a plain text has no pattern', { type: 'text' }, '12-3 !?', undefined],
    ['a password has no pattern unless named', { type: 'password' }, 'password', undefined],
    // named patterns
    [
      'a named pattern applies to a text',
      { type: 'text', pattern: 'houseNumber' },
      '12-3',
      'errors.form.pattern.houseNumber',
    ],
    ['a named pattern accepts its values', { type: 'text', pattern: 'houseNumber' }, '12a', undefined],
    [
      'the name pattern refuses digits',
      { type: 'text', pattern: 'name' },
      'Jane 2',
      'errors.form.pattern.name',
    ],
    [
      'the password pattern',
      { type: 'password', pattern: 'password' },
      'secret12',
      'errors.form.pattern.password',
    ],
    // one message per field, in order: required, minimum, maximum, pattern
    ['length comes before the pattern', { type: 'email' }, 'a', 'errors.form.minLength'],
    // number: min, max, minlength 1
    [
      'a required number is refused when empty',
      { type: 'number', required: true },
      null,
      'errors.form.required',
    ],
    ['an optional number may stay empty', { type: 'number' }, null, undefined],
    ['0 is a number, not an empty value', { type: 'number', required: true }, 0, undefined],
    ['a number under min', { type: 'number', min: 1 }, 0, 'errors.form.min'],
    ['a number at min', { type: 'number', min: 1 }, 1, undefined],
    ['a number over max', { type: 'number', max: 10 }, 11, 'errors.form.max'],
    ['a number of 1 digit meets the default minlength 1', { type: 'number' }, 7, undefined],
    [
      'a number with more digits than maxLength',
      { type: 'number', maxLength: 3 },
      1234,
      'errors.form.maxLength',
    ],
    // date
    ['a required date is refused when empty', { type: 'date', required: true }, '', 'errors.form.required'],
    ['a date before min', { type: 'date', min: '2024-01-01' }, '2023-12-31', 'errors.form.min'],
    ['a date after max', { type: 'date', max: '2024-12-31' }, '2025-01-01', 'errors.form.max'],
    ['a date within bounds', { type: 'date', min: '2024-01-01', max: '2024-12-31' }, '2024-06-30', undefined],
    // choices and files
    [
      'a required checkbox must be checked',
      { type: 'checkbox', required: true },
      false,
      'errors.form.required',
    ],
    ['a checked required checkbox passes', { type: 'checkbox', required: true }, true, undefined],
    ['an optional checkbox may stay unchecked', { type: 'checkbox' }, false, undefined],
    [
      'required checkboxes need one checked',
      { type: 'checkboxes', required: true },
      [],
      'errors.form.required',
    ],
    ['required checkboxes with one checked', { type: 'checkboxes', required: true }, ['test'], undefined],
    ['a required radio needs a choice', { type: 'radio', required: true }, null, 'errors.form.required'],
    ['a radio id 0 is a choice', { type: 'radio', required: true }, 0, undefined],
    ['a required select needs a choice', { type: 'select', required: true }, null, 'errors.form.required'],
    [
      'a required multiple select needs one',
      { type: 'select', required: true, multiple: true },
      [],
      'errors.form.required',
    ],
    ['a required file needs a file', { type: 'file', required: true }, null, 'errors.form.required'],
    ['a required file with a file', { type: 'file', required: true }, pdf, undefined],
    ['required files need one', { type: 'file', required: true, multiple: true }, [], 'errors.form.required'],
  ])('%s', (_rule, rules, value, expected) => {
    expect(messageOf(rules, value)).toBe(expected);
  });

  it('gives zod its own message for a value of the wrong type (shown as the default message)', () => {
    const message = messageOf({ type: 'text' }, 42);
    expect(message).toBeDefined();
    expect(fieldMessage(message, { type: 'text' })).toEqual({ key: 'errors.form.default', values: {} });
  });
});

describe('mustMatch (spec §5)', () => {
  const schema = formSchema(
    { password: { type: 'password', required: true }, confirmation: { type: 'password', required: true } },
    [mustMatch('password', 'confirmation')],
  );
  const issues = (values: Record<string, unknown>) =>
    schema.safeParse(values).error?.issues.map(({ path, message }) => ({ path: path.join('.'), message })) ??
    [];

  it.each([
    ['two equal values pass', { password: 'Secret1!', confirmation: 'Secret1!' }, []],
    [
      'two differing values set mustMatch on the second',
      { password: 'Secret1!', confirmation: 'Secret2!' },
      [{ path: 'confirmation', message: 'errors.form.mustMatch' }],
    ],
    [
      'the second field shows its own message first, then mustMatch',
      { password: 'Secret1!', confirmation: '' },
      [
        { path: 'confirmation', message: 'errors.form.required' },
        { path: 'confirmation', message: 'errors.form.mustMatch' },
      ],
    ],
    [
      'a mismatch is found while another field is wrong',
      { password: 'x', confirmation: 'yy' },
      [
        { path: 'password', message: 'errors.form.minLength' },
        { path: 'confirmation', message: 'errors.form.mustMatch' },
      ],
    ],
  ])('%s', (_rule, values, expected) => {
    expect(issues(values)).toEqual(expected);
  });

  it('checks the second field again when the first changes', () => {
    expect(mustMatch('password', 'confirmation')).toMatchObject({
      path: 'confirmation',
      dependsOn: ['password'],
    });
  });
});

describe('formSchema', () => {
  it('nests dotted names as react-hook-form does', () => {
    const schema = formSchema({ 'address.houseNumber': { type: 'text', pattern: 'houseNumber' } });
    expect(schema.safeParse({ address: { houseNumber: '12a' } }).success).toBe(true);
    expect(schema.safeParse({ address: { houseNumber: 'a12' } }).error?.issues).toMatchObject([
      { path: ['address', 'houseNumber'], message: 'errors.form.pattern.houseNumber' },
    ]);
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
