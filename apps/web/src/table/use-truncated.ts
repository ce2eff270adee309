import { type RefObject, useLayoutEffect, useState } from 'react';

/** One ResizeObserver for every watched element: a table of 100 rows watches hundreds of cells. */
const watchers = new WeakMap<Element, () => void>();
let observer: ResizeObserver | undefined;

function watch(element: Element, onResize: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => {};
  observer ??= new ResizeObserver((entries) => {
    for (const entry of entries) watchers.get(entry.target)?.();
  });
  watchers.set(element, onResize);
  observer.observe(element);
  return () => {
    watchers.delete(element);
    observer?.unobserve(element);
  };
}

/** Whether the element's content is wider than its box (so CSS cut it with an ellipsis). */
export const isCut = (element: Element): boolean => element.scrollWidth > element.clientWidth + 1;

/**
 * Whether the element's one line is cut, measured after every render and whenever the
 * element's size changes (a column narrowing, the window turning). Never true where nothing is laid out.
 */
export function useTruncated(ref: RefObject<Element | null>): boolean {
  const [truncated, setTruncated] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) setTruncated(isCut(element));
  });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    return watch(element, () => setTruncated(isCut(element)));
  }, [ref]);
  return truncated;
}
