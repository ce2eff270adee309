import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { AppProviders, type AppProvidersProps } from '../app/app-providers';
import type { Auth } from '../auth/msal-auth';
import type { Environment } from '../config/environment';
import type { HttpClient } from '../http/http-client';
import type { LiveHub } from '../live/live-hub';
import { TEST_ENVIRONMENT } from './render-with-providers';
import { createTestI18n } from './test-i18n';

export interface RenderAppOptions {
  auth: Auth;
  http: HttpClient;
  queryClient?: QueryClient;
  environment?: Environment;
  i18n?: I18n;
  /** The live hub a test drives (without one, nothing is live). */
  live?: LiveHub;
}

/** The app as main.tsx renders it (AppProviders around `router`), with the test translations. */
export function renderApp(router: AppProvidersProps['router'], options: RenderAppOptions) {
  return render(
    <I18nextProvider i18n={options.i18n ?? createTestI18n()}>
      <AppProviders
        environment={options.environment ?? TEST_ENVIRONMENT}
        auth={options.auth}
        queryClient={options.queryClient ?? new QueryClient()}
        http={options.http}
        router={router}
        {...(options.live ? { live: options.live } : {})}
      />
    </I18nextProvider>,
  );
}
