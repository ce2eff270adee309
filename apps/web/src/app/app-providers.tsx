import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/auth-context';
import type { Auth } from '../auth/msal-auth';
import type { Environment } from '../config/environment';
import { EnvironmentProvider } from '../config/environment-context';
import type { HttpClient } from '../http/http-client';
import { HttpProvider } from '../http/http-context';
import { LiveProvider } from '../live/live-context';
import type { LiveHub } from '../live/live-hub';

export interface AppProvidersProps {
  environment: Environment;
  auth: Auth;
  queryClient: QueryClient;
  http: HttpClient;
  router: ComponentProps<typeof RouterProvider>['router'];
  /** The live updates' hub (main.tsx); without one, as in most screens' tests, nothing is live. */
  live?: LiveHub;
}

/**
 * What every screen reads from above it (the configuration, the session, the query cache, the API client,
 * the live updates) around the router: the app's start (main.tsx) and the screen tests render the same stack.
 */
export function AppProviders({ environment, auth, queryClient, http, router, live }: AppProvidersProps) {
  return (
    <EnvironmentProvider environment={environment}>
      <AuthProvider auth={auth}>
        <QueryClientProvider client={queryClient}>
          <HttpProvider client={http}>
            <LiveProvider hub={live}>
              <RouterProvider router={router} />
            </LiveProvider>
          </HttpProvider>
        </QueryClientProvider>
      </AuthProvider>
    </EnvironmentProvider>
  );
}
