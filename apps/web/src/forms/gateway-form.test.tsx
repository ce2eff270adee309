import { GATEWAY_ENVIRONMENTS, gatewayInputSchema } from '@portal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/http-client';
import { HttpProvider } from '../http/http-context';
import { createTestI18n } from '../test/test-i18n';
import { CheckboxField, CheckboxGroupField } from './choice-fields';
import { Form, useFormKit } from './form';
import { stubResizeObserver } from './test-form';
import { DateField, TextareaField, TextField } from './text-fields';

/** No pause between keystrokes: the suite stays fast. */
const user = userEvent.setup({ delay: null });

beforeAll(stubResizeObserver);

// ---------------------------------------------------------------------------------------------------------
// The kit's usage example (README): a complete form, as an area would write it.
// ---------------------------------------------------------------------------------------------------------

interface GatewayValues {
  name: string;
  website: string;
  contactEmail: string;
  environments: string[];
  certified: boolean;
  certifiedAt: string;
  notes: string;
}

const ENVIRONMENTS = GATEWAY_ENVIRONMENTS.map((id) => ({ id, name: id === 'IQE' ? 'Test' : 'Production' }));

function GatewayForm({ onSave }: { onSave: (values: GatewayValues) => void }) {
  // The contract the API checks (packages/contracts): the fields take their rules from it.
  const form = useFormKit<GatewayValues>({
    schema: gatewayInputSchema,
    defaultValues: {
      name: '',
      website: '',
      contactEmail: '',
      environments: ['IQE'],
      certified: false,
      certifiedAt: '',
      notes: '',
    },
  });
  const certified = form.watch('certified');
  return (
    <Form form={form} onSubmit={onSave} aria-label="Gateway">
      <TextField name="name" label="Name" tooltipKey="gateway.name" />
      <TextField type="url" name="website" label="Website" />
      <TextField type="email" name="contactEmail" label="Contact email" autoComplete="email" />
      <CheckboxGroupField name="environments" label="Environments" items={ENVIRONMENTS} />
      <CheckboxField name="certified" label="Certified" />
      {/* Rendered, hence checked, only when certified; required then (the contract's rule across fields). */}
      {certified && <DateField name="certifiedAt" label="Certified on" required />}
      <TextareaField name="notes" label="Notes" />
      <button type="submit" className="primary">
        Save
      </button>
    </Form>
  );
}

// ---------------------------------------------------------------------------------------------------------

function renderGatewayForm() {
  const onSave = vi.fn<(values: GatewayValues) => void>();
  const http = vi.fn(async () => ({ 'gateway.name': 'The name other organisations see.' }));
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={new QueryClient()}>
        <HttpProvider client={http as HttpClient}>
          <GatewayForm onSave={onSave} />
        </HttpProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return onSave;
}

const save = () => user.click(screen.getByRole('button', { name: 'Save' }));

describe('a complete form: a gateway', () => {
  it('asks for what is required, checks the date only when certified, then saves the values', async () => {
    const onSave = renderGatewayForm();
    expect(await screen.findByRole('button', { name: 'More information' })).toBeInTheDocument();
    // The lengths are the contract's: no prop repeats them.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('maxlength', '100');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAttribute('maxlength', '1000');

    await save();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'North Hub');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'north.example.com');
    await user.type(screen.getByRole('textbox', { name: 'Contact email' }), 'ops@north.example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Production' }));
    await user.click(screen.getByRole('checkbox', { name: 'Certified' }));
    await save();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText(/^Certified on/), '2024-05-01');
    await user.type(screen.getByRole('textbox', { name: 'Notes' }), 'Weekly sync.');
    await save();
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      name: 'North Hub',
      website: 'north.example.com',
      contactEmail: 'ops@north.example.com',
      environments: ['IQE', 'PRD'],
      certified: true,
      certifiedAt: '2024-05-01',
      notes: 'Weekly sync.',
    });
  });
});
