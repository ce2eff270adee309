import {
  emailField,
  HOUSE_NUMBER_PATTERN,
  passwordSchema,
  personNameField,
  telField,
  urlField,
} from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { mustMatch } from './must-match';
import { renderForm } from './test-form';
import { DateField, NumberField, PasswordField, TextareaField, TextField } from './text-fields';

/** No pause between keystrokes: the suite stays fast. */
const user = userEvent.setup({ delay: null });

const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));

describe('text input defaults (spec §5)', () => {
  it.each<[string, () => ReactElement, Record<string, string>]>([
    [
      'a text has minlength 2 and maxlength 50',
      () => <TextField name="f" label="Field" />,
      { type: 'text', minlength: '2', maxlength: '50' },
    ],
    [
      'an email has maxlength 100',
      () => <TextField type="email" name="f" label="Field" />,
      { type: 'email', minlength: '2', maxlength: '100' },
    ],
    [
      'a url has the text defaults',
      () => <TextField type="url" name="f" label="Field" />,
      { type: 'url', minlength: '2', maxlength: '50' },
    ],
    [
      'a tel has the text defaults',
      () => <TextField type="tel" name="f" label="Field" />,
      { type: 'tel', minlength: '2', maxlength: '50' },
    ],
    [
      'a textarea has 4 rows',
      () => <TextareaField name="f" label="Field" />,
      { rows: '4', minlength: '2', maxlength: '50' },
    ],
    [
      'a textarea takes other rows',
      () => <TextareaField name="f" label="Field" rows={8} maxLength={500} />,
      { rows: '8', maxlength: '500' },
    ],
    [
      'a number has min, max and minlength 1',
      () => <NumberField name="f" label="Field" min={1} max={10} />,
      { type: 'number', min: '1', max: '10', minlength: '1' },
    ],
    [
      'a password is hidden at first',
      () => <PasswordField name="f" label="Field" />,
      { type: 'password', minlength: '2', maxlength: '50' },
    ],
    [
      'given lengths replace the defaults',
      () => <TextField name="f" label="Field" minLength={5} maxLength={9} />,
      { minlength: '5', maxlength: '9' },
    ],
    [
      'autocomplete can be off',
      () => <TextField name="f" label="Field" autoComplete="off" />,
      { autocomplete: 'off' },
    ],
    ['read-only', () => <TextField name="f" label="Field" readOnly />, { readonly: '' }],
    ['disabled', () => <TextField name="f" label="Field" disabled />, { disabled: '' }],
  ])('%s', (_rule, field, attributes) => {
    renderForm(field());
    const control = screen.getByLabelText('Field');
    for (const [name, value] of Object.entries(attributes)) expect(control).toHaveAttribute(name, value);
  });
});

/** A form whose one field `f` has this contract. */
const contractOf = (field: z.ZodMiniType) => z.object({ f: field });

describe("messages by the contract's rule, shown once the field is dirty (spec §5)", () => {
  it.each<[string, () => ReactElement, z.ZodMiniType, string, string]>([
    [
      'minimum length, with the length',
      () => <TextField name="f" label="Field" />,
      z.string().check(z.minLength(2)),
      'a',
      'Field: at least 2 characters.',
    ],
    [
      'another minimum length',
      () => <TextField name="f" label="Field" />,
      z.string().check(z.minLength(4)),
      'abc',
      'Field: at least 4 characters.',
    ],
    [
      'the email pattern of an email',
      () => <TextField type="email" name="f" label="Field" />,
      emailField,
      'jane@example',
      'Enter a valid email address, such as name@example.com.',
    ],
    [
      'the url pattern of a url',
      () => <TextField type="url" name="f" label="Field" />,
      urlField,
      'ftp://example.com',
      'Enter a valid web address, such as https://example.com.',
    ],
    [
      'the tel pattern of a tel',
      () => <TextField type="tel" name="f" label="Field" />,
      telField,
      '0123-456',
      'Use only digits, spaces, + and parentheses.',
    ],
    [
      'a named pattern: houseNumber',
      () => <TextField name="f" label="Field" />,
      z.string().check(z.regex(HOUSE_NUMBER_PATTERN)),
      'a12',
      'Enter a number, optionally followed by letters, such as 12 or 12a.',
    ],
    [
      'a named pattern: name',
      () => <TextField name="f" label="Field" />,
      personNameField,
      'R2D2',
      'Digits and the characters , ; : = + * " ! ? / ( ) & § $ € _ @ # < > ^ % ² ³ are not allowed.',
    ],
    [
      'a pattern a contract names: password',
      () => <PasswordField name="f" label="Field" />,
      passwordSchema,
      'secret12',
      'Use at least one lowercase letter, one uppercase letter, one digit and one special character.',
    ],
    [
      'a named pattern on a textarea',
      () => <TextareaField name="f" label="Field" />,
      telField,
      'call me',
      'Use only digits, spaces, + and parentheses.',
    ],
    [
      "a rule naming the API's code: the catalogue's message",
      () => <TextField name="f" label="Field" />,
      z
        .string()
        .check(z.refine((value) => value.startsWith('C'), { params: { code: 'INVALID_PRODUCT_CODE' } })),
      '12345',
      'Enter a GTIN-14 or a PPN with valid check digits.',
    ],
    [
      "any other rule: the contract's words",
      () => <TextField name="f" label="Field" />,
      z.string().check(z.regex(/^\S*$/, 'A code has no spaces')),
      'a b',
      'A code has no spaces',
    ],
    [
      'a number under min',
      () => <NumberField name="f" label="Field" />,
      z.nullable(z.number().check(z.minimum(1))),
      '0',
      'The value must be 1 or more.',
    ],
    [
      'a number over max',
      () => <NumberField name="f" label="Field" />,
      z.nullable(z.number().check(z.maximum(10))),
      '11',
      'The value must be 10 or less.',
    ],
  ])('%s', async (_rule, field, contract, typed, message) => {
    renderForm(field(), { schema: contractOf(contract) });
    const control = screen.getByLabelText(/^Field/);
    await user.type(control, typed);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(message);
  });

  it('shows maximum length, with the length, for a value longer than the attribute lets one type', async () => {
    renderForm(<TextareaField name="notes" label="Notes" />, {
      defaultValues: { notes: 'a'.repeat(51) },
      schema: z.object({ notes: z.string().check(z.maxLength(50)) }),
    });
    await submit();
    expect(await screen.findByText('Notes: at most 50 characters.')).toBeInTheDocument();
  });

  it('takes its lengths and bounds from the contract as attributes; a prop still wins', () => {
    renderForm(
      <>
        <TextField name="code" label="Code" />
        <TextareaField name="notes" label="Notes" maxLength={300} />
        <NumberField name="count" label="Count" />
      </>,
      {
        schema: z.object({
          code: z.string().check(z.minLength(3), z.maxLength(14)),
          notes: z.nullish(z.string().check(z.maxLength(1000))),
          count: z.number().check(z.minimum(1), z.maximum(9)),
        }),
      },
    );
    const code = screen.getByRole('textbox', { name: /Code/ });
    expect(code).toHaveAttribute('minlength', '3');
    expect(code).toHaveAttribute('maxlength', '14');
    expect(code).toHaveAttribute('aria-required', 'true');
    const notes = screen.getByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveAttribute('maxlength', '300');
    expect(notes).not.toHaveAttribute('minlength');
    expect(notes).not.toHaveAttribute('aria-required');
    const count = screen.getByRole('spinbutton', { name: /Count/ });
    expect(count).toHaveAttribute('min', '1');
    expect(count).toHaveAttribute('max', '9');
  });
});

/** The name's contract: required, 2 to 50 characters, spec §5's name pattern. */
const NAME = z.object({ name: personNameField });

describe('when errors show (spec §5: invalid and dirty, unless showErrors is false)', () => {
  it('hides the error of a pristine invalid field, shows it once the field is changed, hides it once valid', async () => {
    renderForm(<TextField name="name" label="Name" />, { schema: NAME });
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.click(input);
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();

    await user.type(input, 'J');
    expect(await screen.findByText('Name: at least 2 characters.')).toBeInTheDocument();
    await user.type(input, 'o');
    await waitFor(() => expect(screen.queryByText('Name: at least 2 characters.')).not.toBeInTheDocument());
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('hides the error again once the value is back to its default: the field is pristine again', async () => {
    // react-hook-form's dirty state compares with the default value; the required message waits for Submit.
    renderForm(<TextField name="name" label="Name" />, { schema: NAME });
    const input = screen.getByRole('textbox', { name: 'Name' });
    await user.type(input, 'J');
    expect(await screen.findByText('Name: at least 2 characters.')).toBeInTheDocument();
    await user.clear(input);
    await waitFor(() => expect(screen.queryByText('Name: at least 2 characters.')).not.toBeInTheDocument());
    expect(screen.queryByText('This field is required.')).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  });

  it('shows every invalid field after a submission attempt, dirty or not, and does not submit', async () => {
    const { onSubmit } = renderForm(
      <>
        <TextField name="name" label="Name" />
        <TextField type="email" name="email" label="Email" />
      </>,
      { schema: z.object({ name: personNameField, email: emailField }) },
    );
    await submit();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('never shows the errors of a field with showErrors false, and its rules still hold', async () => {
    const { onSubmit } = renderForm(<TextField name="name" label="Name" showErrors={false} />, {
      schema: NAME,
    });
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'J');
    await submit();
    expect(screen.queryByText('Name: at least 2 characters.')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the values once every field passes', async () => {
    const { onSubmit } = renderForm(
      <>
        <TextField name="name" label="Name" />
        <NumberField name="count" label="Count" />
        <NumberField name="empty" label="Empty" />
        <DateField name="day" label="Day" />
      </>,
      {
        schema: z.extend(NAME, {
          count: z.number().check(z.minimum(1)),
          empty: z.nullable(z.number()),
          day: z.iso.date(),
        }),
      },
    );
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Jane');
    await user.type(screen.getByRole('spinbutton', { name: /Count/ }), '3');
    await user.type(screen.getByLabelText(/^Day/), '2024-05-01');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Jane', count: 3, empty: null, day: '2024-05-01' });
  });
});

describe('accessibility of a field', () => {
  it('ties the label, the required mark and state, the description and the error to the control', async () => {
    renderForm(<TextField name="name" label="Name" description="As on the invoice." />, { schema: NAME });
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(input).toHaveAccessibleDescription('As on the invoice.');
    const star = screen.getByText('*');
    expect(star).toHaveAttribute('aria-hidden', 'true');
    expect(star.closest('label')).toHaveAttribute('for', input.id);

    await user.type(input, 'J');
    const error = await screen.findByText('Name: at least 2 characters.');
    expect(error.id).not.toBe('');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    expect(input).toHaveAccessibleDescription('Name: at least 2 characters. As on the invoice.');
  });

  it('shows no star on an optional field', () => {
    renderForm(<TextField name="name" label="Name" />);
    expect(screen.queryByText('*')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-required');
  });
});

/** A form's own schema on a contract: the confirmation must match (spec §5 mustMatch). */
const PASSWORDS = z
  .object({
    password: z.string().check(z.maxLength(64)),
    confirmation: z.optional(z.string().check(z.maxLength(64))),
  })
  .check(z.superRefine(mustMatch('password', 'confirmation')));

describe('mustMatch (spec §5)', () => {
  it('checks a pristine confirmation when the password changes, but shows nothing on it until it is dirty', async () => {
    renderForm(
      <>
        <PasswordField name="password" label="Password" />
        <PasswordField name="confirmation" label="Confirmation" />
      </>,
      { schema: PASSWORDS, dependencies: { password: ['confirmation'] } },
    );
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveValue('Secret1!'));
    expect(screen.getByLabelText(/^Confirmation/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('The two values do not match.')).not.toBeInTheDocument();
    await submit();
    expect(await screen.findByText('The two values do not match.')).toBeInTheDocument();
  });

  it('sets mustMatch when the confirmation differs, and clears it when either side changes to match', async () => {
    renderForm(
      <>
        <PasswordField name="password" label="Password" />
        <PasswordField name="confirmation" label="Confirmation" />
      </>,
      { schema: PASSWORDS, dependencies: { password: ['confirmation'] } },
    );
    await user.type(screen.getByLabelText(/^Password/), 'Secret1!');
    await user.type(screen.getByLabelText(/^Confirmation/), 'Secret2!');
    expect(await screen.findByText('The two values do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'Secret2!');
    await waitFor(() => expect(screen.queryByText('The two values do not match.')).not.toBeInTheDocument());
  });
});

describe('password visibility toggle (spec §5)', () => {
  it('shows and hides the characters with a named button', async () => {
    renderForm(<PasswordField name="password" label="Password" />);
    const input = screen.getByLabelText(/^Password/);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });
});

describe('read-only and disabled (spec §5)', () => {
  it('submits a read-only value and checks it; leaves a disabled field out of both', async () => {
    const { onSubmit } = renderForm(
      <>
        <TextField name="id" label="Id" readOnly />
        <TextField name="legacy" label="Legacy" required disabled />
      </>,
      { defaultValues: { id: 'GW-1', legacy: '' } },
    );
    await user.type(screen.getByRole('textbox', { name: 'Id' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Id' })).toHaveValue('GW-1');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ id: 'GW-1', legacy: undefined });
  });
});
