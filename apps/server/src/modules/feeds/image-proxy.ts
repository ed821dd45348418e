import { errorBody, libraryIdParams } from '@fitpost/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { contentItems } from '../../db/schema-library.js';
import { createBytesCache } from '../../lib/bytes-cache.js';
import { notFound } from '../../lib/errors.js';
import { sniffImageFormat } from '../media/image.js';
import { fetchFeedImage } from './fetch/index.js';

/** Pictures kept per process; publishers' pictures are usually tens to hundreds of KB. */
const cacheBytes = 32 * 1024 * 1024;
const maxPictureBytes = 5 * 1024 * 1024;
/** A day: a feed item's picture rarely changes, and a new address gets a new cache key. */
const browserCache = 'public, max-age=86400';

/**
 * Where members' browsers load a content item's outside picture (a feed item's): FitPost's own
 * address, so the publisher never sees who looks at its items, or from where.
 */
export const feedImageUrl = (publicUrl: string, contentId: string) =>
  `${publicUrl.replace(/\/$/, '')}/feed-images/${contentId}`;

/**
 * GET /feed-images/:id: a content item's outside picture, fetched by the server through the feed
 * fetcher's SSRF guard (every hop checked, 5 MB, 10 s), kept in memory, and served only if its bytes
 * are a JPEG, PNG, WebP, GIF or AVIF (never SVG or HTML from our origin). Public like `/media/`:
 * `<img>` sends no bearer token, the ids are random UUIDs, and the pictures are public already.
 * Limited per client address, so it cannot be used to make FitPost hammer a publisher.
 */
export function feedImageRoutes(app: FastifyInstance, deps: { db: Db; allowLoopback: boolean }) {
  const cache = createBytesCache({ maxBytes: cacheBytes });
  app.get<{ Params: { id: string } }>(
    '/feed-images/:id',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['library'],
        summary: "A feed item's picture, fetched by FitPost (public: loaded by <img>)",
        params: libraryIdParams,
        response: { 404: errorBody },
      },
    },
    async (req, reply) => {
      const [row] = await deps.db
        .select({ imageUrl: contentItems.imageUrl })
        .from(contentItems)
        .where(and(eq(contentItems.id, req.params.id), isNotNull(contentItems.imageUrl)));
      const source = row?.imageUrl;
      if (!source) throw notFound('Image');
      const bytes = await cache
        .get(`${req.params.id} ${source}`, () =>
          fetchFeedImage(source, { allowLoopback: deps.allowLoopback, maxBytes: maxPictureBytes }),
        )
        .catch((err: unknown) => {
          req.log.info({ err, contentId: req.params.id }, 'feed picture could not be fetched');
          return null;
        });
      const format = bytes && sniffImageFormat(bytes);
      if (!bytes || !format) throw notFound('Image');
      return reply
        .header('cache-control', browserCache)
        .header('x-content-type-options', 'nosniff')
        .type(`image/${format}`)
        .send(bytes);
    },
  );
}
