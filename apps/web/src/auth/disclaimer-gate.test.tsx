import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient } from '../http/http-client';
import { renderScreen } from '../test/render-screen';
import { userWith } from '../test/session-users';
import { openTestWorld, type TestWorld } from '../test/test-world';
import { DisclaimerGate, PENDING_DISCLAIMERS_KEY, prefetchPendingDisclaimers } from './disclaimer-gate';

const server = setupServer();
let posted: unknown[] = [];
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let world: TestWorld;

/** The demo texts with a second LOGIN version published that asks for acceptance: a text to accept at sign-in. */
async function withLoginToAccept() {
  const { id, createdAt, updatedAt, ...login } = await world.db
    .selectFrom('disclaimerContents')
    .selectAll()
    .where('type', '=', 'LOGIN')
    .where('status', '=', 'PUBLISHED')
    .executeTakeFirstOrThrow();
  await world.db.updateTable('disclaimerContents').set({ status: 'ARCHIVED' }).where('id', '=', id).execute();
  await world.db
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

/** Mock mode's world (the API's own code over the demo world): the reviewer's calls answered from it. */
async function openWorld() {
  world = await openTestWorld();
  server.resetHandlers(...world.handlers);
}

beforeEach(() => {
  posted = [];
  server.events.removeAllListeners();
  server.events.on('request:start', async ({ request }) => {
    if (request.method === 'POST') posted.push(await request.clone().json());
  });
});

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

describe('the sign-in gate (issue 13: a text requiring acceptance, until accepted)', () => {
  beforeEach(openWorld, 30_000);

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
    expect(posted).toEqual([{ version: expect.any(Number) }]);
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
    await waitFor(() => expect(posted).toEqual([]));
    expect(screen.queryByRole('heading', { name: "The reviewers' home" })).toBeNull();
  });
});

describe('when the gate has shown something (issue 15: the toasts load after the first screen)', () => {
  beforeEach(openWorld, 30_000);

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

describe('prefetchPendingDisclaimers (issue 15: asked for as the app starts)', () => {
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
