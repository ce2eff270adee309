import { createBrowserRouter } from 'react-router';
import { areaLoader, visitorLoader } from '../auth/guards';
import type { Auth } from '../auth/msal-auth';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';

/**
 * spec §2 routes: '' (visitors), emvo, admin, external (each lazy-loaded and guarding itself and its
 * children) and ** (not found). The guards run as loaders, before an area's code is even fetched.
 */
export function createAppRouter(auth: Auth) {
  return createBrowserRouter([
    {
      element: <Layout />,
      children: [
        {
          path: '/',
          loader: visitorLoader(auth),
          lazy: async () => ({ Component: (await import('../areas/auth/sign-in-page')).SignInPage }),
        },
        {
          path: 'emvo/*',
          loader: areaLoader(auth, 'EMVO'),
          lazy: async () => ({ Component: (await import('../areas/emvo/emvo-home-page')).EmvoHomePage }),
        },
        {
          path: 'admin/*',
          loader: areaLoader(auth, 'ADMIN'),
          lazy: async () => ({ Component: (await import('../areas/admin/admin-home-page')).AdminHomePage }),
        },
        {
          path: 'external/*',
          loader: areaLoader(auth, 'EXTERNAL'),
          lazy: async () => ({
            Component: (await import('../areas/external/external-home-page')).ExternalHomePage,
          }),
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ]);
}
