/**
 * Group commit: many callers each wait for their own item to be written, but the writes go out
 * together. While one flush is running, new items queue up; when it ends, everything queued is
 * flushed in one call. Idle, an item is written at once (no added latency); under load, batches
 * grow by themselves to match how slow the writes are. A failed flush rejects exactly the callers
 * whose items it carried.
 */
export function groupCommit<T>(flush: (items: T[]) => Promise<void>, opts: { maxBatch: number }) {
  let queued: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  let flushing = false;

  async function drain() {
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
  }

  return {
    /** Resolves once the item is written (or rejects with the flush's error). */
    add(item: T): Promise<void> {
      const done = new Promise<void>((resolve, reject) => queued.push({ item, resolve, reject }));
      if (!flushing) void drain();
      return done;
    },
    /** Items waiting or being written. */
    get pending() {
      return queued.length;
    },
  };
}

export type GroupCommit<T> = ReturnType<typeof groupCommit<T>>;
