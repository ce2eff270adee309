import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; undefined keeps the entry until it is destroyed. */
  expiresAt: number | undefined;
}

/** Sweeps expired entries every this many writes, so a long demo session does not grow without bound. */
const SWEEP_EVERY = 200;

/**
 * oidc-provider's storage, in memory: sessions, codes, refresh tokens and grants are gone on restart, which
 * for a local provider only means signing in again. One store per provider. Written here rather than
 * using the package's quick-start adapter, which prints a warning at every start.
 */
export function createMemoryAdapterFactory(): AdapterFactory {
  const entries = new Map<string, Entry>();
  const sessionByUid = new Map<string, string>();
  const grantMembers = new Map<string, Set<string>>();
  let writes = 0;

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };

  const sweep = () => {
    const now = Date.now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) entries.delete(key);
    }
    for (const [uid, id] of sessionByUid) {
      if (!entries.has(`Session:${id}`)) sessionByUid.delete(uid);
    }
    for (const [grantId, members] of grantMembers) {
      for (const key of members) if (!entries.has(key)) members.delete(key);
      if (members.size === 0) grantMembers.delete(grantId);
    }
  };

  return (model: string): Adapter => {
    const keyFor = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        const key = keyFor(id);
        entries.set(key, {
          payload,
          expiresAt: typeof expiresIn === 'number' ? Date.now() + expiresIn * 1000 : undefined,
        });
        if (model === 'Session' && typeof payload.uid === 'string') sessionByUid.set(payload.uid, id);
        if (typeof payload.grantId === 'string') {
          const members = grantMembers.get(payload.grantId) ?? new Set<string>();
          members.add(key);
          grantMembers.set(payload.grantId, members);
        }
        writes += 1;
        if (writes % SWEEP_EVERY === 0) sweep();
      },
      async find(id) {
        return live(keyFor(id));
      },
      async findByUid(uid) {
        const id = sessionByUid.get(uid);
        return id === undefined ? undefined : live(keyFor(id));
      },
      // The device flow is off; nothing is stored by user code.
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = live(keyFor(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyFor(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of grantMembers.get(grantId) ?? []) entries.delete(key);
        grantMembers.delete(grantId);
      },
    };
  };
}
