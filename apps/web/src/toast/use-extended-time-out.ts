import { type RefObject, useEffect, useRef } from 'react';
import { toast } from 'react-toastify';

const toastOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('.Toastify__toast') : null;

/**
 * spec §9 "extended 1000 ms": react-toastify pauses a hovered toast and, when the pointer leaves, runs the
 * rest of its 5 s again; the spec's toasts close the extended time after the pointer (or the focus) leaves.
 * The listeners go on an element around the container: the events bubble from each toast, whose id is its
 * toastId. They are no interaction of their own, so they are added here rather than as JSX handlers.
 */
export function useExtendedTimeOut(extendedMs: number): RefObject<HTMLDivElement | null> {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const cancel = (id: string) => {
      clearTimeout(timers.get(id));
      timers.delete(id);
    };
    const enter = (event: Event) => {
      const current = toastOf(event.target);
      if (current?.id) cancel(current.id);
    };
    const leave = (event: Event) => {
      const current = toastOf(event.target);
      const next = (event as MouseEvent | FocusEvent).relatedTarget;
      if (!current?.id || (next instanceof Node && current.contains(next))) return;
      const id = current.id;
      cancel(id);
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          toast.dismiss(id);
        }, extendedMs),
      );
    };
    const listeners = [
      ['mouseover', enter],
      ['focusin', enter],
      ['mouseout', leave],
      ['focusout', leave],
    ] as const;
    for (const [type, listener] of listeners) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) element.removeEventListener(type, listener);
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [extendedMs]);
  return host;
}
