import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

export type ScrollDirection = 'down' | 'up';

/**
 * spec §9: infinite scroll distances down 2, up 1.5. They are those of the ngx-infinite-scroll directive the
 * spec was written against, in tenths of the scrollable content: down 2 fires within the last 20 % of the
 * content's height, up 1.5 within the first 15 % of what can be scrolled.
 */
export const SCROLL_DISTANCE: Readonly<Record<ScrollDirection, number>> = { down: 2, up: 1.5 };

/** spec §9: throttle 150 ms. */
export const SCROLL_THROTTLE_MS = 150;

/** What the decision reads from the scroll container. */
export interface ScrollStats {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/**
 * spec §4: "fires down when remaining distance is within threshold, and up likewise". The remaining share,
 * as ngx-infinite-scroll measures it: down, what is left below the viewport over the whole content height;
 * up, what is scrolled past over everything that can be scrolled.
 */
export function isWithinThreshold(
  stats: ScrollStats,
  direction: ScrollDirection,
  distance: Readonly<Record<ScrollDirection, number>> = SCROLL_DISTANCE,
): boolean {
  const { scrollTop, clientHeight, scrollHeight } = stats;
  if (scrollHeight <= 0) return false;
  if (direction === 'down') {
    const remaining = (scrollHeight - (clientHeight + scrollTop)) / scrollHeight;
    return remaining <= distance.down / 10;
  }
  const scrollable = scrollHeight - clientHeight;
  if (scrollable <= 0) return false;
  return scrollTop / scrollable <= distance.up / 10;
}

export interface ScrollTriggerOptions {
  /** spec §4: fire on every qualifying scroll, not once per content size. */
  alwaysCallback?: boolean;
  distance?: Readonly<Record<ScrollDirection, number>>;
}

/**
 * The decision of the infinite scroll, without the DOM: give it each (throttled) scroll position and it
 * answers the direction to load, or undefined. The direction is down when the position grew since the last
 * call, else up (as ngx-infinite-scroll). spec §4: once per content size, unless always-callback: having
 * fired one way, it does not fire that way again until the scroll height changed.
 */
export function createScrollTrigger(options: ScrollTriggerOptions = {}) {
  let lastScrollTop = 0;
  const firedAt: Record<ScrollDirection, number | undefined> = { down: undefined, up: undefined };

  function fire(stats: ScrollStats, direction: ScrollDirection): ScrollDirection | undefined {
    if (!options.alwaysCallback && firedAt[direction] === stats.scrollHeight) return undefined;
    firedAt[direction] = stats.scrollHeight;
    return direction;
  }

  return {
    onScroll(stats: ScrollStats): ScrollDirection | undefined {
      const direction: ScrollDirection = stats.scrollTop > lastScrollTop ? 'down' : 'up';
      lastScrollTop = stats.scrollTop;
      return isWithinThreshold(stats, direction, options.distance) ? fire(stats, direction) : undefined;
    },
    /**
     * Our addition (the directive only listens to scroll events): content that does not fill its container
     * cannot be scrolled, so no event would ever ask for more; after the content changed, such a container
     * asks for the next page, under the same once-per-content-size rule.
     */
    onContentChange(stats: ScrollStats): ScrollDirection | undefined {
      lastScrollTop = stats.scrollTop;
      return stats.scrollHeight > 0 && stats.scrollHeight <= stats.clientHeight
        ? fire(stats, 'down')
        : undefined;
    },
  };
}

/**
 * Calls `fn` at most once per `ms`: at once on the first call (leading), then once more at the end of the
 * window if calls came in meanwhile (trailing), as rxjs throttleTime with leading and trailing does in
 * ngx-infinite-scroll, so the position the user stopped at is always looked at.
 */
export function throttle(fn: () => void, ms: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = false;
  const open = () => {
    timer = setTimeout(() => {
      timer = undefined;
      if (pending) {
        pending = false;
        fn();
        open();
      }
    }, ms);
  };
  return {
    call() {
      if (timer !== undefined) {
        pending = true;
        return;
      }
      fn();
      open();
    },
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      pending = false;
    },
  };
}

export interface InfiniteScrollOptions extends ScrollTriggerOptions {
  onLoadMore: (direction: ScrollDirection) => void;
  throttleMs?: number;
  /** Changes whenever the content changed (e.g. the row count): the container is then checked for fill. */
  contentKey: unknown;
  /** While false (e.g. loading, or no rows), content changes do not ask for more. */
  checkFill: boolean;
}

function readStats(element: HTMLElement): ScrollStats {
  return {
    scrollTop: element.scrollTop,
    clientHeight: element.clientHeight,
    scrollHeight: element.scrollHeight,
  };
}

/** spec §4 and §9: the infinite scroll of a scroll container (the table's own scrolling box). */
export function useInfiniteScroll(ref: RefObject<HTMLElement | null>, options: InfiniteScrollOptions): void {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const { alwaysCallback, throttleMs = SCROLL_THROTTLE_MS, distance, contentKey, checkFill } = options;
  const trigger = useRef<ReturnType<typeof createScrollTrigger> | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const current = createScrollTrigger({
      ...(alwaysCallback === undefined ? {} : { alwaysCallback }),
      ...(distance === undefined ? {} : { distance }),
    });
    trigger.current = current;
    const check = throttle(() => {
      const direction = current.onScroll(readStats(element));
      if (direction) latest.current.onLoadMore(direction);
    }, throttleMs);
    element.addEventListener('scroll', check.call, { passive: true });
    return () => {
      element.removeEventListener('scroll', check.call);
      check.cancel();
      trigger.current = null;
    };
  }, [ref, alwaysCallback, throttleMs, distance]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: contentKey is the signal that the content changed.
  useEffect(() => {
    const element = ref.current;
    if (!element || !checkFill || !trigger.current) return;
    const direction = trigger.current.onContentChange(readStats(element));
    if (direction) latest.current.onLoadMore(direction);
  }, [ref, contentKey, checkFill]);
}
