import type { StreamStart } from '@portal/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from './live-hub';
import { backoffMs, type LiveStreamOptions, openLiveStream } from './live-stream';
import { changeEvent, createFakeSource, FakeEventSource } from './test-event-source';

const PRESENCE = {
  checkId: 'c1000000-0000-4000-8000-000000000001',
  organisationId: 'b1000000-0000-4000-8000-000000000001',
  viewer: 'lead@portal.test',
  viewerName: 'Lena Lead',
  state: 'viewing',
  expiresAt: '2026-04-05T10:00:45.000Z',
};

/** A stream on fakes: tickets t1, t2 … (or what `takeTicket` does), a second's wait before each retry. */
function open(overrides: Partial<LiveStreamOptions> = {}) {
  let tickets = 0;
  const statuses: LiveStatus[] = [];
  const options = {
    takeTicket: vi.fn(async () => `t${++tickets}`),
    streamUrl: (ticket: string, start: StreamStart) =>
      `/api/events?ticket=${ticket}&${'lastEvent' in start ? `last=${start.lastEvent}` : `catchUp=${start.catchUpMs}`}`,
    pageAgeMs: () => 1_500,
    createSource: createFakeSource,
    onChange: vi.fn(),
    onPresence: vi.fn(),
    onReset: vi.fn(),
    onStatus: (status: LiveStatus) => statuses.push(status),
    retryDelayMs: (failures: number) => 1_000 * (failures + 1),
    ...overrides,
  };
  const stream = openLiveStream(options);
  return { stream, options, statuses };
}

/** Lets the ticket's promise settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
});
afterEach(() => vi.useRealTimers());

describe('the live stream', () => {
  it('takes a ticket, opens the stream with it and is open once `ready` comes', async () => {
    const { statuses } = open();
    await settle();
    expect(FakeEventSource.latest().url).toBe('/api/events?ticket=t1&catchUp=1500');
    expect(statuses).toEqual(['connecting']);
    FakeEventSource.latest().emit('ready', { lastEventId: '40' }, '40');
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('hands on each change and presence as its contract reads it; an unreadable one is left out', async () => {
    const { options } = open();
    await settle();
    const source = FakeEventSource.latest();
    source.emit('change', changeEvent(), '41');
    source.emit('change', '{"kind":"unknown"}', '42');
    source.emit('change', 'not json', '43');
    source.emit('presence', PRESENCE);
    expect(options.onChange).toHaveBeenCalledTimes(1);
    expect(options.onChange).toHaveBeenCalledWith(changeEvent());
    expect(options.onPresence).toHaveBeenCalledWith(PRESENCE);
  });

  it('on an error: closed, then after the backoff a new ticket resumes after the last event id', async () => {
    const { options, statuses } = open();
    await settle();
    const first = FakeEventSource.latest();
    first.emit('ready', { lastEventId: '40' }, '40');
    first.emit('change', changeEvent({ id: '41' }), '41');
    first.fail();
    expect(first.closed).toBe(true);
    expect(statuses.at(-1)).toBe('down');
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(options.takeTicket).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.latest().url).toBe('/api/events?ticket=t2&last=41');
  });

  it('waits longer after each failure in a row, and from the start again once a stream is ready', async () => {
    const takeTicket = vi.fn<() => Promise<string>>().mockRejectedValue(new Error('offline'));
    const { statuses } = open({ takeTicket });
    await settle();
    expect(statuses).toEqual(['connecting', 'down']);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(takeTicket).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(takeTicket).toHaveBeenCalledTimes(2);
    takeTicket.mockResolvedValue('t9');
    await vi.advanceTimersByTimeAsync(1);
    expect(takeTicket).toHaveBeenCalledTimes(3);
    FakeEventSource.latest().emit('ready', { lastEventId: null });
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(takeTicket).toHaveBeenCalledTimes(4);
  });

  it('`reset`: everything is to be read again, and the stream carries on from its id', async () => {
    const { options } = open();
    await settle();
    FakeEventSource.latest().emit('reset', { lastEventId: '90' }, '90');
    expect(options.onReset).toHaveBeenCalledTimes(1);
    FakeEventSource.latest().fail();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(FakeEventSource.latest().url).toBe('/api/events?ticket=t2&last=90');
  });

  it('an API without the stream (a permanent refusal) leaves it off, quietly and for good', async () => {
    const takeTicket = vi.fn(async () => {
      throw new Error('501');
    });
    const { statuses } = open({ takeTicket, isPermanent: () => true });
    await settle();
    expect(statuses).toEqual(['connecting', 'off']);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(takeTicket).toHaveBeenCalledTimes(1);
  });

  it('asks for no ticket while the browser is offline, and connects once it is back', async () => {
    let offline = true;
    const { options, stream, statuses } = open({ isOffline: () => offline });
    await settle();
    expect(options.takeTicket).not.toHaveBeenCalled();
    expect(statuses).toEqual(['down']);
    offline = false;
    stream.retryNow();
    await settle();
    expect(options.takeTicket).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.latest().url).toBe('/api/events?ticket=t1&catchUp=1500');
  });

  it('retryNow skips the wait; close stops everything, a late ticket included', async () => {
    let release: (ticket: string) => void = () => {};
    const takeTicket = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    const { stream, statuses } = open({ takeTicket });
    await settle();
    stream.retryNow();
    await settle();
    expect(takeTicket).toHaveBeenCalledTimes(2);
    stream.close();
    release('late');
    await settle();
    expect(FakeEventSource.made).toHaveLength(0);
    expect(statuses.at(-1)).toBe('off');
  });
});

describe('backoffMs', () => {
  it.each([
    [0, 1_000],
    [1, 2_000],
    [3, 8_000],
    [10, 60_000],
  ])('after %i failures: about %i ms (±25 %)', (failures, ms) => {
    expect(backoffMs(failures, () => 0)).toBe(ms * 0.75);
    expect(backoffMs(failures, () => 1)).toBe(ms * 1.25);
  });
});
