/**
 * Group commit: many callers each wait for their own item to be written, but the writes go out
 * together. While one flush is running, new items queue up; when it ends, everything queued is
 * flushed in one call. Idle, an item is written at once (no added latency); under load, batches
 * grow by themselves to match how slow the writes are. A failed flush rejects exactly the callers
 * whose items it carried.
 *
 * `lingerMs`: when an item arrives within that long of the last flush's end (the writer is busy, not
 * idle), it waits up to that long for company instead of going out alone (or until `maxBatch` are
 * waiting). Writes whose fixed cost per statement dwarfs their cost per row — PGlite's, about 5 ms
 * a statement against 0.1 ms a row — then go out in batches of tens instead of twos and threes.
 */
/** The engine's hot writes (published targets, completed jobs) linger this long when busy. */
export const HOT_WRITE_LINGER_MS = 20;

export function groupCommit<T>(
  flush: (items: T[]) => Promise<void>,
  opts: { maxBatch: number; lingerMs?: number },
) {
  let queued: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let flushing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastFlushEnd = -Infinity;
  const lingerMs = opts.lingerMs ?? 0;

  async function drain() {
    if (timer) clearTimeout(timer);
    timer = null;
    flushing = true;
    while (queued.length > 0) {
      const batch = queued.slice(0, opts.maxBatch);
      queued = queued.slice(batch.length);
      try {
        await flush(batch.map((q) => q.item));
        for (const q of batch) q.resolve();
      } catch (err) {
        for (const q of batch) q.reject(err);
      }
    }
    flushing = false;
    lastFlushEnd = performance.now();
  }

  return {
    /** Resolves once the item is written (or rejects with the flush's error). */
    add(item: T): Promise<void> {
      const done = new Promise<void>((resolve, reject) => queued.push({ item, resolve, reject }));
      if (flushing) return done;
      const busy = performance.now() - lastFlushEnd < lingerMs;
      if (!busy || queued.length >= opts.maxBatch) void drain();
      else timer ??= setTimeout(() => void drain(), lingerMs);
      return done;
    },
    /** Items waiting or being written. */
    get pending() {
      return queued.length;
    },
  };
}

export type GroupCommit<T> = ReturnType<typeof groupCommit<T>>;
