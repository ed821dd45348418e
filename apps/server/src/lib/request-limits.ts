import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { requestLimits } from '../db/schema.js';

/** Where a key stands in its current window: requests counted so far and milliseconds until it resets. */
interface RequestCount {
  current: number;
  ttl: number;
}

/** Expired windows are deleted at most this often per process. */
const pruneEveryMs = 60_000;

/**
 * Counts one request against `key` in a fixed window of `windowMs`, in the database, so every
 * API process sharing it sees one count. One atomic upsert: the first request (or the first after
 * the window ended) starts a window at 1; later ones add 1. The database's clock decides, so
 * processes whose clocks differ still agree.
 */
export async function countRequest(db: Db, key: string, windowMs: number): Promise<RequestCount> {
  const ended = sql`${requestLimits.resetsAt} <= now()`;
  const [row] = await db
    .insert(requestLimits)
    .values({ key, hits: 1, resetsAt: sql`now() + ${windowMs} * interval '1 millisecond'` })
    .onConflictDoUpdate({
      target: requestLimits.key,
      set: {
        hits: sql`case when ${ended} then 1 else ${requestLimits.hits} + 1 end`,
        resetsAt: sql`case when ${ended} then excluded.resets_at else ${requestLimits.resetsAt} end`,
      },
    })
    .returning({
      hits: requestLimits.hits,
      ttl: sql<number>`ceil(extract(epoch from (${requestLimits.resetsAt} - now())) * 1000)::integer`,
    });
  if (!row) throw new Error('request_limits upsert returned no row');
  // A concurrent request that started its transaction first can see a window opened by one that
  // started later: its `now()` is earlier, so the raw figure can pass the window by a millisecond.
  return { current: row.hits, ttl: Math.min(windowMs, Math.max(0, Number(row.ttl))) };
}

/** Deletes windows that have ended; a key seen again simply starts a new one. */
export async function pruneRequestCounts(db: Db): Promise<void> {
  await db.delete(requestLimits).where(sql`${requestLimits.resetsAt} <= now()`);
}

/**
 * A store for @fastify/rate-limit backed by `request_limits`. Keys of a route's own limit are
 * prefixed with the route, as the plugin's in-memory store keeps one counter set per route.
 * Expired rows are pruned now and then, in the background of a count.
 */
export function requestLimitStore(db: Db, onPruneError: (err: unknown) => void) {
  let lastPrune = 0;
  const prune = () => {
    const now = Date.now();
    if (now - lastPrune < pruneEveryMs) return;
    lastPrune = now;
    pruneRequestCounts(db).catch(onPruneError);
  };

  return class RequestLimitStore {
    /** Set on a route's child store; the plugin constructs the root one with its options, unused here. */
    prefix = '';

    incr(key: string, callback: (err: Error | null, result?: RequestCount) => void, timeWindow: number) {
      prune();
      countRequest(db, `${this.prefix}${key}`, timeWindow).then(
        (count) => callback(null, count),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(options: object) {
      // Typed as the route's options, but the plugin passes the limit's merged options, which
      // carry the route (or nothing, for `app.rateLimit(…)` hooks) under `routeInfo`.
      const merged = options as { routeInfo?: { method?: string | string[]; url?: string } };
      const { method, url } = merged.routeInfo ?? {};
      const scope = url ? `${[method].flat().join(',')} ${url}|` : '';
      const store = new RequestLimitStore();
      store.prefix = scope;
      return store;
    }
  };
}
