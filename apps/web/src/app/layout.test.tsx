import { act, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { markUnavailable, resetAvailability } from '../http/availability';
import type { HttpClient } from '../http/http-client';
import { renderApp } from '../test/render-app';
import { testAuth, userWith } from '../test/session-users';
import { Layout } from './layout';

function renderLayout(
  user: ReturnType<typeof userWith> | null,
  http = (async () => []) as unknown as HttpClient,
  screens: RouteObject[] = [],
) {
  const router = createMemoryRouter([
    { element: <Layout />, children: [{ index: true, element: <h1>Page</h1> }, ...screens] },
  ]);
  renderApp(router, { auth: testAuth(user), http });
  return router;
}

/** A screen that draws its heading once its data came, as the lists do. */
function LateHeading() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <h1>Late</h1> : <p>Loading</p>;
}

const SCREENS: RouteObject[] = [
  { path: 'other', element: <h1>Other</h1> },
  { path: 'late', element: <LateHeading /> },
  // A screen that starts on its own field (a search box) keeps it.
  {
    path: 'search',
    element: (
      <>
        <h1>Search</h1>
        {/* biome-ignore lint/a11y/noAutofocus: the case under test */}
        <input aria-label="Find" autoFocus />
      </>
    ),
  },
];

afterEach(() => resetAvailability());

describe('the layout (spec §2)', () => {
  it.each([
    ['a visitor: no menu, the footer', null, false, true],
    ['an external user: the menu and the footer', userWith('EmvoPortalExternal'), true, true],
    ['a reviewer: the menu, no footer', userWith('EmvoPortalInternal'), true, false],
    ['an administrator: the menu, no footer', userWith('EmvoPortalAdmin'), true, false],
  ])('%s', async (_who, user, menu, footer) => {
    renderLayout(user);
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Account' }) !== null).toBe(menu);
    if (footer) expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    else expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('paints the footer with the screen, not first below an empty page', async () => {
    // The texts the user has to accept are not read yet: the disclaimer gate holds the screen.
    let answerPending: (answer: unknown) => void = () => {};
    const http = (async (path: string) =>
      path.endsWith('/disclaimers/pending')
        ? new Promise((resolve) => {
            answerPending = resolve;
          })
        : []) as unknown as HttpClient;
    renderLayout(userWith('EmvoPortalExternal'), http);
    await screen.findByRole('navigation', { name: 'Account' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    act(() => answerPending({ items: [] }));
    expect(await screen.findByRole('heading', { name: 'Page' })).toBeInTheDocument();
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
  });

  it.each([
    ['a reviewer', userWith('EmvoPortalInternal'), true],
    ['an administrator', userWith('EmvoPortalAdmin'), true],
    ['an external user', userWith('EmvoPortalExternal'), false],
  ])('the search in the top bar, for %s', async (_who, user, shown) => {
    renderLayout(user);
    await screen.findByRole('navigation', { name: 'Account' });
    const search = screen.queryByRole('combobox', { name: 'Search companies, people and checks' });
    expect(search !== null).toBe(shown);
  });

  it("shows the signed-in user's name before the logout item, at the right of the top bar", async () => {
    renderLayout(userWith('EmvoPortalInternal'));
    const account = await screen.findByRole('navigation', { name: 'Account' });
    expect(account.textContent).toMatch(/Rita Reviewer.*Log out/);
  });

  it('is replaced whole by the unavailable page when the service is flagged unavailable', async () => {
    renderLayout(userWith('EmvoPortalInternal'));
    await screen.findByRole('heading', { name: 'Page' });
    act(() => markUnavailable());
    expect(
      screen.getByRole('heading', { level: 1, name: 'The service is unavailable. Please try again later.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Page' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('the focus follows the person to the new screen', () => {
  const heading = (name: string) => screen.getByRole('heading', { level: 1, name });

  it('a new screen: its heading, focusable from script only; the first screen: left where it was', async () => {
    const router = renderLayout(userWith('EmvoPortalInternal'), undefined, SCREENS);
    await screen.findByRole('heading', { name: 'Page' });
    expect(document.activeElement).toBe(document.body);
    await act(() => router.navigate('/other'));
    expect(heading('Other')).toHaveFocus();
    expect(heading('Other')).toHaveAttribute('tabindex', '-1');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(heading('Page')).toHaveFocus());
  });

  it('a heading drawn once the data came takes the focus then', async () => {
    const router = renderLayout(userWith('EmvoPortalInternal'), undefined, SCREENS);
    await screen.findByRole('heading', { name: 'Page' });
    await act(() => router.navigate('/late'));
    await waitFor(() => expect(heading('Late')).toHaveFocus());
  });

  it.each([
    ['a redirect (a replaced address)', '/other', { replace: true }, () => document.body],
    [
      'a screen that focuses its own field',
      '/search',
      {},
      () => screen.getByRole('textbox', { name: 'Find' }),
    ],
  ])('not on %s', async (_case, to, options, focused) => {
    const router = renderLayout(userWith('EmvoPortalInternal'), undefined, SCREENS);
    await screen.findByRole('heading', { name: 'Page' });
    await act(() => router.navigate(to, options));
    await screen.findByRole('heading', { level: 1, name: to === '/other' ? 'Other' : 'Search' });
    expect(document.activeElement).toBe(focused());
  });
});
