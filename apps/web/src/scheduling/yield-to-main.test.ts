import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle, yieldToMain } from './yield-to-main';

afterEach(() => vi.unstubAllGlobals());

describe('yieldToMain', () => {
  it('goes on in a later task: after the timers already queued, not in the same microtask run', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('timer queued before'), 0);
    queueMicrotask(() => order.push('microtask'));
    await yieldToMain();
    order.push('after the yield');
    expect(order).toEqual(['microtask', 'timer queued before', 'after the yield']);
  });

  it("uses the browser's scheduler.yield() where there is one", async () => {
    const schedulerYield = vi.fn(async () => {});
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});

describe('whenIdle', () => {
  it("waits for the browser's idle time, two seconds at most", () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const work = () => {};
    whenIdle(work);
    expect(requestIdleCallback).toHaveBeenCalledWith(work, { timeout: 2000 });
  });

  it('runs in a later task where the browser has no idle callbacks', async () => {
    expect('requestIdleCallback' in window).toBe(false);
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(work).toHaveBeenCalledOnce());
  });
});
