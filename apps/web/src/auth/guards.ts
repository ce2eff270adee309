import { redirect } from 'react-router';
import type { Auth } from './msal-auth';
import { hasRole, landingPath, type Role, type SessionUser } from './session-user';

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
};

/**
 * spec §2 route guard: a protected route needs a signed-in account; with one, a silent token for the
 * app's own scope is acquired; if interaction is required, an interactive sign-in starts and comes back
 * to the requested URL; other errors propagate.
 */
export async function requireSession(auth: Auth, request: Request): Promise<SessionUser> {
  const returnTo = pathOf(request);
  if (!auth.user()) await auth.login(returnTo);
  await auth.getToken(returnTo);
  const user = auth.user();
  if (!user) throw redirect('/');
  return user;
}

/** spec §6: an area needs its role (a screen shared by two areas, one of them); lacking it redirects to '/'. */
export const areaLoader =
  (auth: Auth, role: Role | readonly Role[]) =>
  async ({ request }: { request: Request }) => {
    const user = await requireSession(auth, request);
    const roles: readonly Role[] = typeof role === 'string' ? [role] : role;
    if (!roles.some((one) => hasRole(user, one))) throw redirect('/');
    return null;
  };

/**
 * Whether an area's guard runs again on a navigation inside the area: whenever the user goes to another
 * screen, never when a screen only rewrites its own query (a table's filter, sort or search): a silent
 * token per checkbox made every filter lag by about 200 ms.
 */
export const guardsAgain = ({ currentUrl, nextUrl }: { currentUrl: URL; nextUrl: URL }): boolean =>
  currentUrl.pathname !== nextUrl.pathname;

/**
 * spec §4: '' is only for visitors. A connected user goes to /emvo if EMVO, else /admin if ADMIN, else
 * /external; a connected user with no role is logged out.
 */
export const visitorLoader = (auth: Auth) => async () => {
  const user = auth.user();
  if (!user) return null;
  const landing = landingPath(user);
  if (landing) throw redirect(landing);
  await auth.logout();
  return null;
};
