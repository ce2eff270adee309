import { eventsApi, pathOf } from '@portal/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../auth/session-user';
import { type HttpClient, HttpError } from '../http/http-client';
import { userWith } from '../test/session-users';
import { startLiveUpdates, streamUrl } from './live-connection';
import { createLiveHub } from './live-hub';
import { changeEvent, createFakeSource, FakeEventSource } from './test-event-source';

/** A session that a test signs in and out. */
function session(initial: SessionUser | null) {
  let user = initial;
  const listeners = new Set<() => void>();
  return {
    user: () => user,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: SessionUser | null) {
      user = next;
      for (const listener of listeners) listener();
    },
  };
}

/** The API's ticket route: ticket-1, ticket-2 …, or a refusal with `status`. */
function ticketApi(status = 201) {
  let issued = 0;
  const calls: string[] = [];
  const http = (async (path: string, init?: { method?: string }) => {
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    if (status !== 201) throw new HttpError(status, { code: 'NOT_IMPLEMENTED' });
    return { ticket: `ticket-${++issued}`, expiresAt: '2026-04-05T10:01:00.000Z' };
  }) as HttpClient;
  return { http, calls };
}

function start(options: { status?: number; user?: SessionUser | null } = {}) {
  const auth = session(options.user === undefined ? userWith('EmvoPortalInternal') : options.user);
  const api = ticketApi(options.status);
  const queryClient = new QueryClient();
  const hub = createLiveHub();
  const stop = startLiveUpdates({
    auth,
    http: api.http,
    queryClient,
    hub,
    apiUrl: 'https://api.example',
    createSource: createFakeSource,
  });
  return { auth, api, queryClient, hub, stop };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
});
afterEach(() => vi.useRealTimers());

describe('live updates of a signed-in user', () => {
  it('GET /api/events?ticket=…&lastEvent=… or &catchUpMs=…, after the configured API URL', () => {
    expect(streamUrl('https://api.example', 'a b', { catchUpMs: 1200 })).toBe(
      `https://api.example${pathOf(eventsApi.stream)}?ticket=a+b&catchUpMs=1200`,
    );
    expect(streamUrl('', 'abc', { lastEvent: '41' })).toBe('/api/events?ticket=abc&lastEvent=41');
  });

  it('opens at sign-in with a ticket from POST /api/events/tickets, and closes at sign-out', async () => {
    const { auth, api, hub, stop } = start({ user: null });
    await settle();
    expect(FakeEventSource.made).toHaveLength(0);
    auth.set(userWith('EmvoPortalInternal'));
    await settle();
    expect(api.calls).toEqual([`POST ${pathOf(eventsApi.ticket)}`]);
    const source = FakeEventSource.latest();
    // The page's first stream catches up on the page's age (its reads came first).
    expect(source.url).toMatch(/^https:\/\/api\.example\/api\/events\?ticket=ticket-1&catchUpMs=\d+$/);
    source.emit('ready', { lastEventId: '40' }, '40');
    expect(hub.status()).toBe('open');
    auth.set(null);
    expect(source.closed).toBe(true);
    expect(hub.status()).toBe('off');
    stop();
  });

  it('a change invalidates its queries first, then the screens hear of it', async () => {
    const { queryClient, hub, stop } = start();
    await settle();
    queryClient.setQueryData(['api', 'review-queues', 'legitimacy'], {});
    queryClient.setQueryData(['api', 'gateways'], {});
    const heard: boolean[] = [];
    hub.onChange(() =>
      heard.push(queryClient.getQueryState(['api', 'review-queues', 'legitimacy'])?.isInvalidated ?? false),
    );
    FakeEventSource.latest().emit('change', changeEvent(), '41');
    expect(heard).toEqual([true]);
    expect(queryClient.getQueryState(['api', 'gateways'])?.isInvalidated).toBe(false);
    stop();
  });

  it('`reset` invalidates every query', async () => {
    const { queryClient, stop } = start();
    await settle();
    queryClient.setQueryData(['api', 'gateways'], {});
    queryClient.setQueryData(['api', 'onboarding'], {});
    FakeEventSource.latest().emit('reset', { lastEventId: '90' }, '90');
    expect(queryClient.getQueryState(['api', 'gateways'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['api', 'onboarding'])?.isInvalidated).toBe(true);
    stop();
  });

  it('an API without the stream (501) leaves it off without asking again', async () => {
    const { api, hub, stop } = start({ status: 501 });
    await settle();
    await vi.advanceTimersByTimeAsync(300_000);
    expect(api.calls).toHaveLength(1);
    expect(hub.status()).toBe('off');
    expect(FakeEventSource.made).toHaveLength(0);
    stop();
  });

  it('a failing API is asked again after a while, and at once when the browser is back online', async () => {
    const { api, hub, stop } = start({ status: 503 });
    await settle();
    expect(hub.status()).toBe('down');
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(api.calls).toHaveLength(2);
    stop();
  });
});
