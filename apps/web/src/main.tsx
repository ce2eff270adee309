import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { toast } from 'react-toastify';
import { createAppRouter } from './app/router';
import { AuthProvider } from './auth/auth-context';
import { createMsalAuth } from './auth/msal-auth';
import { loadEnvironment } from './config/environment';
import { EnvironmentProvider } from './config/environment-context';
import { createHttpClient } from './http/http-client';
import { HttpProvider } from './http/http-context';
import './app/portal.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

/** style.md: the configuration is loaded and checked before the first render. */
async function start() {
  const environment = await loadEnvironment();
  document.title = environment.appName;
  const auth = await createMsalAuth(environment, { notify: (message) => toast.error(message) });
  const http = createHttpClient({
    baseUrl: environment.apiUrl,
    getToken: async () => (auth.user() ? auth.getToken() : undefined),
    language: () => document.documentElement.lang || 'en',
  });
  root.render(
    <StrictMode>
      <EnvironmentProvider environment={environment}>
        <AuthProvider auth={auth}>
          <HttpProvider client={http}>
            <RouterProvider router={createAppRouter(auth)} />
          </HttpProvider>
        </AuthProvider>
      </EnvironmentProvider>
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  console.error(error);
  // An unreadable configuration shows a clear page, not a blank one.
  root.render(
    <main className="main page-section">
      <h1>The portal cannot start</h1>
      <p>Its configuration could not be loaded. Please try again in a moment.</p>
    </main>,
  );
});
