import { type MouseEvent, useEffect, useRef } from 'react';
import { toast } from 'react-toastify';

const toastOf = (target: EventTarget | null): HTMLElement | null =>
  target instanceof Element ? target.closest<HTMLElement>('.Toastify__toast') : null;

/**
 * spec §9 "extended 1000 ms": react-toastify pauses a hovered toast and, when the pointer leaves, runs the
 * rest of its 5 s again; the spec's toasts close the extended time after the pointer leaves. The handlers
 * go on an element around the container (mouse events bubble from each toast, whose id is its toastId).
 */
export function useExtendedTimeOut(extendedMs: number) {
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const cancel = (id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  };
  return {
    onMouseOver: (event: MouseEvent | React.FocusEvent) => {
      const element = toastOf(event.target);
      if (element?.id) cancel(element.id);
    },
    onMouseOut: (event: MouseEvent) => {
      const element = toastOf(event.target);
      if (!element?.id || element.contains(event.relatedTarget as Node | null)) return;
      const id = element.id;
      cancel(id);
      timers.current.set(
        id,
        setTimeout(() => {
          timers.current.delete(id);
          toast.dismiss(id);
        }, extendedMs),
      );
    },
  };
}
