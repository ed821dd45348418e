import { shortLinkCode, shortLinkMessages, shortLinkParams, shortLinkPrefix } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { shortLinks } from '../../db/schema-links.js';
import { isPreviewFetch } from './crawlers.js';
import type { ClickRecorder } from './recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The short links' click recorder (tests flush it to read the counts). */
    linkClicks: ClickRecorder;
  }
}

export interface ShortLinkDeps {
  db: Db;
  recorder: ClickRecorder;
  now?: () => Date;
}

/** Destinations never change once written, so a process keeps the ones it looked up lately. */
const cacheSize = 10_000;
const cacheMs = 10 * 60_000;

function destinations(db: Db, now: () => Date) {
  const cache = new Map<string, { destination: string; until: number }>();
  return async (code: string): Promise<string | null> => {
    const at = now().getTime();
    const hit = cache.get(code);
    if (hit && hit.until > at) return hit.destination;
    const [row] = await db
      .select({ destination: shortLinks.destination })
      .from(shortLinks)
      .where(eq(shortLinks.code, code));
    cache.delete(code);
    // Only what FitPost itself recorded, and only to the web: anything else is not a link.
    if (!row || !/^https?:\/\//i.test(row.destination)) return null;
    if (cache.size >= cacheSize) cache.delete(cache.keys().next().value as string);
    cache.set(code, { destination: row.destination, until: at + cacheMs });
    return row.destination;
  };
}

const notFound = (reply: FastifyReply) =>
  reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/plain; charset=utf-8')
    .send(shortLinkMessages.notFound);

/**
 * GET /l/{code} (and HEAD): the short links FitPost published (issue 30). A known code answers 302
 * to the destination recorded when the post was published; the click is noted in memory and
 * written by the recorder's next batch, after the answer (a HEAD request is not counted). Anything else — an unknown, malformed,
 * too long or slash-carrying code — is a plain 404 page: FitPost never redirects where it did not record.
 */
export function shortLinkRoutes(app: FastifyInstance, deps: ShortLinkDeps) {
  const now = deps.now ?? (() => new Date());
  const lookup = destinations(deps.db, now);
  app.decorate('linkClicks', deps.recorder);
  app.withTypeProvider<ZodTypeProvider>().get(
    `${shortLinkPrefix}*`,
    {
      schema: {
        tags: ['links'],
        summary: 'Follow a short link FitPost published: 302 to its destination, else a plain 404 page',
        description:
          'Public (no sign-in). A known code redirects to the link recorded when the post was published (with its UTM tags) and counts the click after answering: people as clicks (unique per visitor and day, from a salted hash of address and user agent that is never stored), crawlers and link-preview fetchers as previews. HEAD answers the same without counting. Unknown or malformed codes answer 404 and never redirect.',
        params: shortLinkParams,
      },
    },
    async (request, reply) => {
      const code = shortLinkCode.safeParse(request.params['*']);
      if (!code.success) return notFound(reply);
      const destination = await lookup(code.data);
      if (destination === null) return notFound(reply);
      const answer = reply.header('cache-control', 'no-store').redirect(destination, 302);
      // Only noted here (in memory); the recorder writes it with the next batch, after the answer.
      if (request.method === 'GET') {
        const userAgent = request.headers['user-agent'];
        deps.recorder.record({
          code: code.data,
          at: now(),
          address: request.ip,
          userAgent: userAgent ?? '',
          preview: isPreviewFetch(userAgent),
        });
      }
      return answer;
    },
  );
}
