import { PRESENCE_RENEW_MS, pathOf, presenceApi } from '@portal/contracts';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../auth/auth-context';
import { toSessionUser } from '../auth/session-user';
import type { HttpClient, RequestOptions } from '../http/http-client';
import { HttpProvider } from '../http/http-context';
import { testAuth } from '../test/session-users';
import { LiveProvider } from './live-context';
import { createLiveHub, type LiveHub } from './live-hub';
import { useCheckPresence } from './use-check-presence';

const CHECK = 'c1000000-0000-4000-8000-000000000001';
const PATH = pathOf(presenceApi.announce, { id: CHECK });
const LATER = '2099-01-01T00:00:00.000Z';
const RITA = toSessionUser({
  homeAccountId: 'h',
  environment: 'e',
  tenantId: 't',
  username: '',
  localAccountId: 'l',
  idTokenClaims: { roles: ['EmvoPortalInternal'], emails: ['Reviewer@Portal.test'] },
});

/** The presence routes: each call recorded as `METHOD path`, an announce answering Rita and Lena. */
function presenceApiFake(answered: Promise<void>) {
  const calls: string[] = [];
  const http = (async (path: string, init: RequestOptions = {}) => {
    calls.push(`${init.method ?? 'GET'} ${path}${init.keepalive ? ' (keepalive)' : ''}`);
    if (init.method === 'DELETE') return undefined;
    await answered;
    return {
      viewers: [
        { viewer: 'reviewer@portal.test', viewerName: 'Rita Reviewer', expiresAt: LATER },
        { viewer: 'lead@portal.test', viewerName: 'Lena Lead', expiresAt: LATER },
      ],
    };
  }) as HttpClient;
  return { http, calls };
}

/** `answered`: when the API answers an announce (at once unless a test holds it). */
function render(hub: LiveHub | undefined, answered = Promise.resolve()) {
  const api = presenceApiFake(answered);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AuthProvider auth={testAuth(RITA)}>
      <HttpProvider client={api.http}>
        <LiveProvider hub={hub}>{children}</LiveProvider>
      </HttpProvider>
    </AuthProvider>
  );
  const view = renderHook(() => useCheckPresence(CHECK), { wrapper });
  return { ...view, calls: api.calls };
}

const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const setVisibility = async (state: DocumentVisibilityState) => {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
  await settle();
};

describe('presence on a check', () => {
  it('announces at once and answers the others who view it (the user, whatever the case of the email, left out)', async () => {
    const { result, calls } = render(createLiveHub());
    await settle();
    expect(calls).toEqual([`POST ${PATH}`]);
    expect(result.current.map((viewer) => viewer.viewerName)).toEqual(['Lena Lead']);
  });

  it('renews every PRESENCE_RENEW_MS while shown; leaves when hidden and comes back when shown', async () => {
    const { calls } = render(createLiveHub());
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_RENEW_MS));
    expect(calls).toEqual([`POST ${PATH}`, `POST ${PATH}`]);
    await setVisibility('hidden');
    await act(() => vi.advanceTimersByTimeAsync(PRESENCE_RENEW_MS));
    expect(calls.slice(2)).toEqual([`DELETE ${PATH} (keepalive)`]);
    await setVisibility('visible');
    expect(calls.slice(3)).toEqual([`POST ${PATH}`]);
  });

  it('leaves on unmount, once the announce before it was answered (a leave never overtakes it)', async () => {
    let answer = () => {};
    const { unmount, calls } = render(createLiveHub(), new Promise<void>((resolve) => (answer = resolve)));
    await settle();
    unmount();
    await settle();
    expect(calls).toEqual([`POST ${PATH}`]);
    answer();
    await settle();
    expect(calls).toEqual([`POST ${PATH}`, `DELETE ${PATH} (keepalive)`]);
  });

  it('announces again when the stream opens anew (presence events may have been missed)', async () => {
    const hub = createLiveHub();
    const { calls } = render(hub);
    await settle();
    act(() => hub.setStatus('down'));
    act(() => hub.setStatus('open'));
    await settle();
    expect(calls).toEqual([`POST ${PATH}`, `POST ${PATH}`]);
  });

  it('without live updates (no hub) nothing is announced', async () => {
    const { result, calls } = render(undefined);
    await settle();
    expect(calls).toEqual([]);
    expect(result.current).toEqual([]);
  });
});
