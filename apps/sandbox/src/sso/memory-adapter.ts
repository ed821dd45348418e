import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** Epoch milliseconds; undefined for artifacts that live until the process ends. */
  expiresAt: number | undefined;
}

/** Artifacts revoked together when their grant is revoked (logout, authorization code replay). */
const GRANT_BOUND_MODELS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

/** Expired entries are swept every so many writes, so a long-running sandbox does not grow without bound. */
const SWEEP_EVERY_WRITES = 200;

/**
 * In-memory storage for one provider instance. The sandbox is deliberately stateless across restarts; this
 * replaces oidc-provider's built-in memory adapter only so that each started sandbox has its own state (the
 * built-in one is process-wide and capped at 1000 entries) and to avoid its development warning.
 */
class MemoryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly sessionIdsByUid = new Map<string, string>();
  private readonly keysByGrant = new Map<string, Set<string>>();
  private writes = 0;

  get(key: string): AdapterPayload | undefined {
    const entry = this.entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry?.payload;
  }

  set(model: string, id: string, payload: AdapterPayload, expiresInSeconds: number | undefined): void {
    const key = `${model}:${id}`;
    const expiresAt = expiresInSeconds === undefined ? undefined : Date.now() + expiresInSeconds * 1000;
    this.entries.set(key, { payload, expiresAt });
    if (model === 'Session' && payload.uid) this.sessionIdsByUid.set(payload.uid, id);
    if (GRANT_BOUND_MODELS.has(model) && payload.grantId) {
      const keys = this.keysByGrant.get(payload.grantId) ?? new Set<string>();
      this.keysByGrant.set(payload.grantId, keys.add(key));
    }
    this.writes += 1;
    if (this.writes % SWEEP_EVERY_WRITES === 0) this.sweep();
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  sessionIdForUid(uid: string): string | undefined {
    return this.sessionIdsByUid.get(uid);
  }

  revokeGrant(grantId: string): void {
    for (const key of this.keysByGrant.get(grantId) ?? []) this.entries.delete(key);
    this.keysByGrant.delete(grantId);
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.entries.delete(key);
    }
    for (const [uid, id] of this.sessionIdsByUid) {
      if (!this.entries.has(`Session:${id}`)) this.sessionIdsByUid.delete(uid);
    }
    for (const [grantId, keys] of this.keysByGrant) {
      for (const key of keys) if (!this.entries.has(key)) keys.delete(key);
      if (keys.size === 0) this.keysByGrant.delete(grantId);
    }
  }
}

function memoryAdapter(model: string, store: MemoryStore): Adapter {
  const key = (id: string) => `${model}:${id}`;
  return {
    upsert: (id, payload, expiresIn) => Promise.resolve(store.set(model, id, payload, expiresIn)),
    find: (id) => Promise.resolve(store.get(key(id))),
    findByUid: (uid) => {
      const id = store.sessionIdForUid(uid);
      return Promise.resolve(id === undefined ? undefined : store.get(key(id)));
    },
    // Only the device flow looks artifacts up by user code, and it is not enabled.
    findByUserCode: () => Promise.resolve(undefined),
    consume: (id) => {
      const payload = store.get(key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      return Promise.resolve();
    },
    destroy: (id) => Promise.resolve(store.delete(key(id))),
    revokeByGrantId: (grantId) => Promise.resolve(store.revokeGrant(grantId)),
  };
}

/** A fresh store per provider: two sandboxes in one process (parallel tests) never see each other's state. */
export function createMemoryAdapterFactory(): AdapterFactory {
  const store = new MemoryStore();
  return (model) => memoryAdapter(model, store);
}
