import { flattenToJpeg } from './image.js';

/**
 * JPEG renditions of stored PNGs, made on first request and kept in memory (least recently used
 * dropped first, within `maxBytes`). A stored image never changes — a new upload gets a new id —
 * so an entry keyed by id and content hash never goes stale. Concurrent requests for one image
 * share a single conversion.
 */
export interface JpegVariants {
  get(key: string, stored: () => Promise<Buffer>): Promise<Buffer>;
}

export function createJpegVariants(options: { maxBytes: number }): JpegVariants {
  const ready = new Map<string, Buffer>();
  const converting = new Map<string, Promise<Buffer>>();
  let total = 0;

  function keep(key: string, jpeg: Buffer) {
    if (jpeg.length > options.maxBytes) return;
    ready.set(key, jpeg);
    total += jpeg.length;
    // Maps iterate in insertion order: the first key is the least recently used.
    for (const [oldest, bytes] of ready) {
      if (total <= options.maxBytes) break;
      ready.delete(oldest);
      total -= bytes.length;
    }
  }

  return {
    get(key, stored) {
      const cached = ready.get(key);
      if (cached) {
        ready.delete(key);
        ready.set(key, cached);
        return Promise.resolve(cached);
      }
      const running = converting.get(key);
      if (running) return running;
      const conversion = stored()
        .then(flattenToJpeg)
        .then((jpeg) => {
          keep(key, jpeg);
          return jpeg;
        })
        .finally(() => converting.delete(key));
      converting.set(key, conversion);
      return conversion;
    },
  };
}
