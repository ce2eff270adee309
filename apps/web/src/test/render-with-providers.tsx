import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { Environment } from '../config/environment';
import { EnvironmentProvider } from '../config/environment-context';
import type { HttpClient } from '../http/http-client';
import { HttpProvider } from '../http/http-context';
import { createTestI18n } from './test-i18n';

export const TEST_ENVIRONMENT = {
  apiUrl: '',
  mock: false,
  production: false,
  envName: 'test-env',
  appName: 'Test Portal',
  azureAd: {},
} as unknown as Environment;

/** Renders with the app's providers; the HTTP client answers from `routes` (path → body). */
export function renderWithProviders(
  ui: ReactNode,
  options: { path?: string; environment?: Partial<Environment>; routes?: Record<string, unknown> } = {},
) {
  const http = (async (path: string) => {
    if (options.routes && path in options.routes) return options.routes[path];
    throw new Error(`No test route for ${path}`);
  }) as HttpClient;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={createTestI18n()}>
      <EnvironmentProvider environment={{ ...TEST_ENVIRONMENT, ...options.environment }}>
        <QueryClientProvider client={queryClient}>
          <HttpProvider client={http}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
          </HttpProvider>
        </QueryClientProvider>
      </EnvironmentProvider>
    </I18nextProvider>,
  );
}
