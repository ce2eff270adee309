import { tooltipsApi } from '@portal/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import type { z } from 'zod/mini';
import type { HttpClient } from '../http/http-client';
import { HttpProvider } from '../http/http-context';
import { createTestI18n } from '../test/test-i18n';
import { Form, type UseFormKitOptions, useFormKit } from './form';

/** Test helper (the kit's component tests): a kit form with a Submit button. */
function TestForm({
  children,
  options,
  onSubmit,
}: {
  children: ReactNode;
  options: UseFormKitOptions<FieldValues>;
  onSubmit: (values: FieldValues) => void;
}) {
  const form = useFormKit(options);
  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Test form">
      {children}
      <button type="submit">Submit</button>
    </Form>
  );
}

export interface RenderFormOptions {
  defaultValues?: DefaultValues<FieldValues>;
  /** The form's contract (useFormKit): what it checks besides its fields' `required`. */
  schema?: z.ZodMiniType;
  toInput?: UseFormKitOptions<FieldValues>['toInput'];
  dependencies?: UseFormKitOptions<FieldValues>['dependencies'];
  /** What tooltipsApi.active answers; the call fails when absent. */
  tooltips?: Record<string, unknown>;
}

/**
 * Renders fields in a kit form, with i18n, react-query and a fake HTTP client. Returns the submit spy
 * (called with the values), the HTTP spy and the query client.
 */
export function renderForm(fields: ReactNode, options: RenderFormOptions = {}) {
  const onSubmit = vi.fn<(values: FieldValues) => void>();
  const http = vi.fn(async (path: string) => {
    if (path === tooltipsApi.active.path && options.tooltips) return options.tooltips;
    throw new Error(`No test route for ${path}`);
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={queryClient}>
        <HttpProvider client={http as HttpClient}>
          <TestForm
            options={{
              ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
              ...(options.schema ? { schema: options.schema } : {}),
              ...(options.toInput ? { toInput: options.toInput } : {}),
              ...(options.dependencies ? { dependencies: options.dependencies } : {}),
            }}
            onSubmit={onSubmit}
          >
            {fields}
          </TestForm>
        </HttpProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, onSubmit, http, queryClient };
}

/** jsdom has no ResizeObserver; Radix (tooltip, radio group) measures with it. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
