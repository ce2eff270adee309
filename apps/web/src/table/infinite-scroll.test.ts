import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createScrollTrigger,
  isWithinThreshold,
  SCROLL_DISTANCE,
  SCROLL_THROTTLE_MS,
  type ScrollDirection,
  type ScrollStats,
  throttle,
} from './infinite-scroll';

/** A 1,000 px high content in a 200 px box: 800 px can be scrolled. */
const at = (scrollTop: number, scrollHeight = 1000, clientHeight = 200): ScrollStats => ({
  scrollTop,
  clientHeight,
  scrollHeight,
});

describe('infinite scroll thresholds (spec §4, §9: down 2, up 1.5, as ngx-infinite-scroll)', () => {
  it('distances down 2 and up 1.5, throttle 150 ms', () => {
    expect(SCROLL_DISTANCE).toEqual({ down: 2, up: 1.5 });
    expect(SCROLL_THROTTLE_MS).toBe(150);
  });

  it.each<[number, ScrollDirection, boolean, string]>([
    // scrollTop, direction, fires, why
    [599, 'down', false, '201 px left below of 1,000: 20.1 %'],
    [600, 'down', true, '200 px left below: 20 % of the content'],
    [800, 'down', true, 'at the bottom'],
    [121, 'up', false, '121 of 800 scrollable px: 15.1 %'],
    [120, 'up', true, '120 of 800 scrollable px: 15 %'],
    [0, 'up', true, 'at the top'],
  ])('scrollTop %d going %s: fires %s (%s)', (scrollTop, direction, fires) => {
    expect(isWithinThreshold(at(scrollTop), direction)).toBe(fires);
  });

  it('nothing fires on an empty container, and up needs something to scroll', () => {
    expect(isWithinThreshold(at(0, 0, 0), 'down')).toBe(false);
    expect(isWithinThreshold(at(0, 100, 200), 'up')).toBe(false);
  });
});

describe('scroll trigger (spec §4: once per content size unless always-callback)', () => {
  it('the direction follows the scroll position; each side fires once per content size', () => {
    const trigger = createScrollTrigger();
    expect(trigger.onScroll(at(300))).toBeUndefined();
    expect(trigger.onScroll(at(650))).toBe('down');
    expect(trigger.onScroll(at(700))).toBeUndefined(); // same content size: not again
    expect(trigger.onScroll(at(100))).toBe('up');
    expect(trigger.onScroll(at(50))).toBeUndefined();
    // A page was appended: the content grew, down may fire again.
    expect(trigger.onScroll(at(1700, 2000))).toBe('down');
    expect(trigger.onScroll(at(1750, 2000))).toBeUndefined();
  });

  it('always-callback fires on every qualifying scroll', () => {
    const trigger = createScrollTrigger({ alwaysCallback: true });
    expect(trigger.onScroll(at(650))).toBe('down');
    expect(trigger.onScroll(at(700))).toBe('down');
    expect(trigger.onScroll(at(800))).toBe('down');
    expect(trigger.onScroll(at(10))).toBe('up');
  });

  it('content that does not fill its box asks for more once per content size (our addition)', () => {
    const trigger = createScrollTrigger();
    expect(trigger.onContentChange(at(0, 150, 200))).toBe('down');
    expect(trigger.onContentChange(at(0, 150, 200))).toBeUndefined();
    expect(trigger.onContentChange(at(0, 190, 200))).toBe('down');
    expect(trigger.onContentChange(at(0, 400, 200))).toBeUndefined(); // it scrolls now: scroll events decide
    expect(trigger.onContentChange(at(0, 0, 200))).toBeUndefined(); // nothing laid out
  });
});

describe('throttle (spec §9: 150 ms; leading and trailing, as rxjs throttleTime in the directive)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once, then at most once per window, and once more at its end for calls inside it', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 150);
    throttled.call();
    expect(fn).toHaveBeenCalledTimes(1);
    throttled.call();
    throttled.call();
    vi.advanceTimersByTime(149);
    expect(fn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(2); // the trailing call
    vi.advanceTimersByTime(150);
    expect(fn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1000);
    throttled.call();
    expect(fn).toHaveBeenCalledTimes(3); // a new window: leading again
  });

  it('cancel drops a pending trailing call', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const throttled = throttle(fn, 150);
    throttled.call();
    throttled.call();
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
