import { z } from 'zod';

import { readJson } from '../http.js';
import type { PostMetrics, PublishingAdapter, XCredentials } from '../types.js';
import { READ, type XCaller } from './call.js';

const count = z.number().int().nonnegative();
/** Posts lookup: `public_metrics` for every post, `non_public_metrics` for the user's own of the last 30 days. */
const lookupSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        public_metrics: z
          .object({
            retweet_count: count.optional(),
            reply_count: count.optional(),
            like_count: count.optional(),
            quote_count: count.optional(),
            impression_count: count.optional(),
          })
          .optional(),
        non_public_metrics: z
          .object({ impression_count: count.optional(), url_link_clicks: count.optional() })
          .optional(),
      }),
    )
    .optional(),
});
/** GET /2/tweets takes up to 100 ids. */
const LOOKUP_BATCH = 100;

/** Engagement: public and (the member's own) non-public metrics from the Posts lookup. */
export function xMetrics(
  call: XCaller,
): Pick<PublishingAdapter<XCredentials>, 'metrics' | 'metricsBatchSize'> {
  return {
    metricsBatchSize: LOOKUP_BATCH,

    async metrics({ credentials, remoteIds }) {
      // GET /2/tweets?ids= ("Posts lookup") in user context, so the user's own posts carry non-public metrics.
      const answer = await call({
        method: 'GET',
        path: '/2/tweets',
        query: { ids: remoteIds.join(','), 'tweet.fields': 'public_metrics,non_public_metrics' },
        credentials,
      });
      const found = new Map<string, PostMetrics>();
      for (const post of readJson(READ, answer, lookupSchema).data ?? []) {
        const open = post.public_metrics;
        const own = post.non_public_metrics;
        const reposts =
          open?.retweet_count === undefined ? null : open.retweet_count + (open.quote_count ?? 0);
        found.set(post.id, {
          impressions: own?.impression_count ?? open?.impression_count ?? null,
          likes: open?.like_count ?? null,
          comments: open?.reply_count ?? null,
          shares: reposts,
          clicks: own?.url_link_clicks ?? null,
        });
      }
      return found;
    },
  };
}
