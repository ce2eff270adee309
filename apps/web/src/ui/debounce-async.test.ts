import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceAsync } from './debounce-async';

describe('debounceAsync (spec §9: type-ahead debounce 200 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs only the last call once 200 ms pass without a newer one', async () => {
    const load = vi.fn(async (input: string) => [input]);
    const debounced = debounceAsync(load, 200, []);
    const first = debounced('a');
    await vi.advanceTimersByTimeAsync(150);
    const second = debounced('ab');
    await vi.advanceTimersByTimeAsync(199);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('ab');
    await expect(second).resolves.toEqual(['ab']);
    await expect(first).resolves.toEqual([]);
  });

  it('passes a failure on to the caller', async () => {
    const debounced = debounceAsync((_input: string) => Promise.reject(new Error('offline')), 200, []);
    const result = debounced('a');
    const settled = expect(result).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(200);
    await settled;
  });
});
