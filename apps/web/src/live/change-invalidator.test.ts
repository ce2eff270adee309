import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createChangeInvalidator, INVALIDATION_WINDOW_MS } from './change-invalidator';
import { changeEvent } from './test-event-source';

const QUEUE = ['api', 'review-queues', 'legitimacy'];
const SUMMARY = ['api', 'review-queues', 'summary'];
const invalidated = (queryClient: QueryClient, key: unknown[]) =>
  queryClient.getQueryState(key)?.isInvalidated ?? false;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('pacing the invalidations of a busy stream', () => {
  it('a change after a quiet moment at once; those in the window that follows together at its end', () => {
    const queryClient = new QueryClient();
    const invalidator = createChangeInvalidator(queryClient);
    queryClient.setQueryData(QUEUE, {});
    invalidator.add(changeEvent());
    expect(invalidated(queryClient, QUEUE)).toBe(true);

    queryClient.setQueryData(QUEUE, {});
    queryClient.setQueryData(SUMMARY, {});
    invalidator.add(changeEvent({ id: '42' }));
    invalidator.add(changeEvent({ id: '43' }));
    expect(invalidated(queryClient, QUEUE)).toBe(false);
    vi.advanceTimersByTime(INVALIDATION_WINDOW_MS);
    expect(invalidated(queryClient, QUEUE)).toBe(true);
    expect(invalidated(queryClient, SUMMARY)).toBe(true);
  });

  it('a query being read is not cancelled: it is invalidated once its read is done', async () => {
    const queryClient = new QueryClient();
    const invalidator = createChangeInvalidator(queryClient);
    let answer: (value: string) => void = () => {};
    const read = queryClient.fetchQuery({
      queryKey: QUEUE,
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    invalidator.add(changeEvent());
    expect(invalidated(queryClient, QUEUE)).toBe(false);
    answer('read before the change');
    await expect(read).resolves.toBe('read before the change');
    await vi.advanceTimersByTimeAsync(INVALIDATION_WINDOW_MS);
    expect(invalidated(queryClient, QUEUE)).toBe(true);
  });

  it('stop drops what waits', () => {
    const queryClient = new QueryClient();
    const invalidator = createChangeInvalidator(queryClient);
    invalidator.add(changeEvent());
    queryClient.setQueryData(QUEUE, {});
    invalidator.add(changeEvent({ id: '42' }));
    invalidator.stop();
    vi.advanceTimersByTime(INVALIDATION_WINDOW_MS);
    expect(invalidated(queryClient, QUEUE)).toBe(false);
  });
});
