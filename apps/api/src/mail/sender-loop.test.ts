import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordingLogger } from '../test/recording-logger.js';
import type { SendCounts } from './mail-sender.js';
import { createSenderLoop } from './sender-loop.js';

const INTERVAL = 5_000;
const BATCH = 10;
const counts = (claimed: number): SendCounts => ({ claimed, sent: claimed, retried: 0, failed: 0 });

// Fake timers: the loop's schedule is checked exactly, and a leaked timer shows in getTimerCount().
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function loopOver(sendDue: () => Promise<SendCounts>) {
  const logger = recordingLogger();
  const loop = createSenderLoop({ sendDue, intervalMs: INTERVAL, batchSize: BATCH, logger });
  return { loop, logger };
}

describe('the sender loop', () => {
  it('runs a pass at start, then one per interval; after stop, none and no timer left', async () => {
    const sendDue = vi.fn(async () => counts(0));
    const { loop } = loopOver(sendDue);

    loop.start();
    loop.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(sendDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(sendDue).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sendDue).toHaveBeenCalledTimes(2);

    await loop.stop();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * INTERVAL);
    expect(sendDue).toHaveBeenCalledTimes(2);
  });

  it('runs the next pass at once while passes claim full batches', async () => {
    const sendDue = vi
      .fn(async () => counts(0))
      .mockResolvedValueOnce(counts(BATCH))
      .mockResolvedValueOnce(counts(BATCH));
    const { loop } = loopOver(sendDue);

    loop.start();
    // Far less than the interval: the passes after full batches did not wait for it, the one after the
    // empty pass does.
    await vi.advanceTimersByTimeAsync(100);
    expect(sendDue).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(sendDue).toHaveBeenCalledTimes(4);
    await loop.stop();
  });

  it('waits, on stop, for the pass under way (the database closes after it)', async () => {
    let finish = () => {};
    const sendDue = vi.fn(
      () =>
        new Promise<SendCounts>((resolve) => {
          finish = () => resolve(counts(0));
        }),
    );
    const { loop } = loopOver(sendDue);
    loop.start();
    await vi.advanceTimersByTimeAsync(0);

    let stopped = false;
    const stopping = loop.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('logs a pass that failed as a whole and goes on at the next interval', async () => {
    const sendDue = vi.fn(async () => counts(0)).mockRejectedValueOnce(new Error('connection terminated'));
    const { loop, logger } = loopOver(sendDue);

    loop.start();
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(sendDue).toHaveBeenCalledTimes(2);
    expect(logger.lines).toMatchObject([{ level: 'error', message: 'mail sender pass failed' }]);
    await loop.stop();
  });
});
