import {
  type CheckViewers,
  PRESENCE_RENEW_MS,
  type PresenceEvent,
  pathOf,
  presenceApi,
} from '@portal/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useSessionUser } from '../auth/auth-context';
import { callApi } from '../http/api-call';
import { useHttp } from '../http/http-context';
import { useLiveHub } from './live-context';
import { isSelf } from './self';

export type CheckViewer = CheckViewers['viewers'][number];

/**
 * The presence calls of one check, one after the other: a leave (an unmount, React's strict double mount)
 * must not overtake the announce that follows it on another connection.
 */
const inOrder = new Map<string, Promise<unknown>>();
function queued<T>(checkId: string, call: () => Promise<T>): Promise<T> {
  const next = (inOrder.get(checkId) ?? Promise.resolve()).catch(() => {}).then(call);
  inOrder.set(checkId, next);
  next
    .finally(() => {
      if (inOrder.get(checkId) === next) inOrder.delete(checkId);
    })
    .catch(() => {});
  return next;
}

/** The viewers after a presence event: joined (or renewed) in, left out. */
export function applyPresence(viewers: readonly CheckViewer[], event: PresenceEvent): CheckViewer[] {
  const others = viewers.filter((viewer) => viewer.viewer !== event.viewer);
  if (event.state === 'left' || event.expiresAt === null) return others;
  return [...others, { viewer: event.viewer, viewerName: event.viewerName, expiresAt: event.expiresAt }];
}

const unexpired = (viewers: readonly CheckViewer[], now = Date.now()) =>
  viewers.filter((viewer) => Date.parse(viewer.expiresAt) > now);

/**
 * While a reviewer has a check open, the API hears so (announced at once, renewed every
 * PRESENCE_RENEW_MS, left when the page is hidden or the check closed), and the screen knows who else has
 * it open: each renewal answers the viewers now, and the stream's presence events say who joins or leaves
 * in between (read again when the stream opens anew: some may have been missed). Answers the other
 * viewers, never the user; none without live updates. A failed call says nothing: presence is a courtesy.
 */
export function useCheckPresence(checkId: string): CheckViewer[] {
  const hub = useLiveHub();
  const http = useHttp();
  const user = useSessionUser();
  const [viewers, setViewers] = useState<CheckViewer[]>([]);

  useEffect(() => {
    if (!hub) return;
    let mounted = true;
    const params = { id: checkId };
    const announce = () => {
      queued(checkId, () => callApi(http, presenceApi.announce, { params }))
        .then((answer) => mounted && setViewers(answer.viewers))
        .catch(() => mounted && setViewers(unexpired))
        .catch(() => {});
    };
    const leave = () => {
      // keepalive: the call outlives a page being closed.
      queued(checkId, () =>
        http(pathOf(presenceApi.leave, params), { method: presenceApi.leave.method, keepalive: true }),
      ).catch(() => {});
    };
    const hidden = () => document.visibilityState === 'hidden';
    const onVisibility = () => (hidden() ? leave() : announce());

    announce();
    const renewal = setInterval(() => {
      if (!hidden()) announce();
    }, PRESENCE_RENEW_MS);
    document.addEventListener('visibilitychange', onVisibility);
    const stopPresence = hub.onPresence((event) => {
      if (event.checkId === checkId) setViewers((current) => applyPresence(current, event));
    });
    const stopStatus = hub.onStatus((status) => {
      if (status === 'open' && !hidden()) announce();
    });
    return () => {
      mounted = false;
      clearInterval(renewal);
      document.removeEventListener('visibilitychange', onVisibility);
      stopPresence();
      stopStatus();
      leave();
    };
  }, [hub, http, checkId]);

  return useMemo(() => viewers.filter((viewer) => !isSelf(user, viewer.viewer)), [viewers, user]);
}
