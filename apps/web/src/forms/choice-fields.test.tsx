import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { beforeAll, describe, expect, it } from 'vitest';
import { CheckboxField, CheckboxGroupField, RadioField, SelectField } from './choice-fields';
import { renderForm, stubResizeObserver } from './test-form';
import { DateField } from './text-fields';

/** No pause between keystrokes: the suite stays fast. */
const user = userEvent.setup({ delay: null });

beforeAll(stubResizeObserver);

const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
const ENVIRONMENTS = [
  { id: 1, name: 'Test' },
  { id: 2, name: 'Production' },
];

describe('CheckboxField (spec §5 checkbox)', () => {
  it('is a labelled box whose value is a boolean', async () => {
    const { onSubmit } = renderForm(<CheckboxField name="certified" label="Certified" />, {
      defaultValues: { certified: false },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Certified' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ certified: true });
  });

  it('when required, must be checked: the message shows after a submission attempt', async () => {
    const { onSubmit } = renderForm(<CheckboxField name="terms" label="I accept the terms" required />, {
      defaultValues: { terms: false },
    });
    const box = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(box).toHaveAttribute('aria-required', 'true');
    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription('This field is required.');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(box);
    await waitFor(() => expect(screen.queryByText('This field is required.')).not.toBeInTheDocument());
  });

  it('read-only keeps its state', async () => {
    renderForm(<CheckboxField name="certified" label="Certified" readOnly />, {
      defaultValues: { certified: true },
    });
    const box = screen.getByRole('checkbox', { name: 'Certified' });
    await user.click(box);
    expect(box).toBeChecked();
    expect(box).toHaveAttribute('aria-readonly', 'true');
  });
});

describe('CheckboxGroupField', () => {
  it('is a group named by its legend whose value lists the checked ids, numbers kept', async () => {
    const { onSubmit } = renderForm(
      <CheckboxGroupField name="environments" label="Environments" items={ENVIRONMENTS} required />,
      { defaultValues: { environments: [] } },
    );
    const group = screen.getByRole('group', { name: 'Environments' });
    await submit();
    expect(await within(group).findByText('This field is required.')).toBeInTheDocument();
    expect(group).toHaveAccessibleDescription('This field is required.');

    await user.click(screen.getByRole('checkbox', { name: 'Production' }));
    await user.click(screen.getByRole('checkbox', { name: 'Test' }));
    await user.click(screen.getByRole('checkbox', { name: 'Production' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ environments: [1] });
  });
});

describe('RadioField (spec §5 radio, on ui/RadioGroup)', () => {
  it('is a radiogroup named by the label (without the star), required, its value the chosen id', async () => {
    const { onSubmit } = renderForm(
      <RadioField name="environment" label="Environment" items={ENVIRONMENTS} required />,
      { defaultValues: { environment: null } },
    );
    const group = screen.getByRole('radiogroup', { name: 'Environment' });
    expect(group).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');

    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription('This field is required.');

    await user.click(screen.getByRole('radio', { name: 'Production' }));
    await waitFor(() => expect(screen.queryByText('This field is required.')).not.toBeInTheDocument());
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ environment: 2 });
  });

  it('disabled: its radios cannot be chosen', () => {
    renderForm(<RadioField name="environment" label="Environment" items={ENVIRONMENTS} disabled />);
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
  });
});

describe('SelectField (spec §5 select, on ui/Select)', () => {
  it('is a combobox named by the label, required, its value the chosen id', async () => {
    const { onSubmit } = renderForm(
      <SelectField name="environment" label="Environment" items={ENVIRONMENTS} required />,
      { defaultValues: { environment: null } },
    );
    const combobox = screen.getByRole('combobox', { name: 'Environment' });
    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    await waitFor(() => expect(combobox).toHaveAttribute('aria-invalid', 'true'));
    expect(combobox).toHaveAttribute('aria-required', 'true');
    expect(combobox).toHaveAccessibleDescription('This field is required.');

    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'Test' }));
    await waitFor(() => expect(screen.queryByText('This field is required.')).not.toBeInTheDocument());
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ environment: 1 });
  });

  it('with isMulti, its value lists the chosen ids', async () => {
    const { onSubmit } = renderForm(
      <SelectField name="environments" label="Environments" items={ENVIRONMENTS} isMulti />,
      { defaultValues: { environments: [] } },
    );
    const combobox = screen.getByRole('combobox', { name: 'Environments' });
    await user.click(combobox);
    await user.click(await screen.findByRole('option', { name: 'Production' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ environments: [2] });
  });
});

/** A date required only while the box is checked, without leaving the screen. */
function CertifiedAt() {
  const certified = useWatch({ name: 'certified' });
  return <DateField name="certifiedAt" label="Certified on" required={certified === true} />;
}

describe('rules that change while the field is on screen', () => {
  it('checks the new rules at once: a date becomes required when the box is checked', async () => {
    const { onSubmit } = renderForm(
      <>
        <CheckboxField name="certified" label="Certified" />
        <CertifiedAt />
      </>,
    );
    await user.click(screen.getByRole('checkbox', { name: 'Certified' }));
    await submit();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Certified' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ certified: false, certifiedAt: '' });
  });
});
