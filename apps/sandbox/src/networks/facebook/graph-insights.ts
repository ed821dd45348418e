/**
 * `GET /{version}/?ids=a,b&fields=…` (Graph "multiple ID read requests") for the posts FitPost published:
 * Page posts with `insights.metric(post_impressions,post_clicks,post_reactions_like_total)`,
 * `comments.summary(true)` and `shares`; Instagram media with `insights.metric(views,likes,comments,shares)`.
 * Insights come in Graph's shape, `{ data: [{ name, period: 'lifetime', values: [{ value }], title, id }] }`;
 * `shares` is left out of a Page post nobody shared, as Graph does.
 */
import type { ServerResponse } from 'node:http';

import { sendJson } from '../../http.js';
import { graphTime } from './graph-reads.js';
import { type Engagement, engagementAt } from '../engagement.js';
import { runPublish } from '../publish-call.js';
import type { FacebookDeps } from './facebook-deps.js';
import type { FacebookPage } from './facebook-state.js';
import { graphError, graphFaultAnswers, invalidParameter } from './graph-errors.js';
import type { GraphCaller, GraphParams } from './graph-request.js';

/** Graph takes at most 50 ids in one multi-id read. */
const MAX_IDS = 50;

const PAGE_METRICS: Record<string, { title: string; pick: (e: Engagement) => number }> = {
  post_impressions: { title: 'Lifetime Post Total Impressions', pick: (e) => e.impressions },
  post_clicks: { title: 'Lifetime Post Clicks', pick: (e) => e.clicks },
  post_reactions_like_total: { title: 'Lifetime Total Like Reactions of a post.', pick: (e) => e.likes },
};
const MEDIA_METRICS: Record<string, { title: string; pick: (e: Engagement) => number }> = {
  views: { title: 'Views', pick: (e) => e.impressions },
  likes: { title: 'Likes', pick: (e) => e.likes },
  comments: { title: 'Comments', pick: (e) => e.comments },
  shares: { title: 'Shares', pick: (e) => e.shares },
};

/** Splits `a,b.metric(c,d),e{f}` at the commas outside brackets; returns each field's name and modifiers. */
function parseFieldList(value: string): Map<string, string> {
  const fields = new Map<string, string>();
  let depth = 0;
  let current = '';
  const flush = () => {
    const item = current.trim();
    current = '';
    if (!item) return;
    const name = /^[a-z_]+/.exec(item)?.[0] ?? item;
    fields.set(name, item.slice(name.length));
  };
  for (const character of value) {
    if (character === '(' || character === '{') depth += 1;
    if (character === ')' || character === '}') depth -= 1;
    if (character === ',' && depth === 0) flush();
    else current += character;
  }
  flush();
  return fields;
}

function insights(
  objectId: string,
  modifiers: string | undefined,
  known: Record<string, { title: string; pick: (e: Engagement) => number }>,
  figures: Engagement,
) {
  const asked = /\.metric\(([^)]*)\)/.exec(modifiers ?? '')?.[1];
  if (!asked) throw invalidParameter('(#100) The value must be a valid insights metric');
  const data = asked.split(',').map((raw) => {
    const name = raw.trim();
    const metric = known[name];
    if (!metric) throw invalidParameter(`(#100) The value must be a valid insights metric: ${name}`);
    return {
      name,
      period: 'lifetime',
      values: [{ value: metric.pick(figures) }],
      title: metric.title,
      id: `${objectId}/insights/${name}/lifetime`,
    };
  });
  return { data };
}

/** The multi-id read; every id must be a post of a Page the caller manages (or its Instagram account). */
export async function readMany(
  deps: FacebookDeps,
  caller: GraphCaller,
  params: GraphParams,
  res: ServerResponse,
  canManage: (caller: GraphCaller, page: FacebookPage) => boolean,
) {
  const ids = (params.values.get('ids') ?? '').split(',').filter(Boolean);
  if (ids.length === 0 || ids.length > MAX_IDS) {
    throw invalidParameter(`(#100) ids must name 1 to ${MAX_IDS} objects`);
  }
  const fields = parseFieldList(params.values.get('fields') ?? 'id');
  const owners = ids.map((id) => {
    const post = deps.state.pagePosts.get(id);
    if (post) return { network: 'facebook' as const, ownerId: post.pageId, pageId: post.pageId };
    const media = deps.state.instagramMedia.get(id);
    const account = media && deps.state.instagram.get(media.accountId);
    if (media && account)
      return { network: 'instagram' as const, ownerId: media.accountId, pageId: account.pageId };
    throw graphError(404, {
      message: `(#803) Some of the aliases you requested do not exist: ${id}`,
      code: 803,
    });
  });
  for (const owner of owners) {
    const page = deps.state.pages.get(owner.pageId);
    if (!page || !canManage(caller, page)) {
      throw graphError(400, { message: '(#10) Requires pages_read_engagement permission', code: 10 });
    }
  }
  const first = owners[0];
  if (!first) throw invalidParameter('(#100) ids must name at least one object');
  await runPublish(deps.context, {
    network: first.network,
    accountId: first.ownerId,
    call: 'metrics',
    res,
    answers: graphFaultAnswers(first.network, first.ownerId, deps.app.appId),
    revokeAccount: () => deps.state.revokePage(first.pageId),
    publish: () => () => {
      const now = deps.context.metricsClock.now();
      const answer: Record<string, object> = {};
      ids.forEach((id) => {
        const post = deps.state.pagePosts.get(id)?.post;
        const media = deps.state.instagramMedia.get(id)?.media;
        const createdAt = post?.createdAt ?? media?.createdAt ?? now;
        const figures = engagementAt(id, createdAt, now);
        const values: Record<string, unknown> = { id };
        for (const [name, modifiers] of fields) {
          if (name === 'insights') {
            values.insights = insights(id, modifiers, post ? PAGE_METRICS : MEDIA_METRICS, figures);
          } else if (post && name === 'comments') {
            values.comments = { data: [], summary: { order: 'ranked', total_count: figures.comments } };
          } else if (post && name === 'shares') {
            if (figures.shares > 0) values.shares = { count: figures.shares };
          } else if (media && name === 'like_count') {
            values.like_count = figures.likes;
          } else if (media && name === 'comments_count') {
            values.comments_count = figures.comments;
          } else if (name === 'created_time' && post) {
            values.created_time = graphTime(post.createdAt);
          } else if (name === 'timestamp' && media) {
            values.timestamp = graphTime(media.createdAt);
          }
        }
        answer[id] = values;
      });
      sendJson(res, 200, answer);
    },
  });
}
