import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isOnline, resetConnectivity, shouldShowOffline, useOnline } from './connectivity';

function browserOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

beforeEach(() => resetConnectivity());
afterEach(() => vi.restoreAllMocks());

describe('connectivity (spec §4)', () => {
  it('is online or offline as the browser says', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOnline()).toBe(false);
  });

  it('the first offline error shows a message, later ones are silent', () => {
    browserOnline(false);
    expect([shouldShowOffline(), shouldShowOffline(), shouldShowOffline()]).toEqual([true, false, false]);
  });

  it('going online resets it', () => {
    browserOnline(false);
    shouldShowOffline();
    browserOnline(true);
    browserOnline(false);
    expect(shouldShowOffline()).toBe(true);
  });

  it('going offline alone does not reset it', () => {
    shouldShowOffline();
    browserOnline(false);
    expect(shouldShowOffline()).toBe(false);
  });

  it('useOnline follows the browser', () => {
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    act(() => browserOnline(false));
    expect(result.current).toBe(false);
    act(() => browserOnline(true));
    expect(result.current).toBe(true);
  });
});
