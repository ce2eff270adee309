// bench/bundle's floor: a signed-in first page made of the libraries the portal's first page starts with
// and nothing of the portal's own (its shell, its screens, its API client). Each library is used as
// the portal uses it (apps/web src/main.tsx, app/router.tsx, i18n/i18n.ts, http/error-handler.ts and
// auth/msal-auth.ts, MSAL in a chunk of its own), so that tree-shaking keeps what it keeps there.
import {
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  useMutation,
  useQuery,
} from '@tanstack/react-query';
import i18next from 'i18next';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Outlet, RouterProvider, redirect, useNavigate } from 'react-router';

function Landing() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['summary'],
    queryFn: async () => (await fetch('/api/summary')).json(),
  });
  const { mutate } = useMutation({ mutationFn: () => fetch('/api/accept', { method: 'POST' }) });
  return (
    <main>
      <h1>{t('title')}</h1>
      <p>{JSON.stringify(data)}</p>
      <button type="button" onClick={() => mutate()}>
        {t('accept')}
      </button>
      <Link to="/" onClick={() => void navigate('/')}>
        {t('home')}
      </Link>
    </main>
  );
}

async function start() {
  await i18next.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: { title: 'Queues', accept: 'Accept', home: 'Home' } } },
  });
  // As the portal: MSAL's chunk loads, and finds the session, before the first screen's guard.
  const { signedIn } = await import('./msal');
  const account = await signedIn();
  const queryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => console.error(error) }),
    mutationCache: new MutationCache({ onError: (error) => console.error(error) }),
  });
  const router = createBrowserRouter([
    {
      element: <Outlet />,
      children: [{ index: true, loader: () => (account ? null : redirect('/sign-in')), Component: Landing }],
    },
  ]);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}

void start();
