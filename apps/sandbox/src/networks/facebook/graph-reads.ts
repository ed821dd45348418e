/** Reading what was published: GET /{page-id}/feed (Page Feed) and GET /{ig-user-id}/media (IG User Media). */
import type { ServerResponse } from 'node:http';

import { sendJson } from '../../http.js';
import type { FacebookPage, InstagramAccount } from './facebook-state.js';
import { invalidParameter } from './graph-errors.js';
import { type GraphParams, parseFields } from './graph-request.js';

const DEFAULT_LIMIT = 25;
const MAX_LIMIT = 100;

/** Graph prints times as ISO 8601 with a `+0000` offset, e.g. 2026-01-31T09:15:00+0000. */
export function graphTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace(/\.\d{3}Z$/, '+0000');
}

interface Window {
  since: number;
  until: number;
  limit: number;
  offset: number;
}

/** `since`/`until` (a Unix timestamp or an ISO 8601 time), `limit`, and the `after` cursor of a previous page. */
function readWindow(params: GraphParams): Window {
  const time = (name: string, fallback: number) => {
    const value = params.values.get(name);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value);
    if (Number.isNaN(parsed))
      throw invalidParameter(`The parameter ${name} must be a Unix timestamp or an ISO 8601 time`);
    return parsed;
  };
  const limit = Number(params.values.get('limit') ?? DEFAULT_LIMIT);
  if (!Number.isInteger(limit) || limit < 1)
    throw invalidParameter('The parameter limit must be a positive integer');
  const after = params.values.get('after');
  const offset = after === undefined ? 0 : Number(Buffer.from(after, 'base64url').toString('utf8'));
  if (!Number.isInteger(offset) || offset < 0) throw invalidParameter('The after cursor is not valid');
  return {
    since: time('since', -Infinity),
    until: time('until', Infinity),
    limit: Math.min(limit, MAX_LIMIT),
    offset,
  };
}

/** Newest first within the window, one page of it, with Graph's cursor paging. */
function page<T extends { createdAt: number }>(
  items: readonly T[],
  window: Window,
  present: (item: T) => object,
) {
  const matching = items
    .filter((item) => item.createdAt >= window.since && item.createdAt <= window.until)
    .reverse();
  const slice = matching.slice(window.offset, window.offset + window.limit);
  const cursor = (offset: number) => Buffer.from(String(offset)).toString('base64url');
  const end = window.offset + slice.length;
  return {
    data: slice.map(present),
    paging: {
      cursors: { before: cursor(window.offset), after: cursor(end) },
      ...(end < matching.length ? { next: `?after=${cursor(end)}&limit=${window.limit}` } : {}),
    },
  };
}

/** GET /{page-id}/feed: the Page's posts; `fields` defaults to created_time, message and id, as Graph's do. */
export function pageFeed(page_: FacebookPage, params: GraphParams, res: ServerResponse): void {
  const fields = parseFields(params.values.get('fields'), ['created_time', 'message', 'id']);
  sendJson(
    res,
    200,
    page(page_.posts, readWindow(params), (post) => {
      const values: Record<string, unknown> = {
        id: post.id,
        message: post.message,
        created_time: graphTime(post.createdAt),
        permalink_url: `https://www.facebook.com/${post.id}`,
      };
      return select(values, fields);
    }),
  );
}

/** GET /{ig-user-id}/media: the account's published posts; `fields` defaults to id. */
export function instagramMedia(account: InstagramAccount, params: GraphParams, res: ServerResponse): void {
  const fields = parseFields(params.values.get('fields'), ['id']);
  sendJson(
    res,
    200,
    page(account.media, readWindow(params), (media) =>
      select(
        {
          id: media.id,
          caption: media.caption,
          media_type: 'IMAGE',
          media_product_type: 'FEED',
          permalink: `https://www.instagram.com/p/${media.shortcode}/`,
          timestamp: graphTime(media.createdAt),
          username: account.username,
        },
        fields,
      ),
    ),
  );
}

/** The requested fields that have a value, and always the id (Graph leaves out empty fields). */
function select(
  values: Record<string, unknown>,
  fields: ReadonlyMap<string, unknown>,
): Record<string, unknown> {
  const result: Record<string, unknown> = { id: values.id };
  for (const name of fields.keys()) if (values[name] !== undefined) result[name] = values[name];
  return result;
}
