import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { SelectField } from './choice-fields';
import { renderForm, stubResizeObserver } from './test-form';
import { TextField } from './text-fields';

/** No pause between keystrokes: the suite stays fast. */
const user = userEvent.setup({ delay: null });

const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));

beforeAll(stubResizeObserver);

describe('the form checks its contract and its fields on screen (useFormKit)', () => {
  it("checks a field's own `required` where the contract has none; an empty value is required either way", async () => {
    const { onSubmit } = renderForm(
      <>
        <TextField name="reason" label="Reason" required />
        <TextField name="code" label="Code" />
      </>,
      {
        schema: z.object({
          reason: z.nullish(z.string().check(z.maxLength(20))),
          code: z.string().check(z.minLength(3)),
        }),
      },
    );
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveAttribute('aria-required', 'true');
    await user.type(reason, '   ');
    await submit();
    // Both messages, however the two fields' errors are rendered in turn (findAll stops at the first).
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says a contract's own rule on an empty field in its words, rather than the field's `required`", async () => {
    renderForm(<TextField name="date" label="Date" required />, {
      schema: z.object({ date: z.string() }).check(
        z.refine((value) => value.date !== '', {
          path: ['date'],
          message: 'A certified gateway needs its date',
        }),
      ),
    });
    await submit();
    expect(await screen.findByText('A certified gateway needs its date')).toBeInTheDocument();
  });

  it('checks only the fields on screen: a rule of the contract on another value does not block', async () => {
    const { onSubmit } = renderForm(<TextField name="name" label="Name" />, {
      schema: z.object({
        name: z.string().check(z.minLength(2)),
        version: z.number().check(z.int(), z.minimum(1)),
      }),
    });
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Falcon');
    await submit();
    await waitFor(() => expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Falcon' }));
  });

  it('marks the field an issue belongs to: an entry of a list is its field', async () => {
    const { onSubmit } = renderForm(
      <SelectField
        name="countries"
        label="Countries"
        items={[
          { id: 'BE', name: 'Belgium' },
          { id: 'XX', name: 'Nowhere' },
        ]}
        isMulti
      />,
      {
        defaultValues: { countries: ['BE', 'XX'] },
        schema: z.object({ countries: z.array(z.enum(['BE', 'NL'], { error: 'A country of the list' })) }),
      },
    );
    await submit();
    expect(await screen.findByText('A country of the list')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the body the form would send (toInput), its issues at the fields of the same names', async () => {
    const { onSubmit } = renderForm(<TextField name="code" label="Code" />, {
      schema: z.object({ code: z.string().check(z.regex(/^[A-Z]+$/, 'Letters only')) }),
      toInput: (values) => ({ code: String(values.code).trim().toUpperCase() }),
    });
    const code = screen.getByRole('textbox', { name: /Code/ });
    await user.type(code, 'ab1');
    expect(await screen.findByText('Letters only')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, 'abc ');
    await submit();
    // The values go through as typed: the body is the caller's to make.
    await waitFor(() => expect(onSubmit.mock.calls[0]?.[0]).toEqual({ code: 'abc ' }));
  });
});
