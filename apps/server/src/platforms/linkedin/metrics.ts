import { z } from 'zod';

import { PlatformError } from '../errors.js';
import { readJson, type HttpAnswer } from '../http.js';
import type { PlatformSettings, PostMetrics, PublishingAdapter, TokenCredentials } from '../types.js';
import { type LinkedInCaller, READ } from './call.js';

/** Social Actions BATCH_GET: likes and comments summaries per post URN; errors for posts it cannot show. */
const socialActionsSchema = z.object({
  results: z.record(
    z.string(),
    z.object({
      likesSummary: z.object({ totalLikes: z.number().int().nonnegative() }).optional(),
      commentsSummary: z
        .object({
          totalFirstLevelComments: z.number().int().nonnegative().optional(),
          aggregatedTotalComments: z.number().int().nonnegative().optional(),
        })
        .optional(),
    }),
  ),
});
const UNKNOWN_METRICS: PostMetrics = {
  impressions: null,
  likes: null,
  comments: null,
  shares: null,
  clicks: null,
};
/** Rest.li batch calls stay well under URL limits at 50 URNs. */
const SOCIAL_ACTIONS_BATCH = 50;

/** Engagement: likes and comments per post from the Social Actions API. */
export function linkedInMetrics(
  settings: PlatformSettings,
  call: LinkedInCaller,
): Pick<PublishingAdapter<TokenCredentials>, 'metrics' | 'metricsBatchSize'> {
  const { apiUrl } = settings.linkedin;

  return {
    metricsBatchSize: SOCIAL_ACTIONS_BATCH,

    async metrics({ credentials, remoteIds }) {
      // GET /rest/socialActions?ids=List(…): each key URL-encoded inside the Rest.li 2.0 list.
      const ids = `List(${remoteIds.map((id) => encodeURIComponent(id)).join(',')})`;
      const found = new Map<string, PostMetrics>();
      let answer: HttpAnswer;
      try {
        answer = await call({
          method: 'GET',
          url: `${apiUrl}/rest/socialActions?ids=${ids}`,
          token: credentials.accessToken,
          versioned: true,
        });
      } catch (error) {
        // Without r_member_social (approved partners only) LinkedIn shows nothing: every figure stays unknown,
        // and the connection is fine for publishing, so this is not an auth failure.
        if (!(error instanceof PlatformError) || error.status !== 403) throw error;
        for (const urn of remoteIds) found.set(urn, UNKNOWN_METRICS);
        return found;
      }
      for (const [urn, actions] of Object.entries(readJson(READ, answer, socialActionsSchema).results)) {
        const comments = actions.commentsSummary;
        found.set(urn, {
          // A member's post's impressions, reshares and clicks are shown to analytics partners only.
          impressions: null,
          likes: actions.likesSummary?.totalLikes ?? null,
          comments: comments?.aggregatedTotalComments ?? comments?.totalFirstLevelComments ?? null,
          shares: null,
          clicks: null,
        });
      }
      return found;
    },
  };
}
