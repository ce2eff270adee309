import type { ChangeEvent, PresenceEvent } from '@portal/contracts';

/**
 * Where the live stream is: not started (signed out, or the API has no stream), connecting,
 * open, or down and trying again. The screens never say so: while it is down they work as before (their
 * queries refetch on focus), and a reconnect catches up (a replay, or `reset`).
 */
export type LiveStatus = 'off' | 'connecting' | 'open' | 'down';

type Listener<T> = (value: T) => void;

/**
 * What the live stream tells the screens, without the stream itself: the connection (live-connection.ts,
 * loaded after the first render) writes into it, the screens read from it (live-context.tsx). A change's
 * queries are invalidated before its listeners hear of it (change-queries.ts), so a screen only says what
 * happened. `reset` is heard as a status `open` after everything was invalidated.
 */
export interface LiveHub {
  status(): LiveStatus;
  onStatus(listener: Listener<LiveStatus>): () => void;
  onChange(listener: Listener<ChangeEvent>): () => void;
  onPresence(listener: Listener<PresenceEvent>): () => void;
  /** The connection's side. */
  setStatus(status: LiveStatus): void;
  emitChange(event: ChangeEvent): void;
  emitPresence(event: PresenceEvent): void;
}

function listeners<T>() {
  const set = new Set<Listener<T>>();
  return {
    add(listener: Listener<T>) {
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    },
    emit(value: T) {
      for (const listener of [...set]) listener(value);
    },
  };
}

export function createLiveHub(): LiveHub {
  let current: LiveStatus = 'off';
  const statuses = listeners<LiveStatus>();
  const changes = listeners<ChangeEvent>();
  const presences = listeners<PresenceEvent>();
  return {
    status: () => current,
    onStatus: statuses.add,
    onChange: changes.add,
    onPresence: presences.add,
    setStatus(status) {
      if (status === current) return;
      current = status;
      statuses.emit(status);
    },
    emitChange: changes.emit,
    emitPresence: presences.emit,
  };
}
