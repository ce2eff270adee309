import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/http-client';
import { renderScreen } from '../test/render-screen';
import { userWith } from '../test/session-users';
import { worldSuite } from '../test/world-suite';
import { DisclaimerGate, PENDING_DISCLAIMERS_KEY, prefetchPendingDisclaimers } from './disclaimer-gate';

// Before each test mock mode's world (the API's own code over the demo world): the reviewer's calls
// answered from it.
const { server, world, calls } = worldSuite();
/** What the gate posted: its acceptances. */
const posted = () => calls.filter((call) => call.method === 'POST').map((call) => call.body);

/** The demo texts with a second LOGIN version published that asks for acceptance: a text to accept at sign-in. */
async function withLoginToAccept() {
  const { db } = world();
  const { id, createdAt, updatedAt, ...login } = await db
    .selectFrom('disclaimerContents')
    .selectAll()
    .where('type', '=', 'LOGIN')
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  await db.updateTable('disclaimerContents').set({ status: 'ARCHIVED' }).where('id', '=', id).execute();
  await db
    .insertInto('disclaimerContents')
    .values({
      ...login,
      versionNumber: login.versionNumber + 1,
      requiresAcceptance: true,
      title: 'Using the portal',
      body: '## What changes\n\nYou use the portal for your company **only**, and keep your sign-in to yourself.',
    })
    .execute();
}

const renderGate = (onShown?: () => void) =>
  renderScreen({
    routes: [
      {
        path: '/emvo',
        element: <DisclaimerGate onShown={onShown}>{<h1>The reviewers' home</h1>}</DisclaimerGate>,
      },
    ],
    path: '/emvo',
  });

describe('the sign-in gate (a text requiring acceptance, until accepted)', () => {
  it('shows the pending text in place of the screen, rendered from markdown, and lets the screen show once accepted', async () => {
    await withLoginToAccept();
    renderGate();
    expect(await screen.findByRole('heading', { level: 1, name: 'Using the portal' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "The reviewers' home" })).toBeNull();
    // The markdown renderer, lazy-loaded: ## is an h3 below the page's h1 title, **only** bold.
    expect(await screen.findByRole('heading', { level: 3, name: 'What changes' })).toBeInTheDocument();
    expect(screen.getByText('only').tagName).toBe('STRONG');

    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('heading', { name: "The reviewers' home" })).toBeInTheDocument();
    expect(posted()).toEqual([{ version: expect.any(Number) }]);
  });

  it('shows the screen at once when nothing is pending', async () => {
    renderGate();
    expect(await screen.findByRole('heading', { name: "The reviewers' home" })).toBeInTheDocument();
  });

  it('offers to log out instead: that accepts nothing, and the screen stays hidden', async () => {
    await withLoginToAccept();
    renderGate();
    const logout = await screen.findByRole('button', { name: 'Log out' });
    await userEvent.click(logout);
    await waitFor(() => expect(posted()).toEqual([]));
    expect(screen.queryByRole('heading', { name: "The reviewers' home" })).toBeNull();
  });
});

describe('when the gate has shown something (the toasts load after the first screen)', () => {
  it('calls onShown once the list has answered and the screen shows, not while it loads', async () => {
    // The list answers after 100 ms.
    server.use(http.get('/api/disclaimers/pending', async () => void (await delay(100))));
    const onShown = vi.fn();
    renderGate(onShown);
    expect(onShown).not.toHaveBeenCalled();
    expect(await screen.findByRole('heading', { name: "The reviewers' home" })).toBeInTheDocument();
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it('calls onShown when the gate shows a text to accept instead', async () => {
    await withLoginToAccept();
    const onShown = vi.fn();
    renderGate(onShown);
    expect(await screen.findByRole('heading', { level: 1, name: 'Using the portal' })).toBeInTheDocument();
    expect(onShown).toHaveBeenCalledTimes(1);
  });
});

describe('prefetchPendingDisclaimers (asked for as the app starts)', () => {
  const answer = { items: [] };
  const start = (user: ReturnType<typeof userWith> | null) => {
    const queryClient = new QueryClient();
    const http = vi.fn(async () => answer);
    prefetchPendingDisclaimers(queryClient, http as unknown as HttpClient, user);
    return { queryClient, http };
  };

  it("reads the signed-in user's list into the gate's query", async () => {
    const user = userWith('EmvoPortalInternal');
    const { queryClient, http } = start(user);
    expect(http).toHaveBeenCalledWith('/api/disclaimers/pending', expect.anything());
    await waitFor(() =>
      expect(queryClient.getQueryData([...PENDING_DISCLAIMERS_KEY, user.username])).toBe(answer),
    );
  });

  it('asks nothing for a visitor, nor for a user without a portal role', () => {
    expect(start(null).http).not.toHaveBeenCalled();
    expect(start(userWith()).http).not.toHaveBeenCalled();
  });
});
