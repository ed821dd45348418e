import { createBytesCache } from '../../lib/bytes-cache.js';
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
  const cache = createBytesCache(options);
  return { get: (key, stored) => cache.get(key, () => stored().then(flattenToJpeg)) };
}
