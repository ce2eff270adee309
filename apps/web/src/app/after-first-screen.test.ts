import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, FIRST_SCREEN_TIMEOUT_MS } from './after-first-screen';

function fakeRouter() {
  const listeners = new Set<() => void>();
  const router = {
    state: { initialized: false, navigation: { state: 'loading' } },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settle: () => {
      router.state = { initialized: true, navigation: { state: 'idle' } };
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return router;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('afterFirstScreen', () => {
  it("waits for the router's first navigation and for the queries to be answered", async () => {
    const router = fakeRouter();
    const queryClient = new QueryClient();
    let answer: (value: string) => void = () => {};
    void queryClient.prefetchQuery({
      queryKey: ['screen'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const work = vi.fn();
    afterFirstScreen(router, queryClient, work);
    router.settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
    answer('data');
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledOnce();
    expect(router.listeners.size).toBe(0);
  });

  it('does not run while a query started after the router went idle is fetching', async () => {
    const router = fakeRouter();
    const queryClient = new QueryClient();
    const work = vi.fn();
    afterFirstScreen(router, queryClient, work);
    router.settle();
    void queryClient.prefetchQuery({ queryKey: ['late'], queryFn: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(100);
    expect(work).not.toHaveBeenCalled();
  });

  it('runs at the latest after the timeout, once', async () => {
    const router = fakeRouter();
    const work = vi.fn();
    afterFirstScreen(router, new QueryClient(), work);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_TIMEOUT_MS);
    expect(work).toHaveBeenCalledOnce();
    router.settle();
    await vi.advanceTimersByTimeAsync(100);
    expect(work).toHaveBeenCalledOnce();
  });
});
