import { tooltipsApi } from '@portal/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiKey } from '../http/api-call';
import { CheckboxField, CheckboxGroupField, RadioField } from './choice-fields';
import { renderForm, stubResizeObserver } from './test-form';
import { TextField } from './text-fields';

/** No pause between keystrokes: the suite stays fast. */
const user = userEvent.setup({ delay: null });

beforeAll(stubResizeObserver);

const TOOLTIPS = { 'gateway.name': 'The name shown to other organisations.' };

describe('FormField tooltip (GET /api/tooltips/active)', () => {
  it('shows the tooltip icon with the text of its key', async () => {
    const { http } = renderForm(<TextField name="name" label="Name" tooltipKey="gateway.name" />, {
      tooltips: TOOLTIPS,
    });
    const icon = await screen.findByRole('button', { name: 'More information' });
    await user.click(icon);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('The name shown to other organisations.');
    expect(http).toHaveBeenCalledWith(tooltipsApi.active.path, expect.anything());
    // The icon sits beside the label, outside it: the field's name stays the label.
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeInTheDocument();
  });

  it.each([
    ['the key is unknown', { tooltips: TOOLTIPS }, 'gateway.other'],
    ['the text is blank', { tooltips: { 'gateway.name': '  ' } }, 'gateway.name'],
    ['the call failed', {}, 'gateway.name'],
  ])('shows no icon when %s', async (_case, options, tooltipKey) => {
    const { queryClient } = renderForm(
      <TextField name="name" label="Name" tooltipKey={tooltipKey} />,
      options,
    );
    await waitFor(() =>
      expect(queryClient.getQueryState(apiKey(tooltipsApi.active))?.status).not.toBe('pending'),
    );
    expect(screen.queryByRole('button', { name: 'More information' })).not.toBeInTheDocument();
  });

  it('loads the tooltips once for all the fields, and not at all without a tooltipKey', async () => {
    const { http } = renderForm(
      <>
        <TextField name="name" label="Name" tooltipKey="gateway.name" />
        <CheckboxField name="certified" label="Certified" tooltipKey="gateway.name" />
        <CheckboxGroupField name="environments" label="Environments" items={[]} tooltipKey="gateway.name" />
        <RadioField name="kind" label="Kind" items={[]} tooltipKey="gateway.name" />
        <TextField name="plain" label="Plain" />
      </>,
      { tooltips: TOOLTIPS },
    );
    expect(await screen.findAllByRole('button', { name: 'More information' })).toHaveLength(4);
    expect(http).toHaveBeenCalledTimes(1);
    // Beside each label, never inside the control's name.
    expect(screen.getByRole('checkbox', { name: 'Certified' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Environments' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toBeInTheDocument();
  });
});
