import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { RouterProvider } from 'react-router';
import { AuthProvider } from '../auth/auth-context';
import type { Auth } from '../auth/msal-auth';
import type { Environment } from '../config/environment';
import { EnvironmentProvider } from '../config/environment-context';
import type { HttpClient } from '../http/http-client';
import { HttpProvider } from '../http/http-context';

export interface AppProvidersProps {
  environment: Environment;
  auth: Auth;
  queryClient: QueryClient;
  http: HttpClient;
  router: ComponentProps<typeof RouterProvider>['router'];
}

/**
 * What every screen reads from above it (the configuration, the session, the query cache, the API client)
 * around the router: the app's start (main.tsx) and the screen tests render the same stack.
 */
export function AppProviders({ environment, auth, queryClient, http, router }: AppProvidersProps) {
  return (
    <EnvironmentProvider environment={environment}>
      <AuthProvider auth={auth}>
        <QueryClientProvider client={queryClient}>
          <HttpProvider client={http}>
            <RouterProvider router={router} />
          </HttpProvider>
        </QueryClientProvider>
      </AuthProvider>
    </EnvironmentProvider>
  );
}
