/** GET /2/users/:id/tweets, the user Post timeline (X API v2 "Get Posts", timelines). */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, sendJson } from '../../http.js';
import { splitList } from '../network.js';
import { authenticate } from './x-api-routes.js';
import type { XDeps } from './x-deps.js';
import { invalidRequest } from './x-errors.js';
import { displayText } from './tweet-text.js';
import type { XTweet } from './x-state.js';

const timelineQuerySchema = z.object({
  max_results: z.coerce.number().int().min(5).max(100).default(10),
  start_time: z.iso.datetime({ offset: true }).optional(),
  end_time: z.iso.datetime({ offset: true }).optional(),
  pagination_token: z
    .string()
    .regex(/^\d{1,6}$/)
    .optional(),
  'tweet.fields': z.string().optional(),
  exclude: z.string().optional(),
});

/**
 * The account's posts, newest first, within `start_time`..`end_time`, `max_results` per page. Replies and
 * reposts do not exist in the sandbox, so `exclude` changes nothing. Unknown users are answered as X does:
 * 200 with a resource-not-found problem in `errors`.
 */
export function userTweets(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL, userId: string) {
  allowMethods(req, ['GET']);
  authenticate(deps, req, url, undefined);
  const parsed = timelineQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => `The \`${issue.path.join('.')}\` query parameter: ${issue.message}`),
    );
  }
  const query = parsed.data;
  const account = deps.state.accounts.get(userId);
  if (!account) {
    return sendJson(res, 200, {
      errors: [
        {
          value: userId,
          detail: `Could not find user with id: [${userId}].`,
          title: 'Not Found Error',
          resource_type: 'user',
          parameter: 'id',
          resource_id: userId,
          type: 'https://api.twitter.com/2/problems/resource-not-found',
        },
      ],
    });
  }
  const from = query.start_time === undefined ? -Infinity : Date.parse(query.start_time);
  const to = query.end_time === undefined ? Infinity : Date.parse(query.end_time);
  const matching = account.tweets
    .filter((tweet) => tweet.createdAt >= from && tweet.createdAt <= to)
    .reverse();
  const offset = Number(query.pagination_token ?? '0');
  const page = matching.slice(offset, offset + query.max_results);
  const fields = new Set(splitList(query['tweet.fields']));
  if (page.length === 0) return sendJson(res, 200, { meta: { result_count: 0 } });
  const next = offset + page.length < matching.length ? String(offset + page.length) : undefined;
  sendJson(res, 200, {
    data: page.map((tweet) => present(tweet, account.id, fields)),
    meta: {
      result_count: page.length,
      newest_id: page[0]?.id,
      oldest_id: page.at(-1)?.id,
      ...(next === undefined ? {} : { next_token: next }),
    },
  });
}

function present(tweet: XTweet, authorId: string, fields: ReadonlySet<string>) {
  return {
    id: tweet.id,
    text: (tweet.shown ??= displayText(tweet.text, tweet.mediaCount)),
    edit_history_tweet_ids: [tweet.id],
    ...(fields.has('created_at') ? { created_at: new Date(tweet.createdAt).toISOString() } : {}),
    ...(fields.has('author_id') ? { author_id: authorId } : {}),
  };
}
