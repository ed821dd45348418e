/**
 * GET /2/tweets?ids= (X API v2 "Posts lookup"): up to 100 posts by id, with `public_metrics` and, for the
 * authenticating user's own posts of the last 30 days, `non_public_metrics` (impressions, link clicks), as X
 * serves them in user context. Unknown ids come back in `errors` as resource-not-found problems.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, sendJson } from '../../http.js';
import { engagementAt } from '../engagement.js';
import { splitList } from '../network.js';
import { runPublish } from '../publish-call.js';
import { authenticate } from './x-api-routes.js';
import type { XDeps } from './x-deps.js';
import { invalidRequest, xFaultAnswers } from './x-errors.js';
import { displayText } from './tweet-text.js';

/** X's per-user limit for GET /2/tweets, quoted in the rate-limit headers. */
const LOOKUP_RATE_LIMIT = 900;
const LOOKUP_WINDOW_SECONDS = 15 * 60;
/** Non-public and organic metrics are available for posts created in the last 30 days. */
const PRIVATE_METRICS_DAYS = 30;

const lookupQuerySchema = z.object({
  ids: z.string().regex(/^\d{1,19}(,\d{1,19}){0,99}$/, 'a comma-separated list of 1 to 100 post ids'),
  'tweet.fields': z.string().optional(),
});

export async function lookupTweets(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['GET']);
  const account = authenticate(deps, req, url, undefined);
  const parsed = lookupQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => `The \`${issue.path.join('.')}\` query parameter: ${issue.message}`),
    );
  }
  const fields = new Set(splitList(parsed.data['tweet.fields']));
  const ids = parsed.data.ids.split(',');
  await runPublish(deps.context, {
    network: 'x',
    accountId: account.id,
    call: 'metrics',
    res,
    answers: xFaultAnswers,
    revokeAccount: () => deps.state.revokeAccount(account.id),
    publish: () => () => {
      const now = deps.context.metricsClock.now();
      const data: object[] = [];
      const errors: object[] = [];
      for (const id of ids) {
        const found = deps.state.tweets.get(id);
        if (!found) {
          errors.push({
            value: id,
            detail: `Could not find tweet with ids: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'ids',
            resource_id: id,
            type: 'https://api.twitter.com/2/problems/resource-not-found',
          });
          continue;
        }
        const { tweet, authorId } = found;
        const figures = engagementAt(tweet.id, tweet.createdAt, now);
        const own = authorId === account.id;
        const recent = now - tweet.createdAt < PRIVATE_METRICS_DAYS * 24 * 60 * 60 * 1000;
        data.push({
          id: tweet.id,
          text: (tweet.shown ??= displayText(tweet.text, tweet.mediaCount)),
          edit_history_tweet_ids: [tweet.id],
          ...(fields.has('created_at') ? { created_at: new Date(tweet.createdAt).toISOString() } : {}),
          ...(fields.has('author_id') ? { author_id: authorId } : {}),
          ...(fields.has('public_metrics')
            ? {
                public_metrics: {
                  retweet_count: figures.shares,
                  reply_count: figures.comments,
                  like_count: figures.likes,
                  quote_count: 0,
                  bookmark_count: Math.floor(figures.likes / 4),
                  impression_count: figures.impressions,
                },
              }
            : {}),
          ...(fields.has('non_public_metrics') && own && recent
            ? {
                non_public_metrics: {
                  impression_count: figures.impressions,
                  url_link_clicks: figures.clicks,
                  user_profile_clicks: Math.floor(figures.clicks / 3),
                },
              }
            : {}),
        });
      }
      res.setHeader('x-rate-limit-limit', String(LOOKUP_RATE_LIMIT));
      res.setHeader('x-rate-limit-remaining', String(LOOKUP_RATE_LIMIT - 1));
      res.setHeader('x-rate-limit-reset', String(Math.ceil(Date.now() / 1000) + LOOKUP_WINDOW_SECONDS));
      sendJson(res, 200, {
        ...(data.length > 0 ? { data } : {}),
        ...(errors.length > 0 ? { errors } : {}),
      });
    },
  });
}
