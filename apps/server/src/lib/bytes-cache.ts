/**
 * Byte buffers made on first request and kept in memory, least recently used dropped first within
 * `maxBytes`; concurrent requests for one key share a single `produce`. A failed `produce` is not
 * kept, so the next request tries again.
 */
interface BytesCache {
  get(key: string, produce: () => Promise<Buffer>): Promise<Buffer>;
}

export function createBytesCache(options: { maxBytes: number }): BytesCache {
  const ready = new Map<string, Buffer>();
  const producing = new Map<string, Promise<Buffer>>();
  let total = 0;

  function keep(key: string, bytes: Buffer) {
    if (bytes.length > options.maxBytes) return;
    ready.set(key, bytes);
    total += bytes.length;
    // Maps iterate in insertion order: the first key is the least recently used.
    for (const [oldest, old] of ready) {
      if (total <= options.maxBytes) break;
      ready.delete(oldest);
      total -= old.length;
    }
  }

  return {
    get(key, produce) {
      const cached = ready.get(key);
      if (cached) {
        ready.delete(key);
        ready.set(key, cached);
        return Promise.resolve(cached);
      }
      const running = producing.get(key);
      if (running) return running;
      const made = produce()
        .then((bytes) => {
          keep(key, bytes);
          return bytes;
        })
        .finally(() => producing.delete(key));
      producing.set(key, made);
      return made;
    },
  };
}
