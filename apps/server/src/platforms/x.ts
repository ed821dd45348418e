/**
 * X: the OAuth 1.0a three-legged flow ("Obtaining access tokens using 3-legged OAuth flow"), the v2 user
 * lookup, media upload with alt text, post creation and user Post timeline, every call signed with OAuth 1.0a
 * user context.
 */
import { z } from 'zod';

import { type ErrorBase, messages, PlatformError, reasonFrom } from './errors.js';
import {
  type CallKind,
  commonFailure,
  loadMedia,
  type HttpAnswer,
  type HttpRequest,
  parseJson,
  readJson,
  send,
  unexpectedAnswer,
} from './http.js';
import { authorizationHeader } from './oauth1.js';
import { CLOCK_SKEW_MS, composeText, findPost, parseTime } from './text.js';
import type {
  NetworkProfile,
  PlatformSettings,
  PostMetrics,
  PublishingAdapter,
  PublishMedia,
  PublishResult,
  ReconcileResult,
  XCredentials,
} from './types.js';

/** "Media best practices": images up to 5 MB. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The media types the one-shot upload takes for images (Upload media, `media_type`). */
const UPLOAD_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff']);
/** "Create Media metadata": alt text of at most 1,000 characters. */
const MAX_ALT_TEXT_LENGTH = 1000;
/** Timeline pages read while reconciling: 3 × 100 posts is far more than anyone posts in a few minutes. */
const RECONCILE_PAGES = 3;

export interface XRequestToken {
  oauthToken: string;
  oauthTokenSecret: string;
  /** Where to send the member to authorize FitPost. */
  authorizeUrl: string;
}

export interface XAccessToken extends XCredentials {
  userId: string;
  screenName: string;
}

export interface XAdapter extends PublishingAdapter<XCredentials> {
  readonly network: 'x';
  /** Step 1: a request token for `callbackUrl` (which must be registered in the X app). */
  requestToken(callbackUrl: string): Promise<XRequestToken>;
  /** Step 3: trades the authorized request token and the callback's `oauth_verifier` for the member's token. */
  accessToken(input: {
    oauthToken: string;
    oauthTokenSecret: string;
    oauthVerifier: string;
  }): Promise<XAccessToken>;
  /** The connected account (GET /2/users/me); `handle` is the username without "@". */
  profile(credentials: XCredentials): Promise<NetworkProfile>;
}

const problemSchema = z.object({
  title: z.string().optional(),
  detail: z.string().optional(),
  type: z.string().optional(),
  errors: z
    .array(
      z.object({
        message: z.string().optional(),
        code: z.number().optional(),
        detail: z.string().optional(),
      }),
    )
    .optional(),
});

const tokenAnswerSchema = z.object({ oauth_token: z.string().min(1), oauth_token_secret: z.string().min(1) });
const requestTokenSchema = tokenAnswerSchema.extend({ oauth_callback_confirmed: z.literal('true') });
const accessTokenSchema = tokenAnswerSchema.extend({
  user_id: z.string().min(1),
  screen_name: z.string().min(1),
});
const userSchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    profile_image_url: z.string().optional(),
  }),
});
const mediaSchema = z.object({ data: z.object({ id: z.string().min(1) }) });
const tweetSchema = z.object({ data: z.object({ id: z.string().min(1) }) });
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

const timelineSchema = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string(), created_at: z.string() })).optional(),
  meta: z.object({ next_token: z.string().optional() }).optional(),
});

interface XCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  credentials?: XCredentials;
  /** Extra OAuth protocol parameters (oauth_callback, oauth_verifier). */
  oauth?: Record<string, string>;
  publishes?: boolean;
  /** The OAuth endpoints, whose refusals mean "connect again" rather than anything about a post. */
  connecting?: boolean;
}

/** The X adapter. */
export function createXAdapter(settings: PlatformSettings): XAdapter {
  const { apiUrl, consumerKey, consumerSecret } = settings.x;

  async function call(spec: XCall): Promise<HttpAnswer> {
    const query = spec.query ? `?${new URLSearchParams(spec.query).toString()}` : '';
    const url = `${apiUrl}${spec.path}${query}`;
    const headers: Record<string, string> = {
      authorization: authorizationHeader({
        method: spec.method,
        url,
        consumerKey,
        consumerSecret,
        token: spec.credentials?.token,
        tokenSecret: spec.credentials?.tokenSecret,
        oauth: spec.oauth,
      }),
    };
    if (spec.json !== undefined) headers['content-type'] = 'application/json';
    const request: HttpRequest = {
      network: 'x',
      method: spec.method,
      url,
      headers,
      body: spec.json === undefined ? undefined : JSON.stringify(spec.json),
      timeoutMs: settings.timeoutMs,
      publishes: spec.publishes,
    };
    const answer = await send(request);
    if (!answer.ok) throw xFailure(request, answer, spec.connecting ?? false);
    return answer;
  }

  async function uploadImage(credentials: XCredentials, media: PublishMedia): Promise<string> {
    const bytes = await loadMedia('x', media, { timeoutMs: settings.timeoutMs, maxBytes: MAX_IMAGE_BYTES });
    // Upload media (POST /2/media/upload): one request, the file base64-encoded in a JSON body. Not a
    // post, so repeating it after a lost answer only leaves an unused media id behind.
    const answer = await call({
      method: 'POST',
      path: '/2/media/upload',
      credentials,
      json: {
        media: bytes.toString('base64'),
        media_category: 'tweet_image',
        ...(UPLOAD_MEDIA_TYPES.has(media.mimeType) ? { media_type: media.mimeType } : {}),
      },
    });
    const mediaId = readJson(READ, answer, mediaSchema).data.id;
    if (media.altText) {
      // Create Media metadata (POST /2/media/metadata, the v2 successor of v1.1 media/metadata/create): the
      // image's description for screen readers, attached before the post. Repeating it is harmless.
      await call({
        method: 'POST',
        path: '/2/media/metadata',
        credentials,
        json: {
          id: mediaId,
          metadata: { alt_text: { text: [...media.altText].slice(0, MAX_ALT_TEXT_LENGTH).join('') } },
        },
      });
    }
    return mediaId;
  }

  return {
    network: 'x',

    async requestToken(callbackUrl) {
      const answer = await call({
        method: 'POST',
        path: '/oauth/request_token',
        oauth: { oauth_callback: callbackUrl },
        connecting: true,
      });
      const token = formAnswer(answer, requestTokenSchema);
      const authorize = new URL(`${apiUrl}/oauth/authorize`);
      authorize.searchParams.set('oauth_token', token.oauth_token);
      return {
        oauthToken: token.oauth_token,
        oauthTokenSecret: token.oauth_token_secret,
        authorizeUrl: authorize.href,
      };
    },

    async accessToken({ oauthToken, oauthTokenSecret, oauthVerifier }) {
      const answer = await call({
        method: 'POST',
        path: '/oauth/access_token',
        credentials: { token: oauthToken, tokenSecret: oauthTokenSecret },
        oauth: { oauth_verifier: oauthVerifier },
        connecting: true,
      });
      const token = formAnswer(answer, accessTokenSchema);
      return {
        token: token.oauth_token,
        tokenSecret: token.oauth_token_secret,
        userId: token.user_id,
        screenName: token.screen_name,
      };
    },

    async profile(credentials) {
      const query = { 'user.fields': 'profile_image_url' };
      const answer = await call({ method: 'GET', path: '/2/users/me', query, credentials });
      const { data } = readJson(READ, answer, userSchema);
      return {
        accountId: data.id,
        name: data.name,
        handle: data.username,
        pictureUrl: data.profile_image_url,
      };
    },

    async publish(target): Promise<PublishResult> {
      const mediaIds = target.media ? [await uploadImage(target.credentials, target.media)] : [];
      const text = composeText(target.text, target.link);
      // Manage Posts, POST /2/tweets: text and/or media.media_ids; 201 { data: { id, text } }.
      const answer = await call({
        method: 'POST',
        path: '/2/tweets',
        credentials: target.credentials,
        json: {
          ...(text === '' ? {} : { text }),
          ...(mediaIds.length > 0 ? { media: { media_ids: mediaIds } } : {}),
        },
        publishes: true,
      });
      const { id } = readJson(PUBLISH, answer, tweetSchema).data;
      return { remoteId: id, url: postUrl(id) };
    },

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

    async reconcile(target, { since }): Promise<ReconcileResult> {
      // GET /2/users/:id/tweets (user Post timeline), newest first, from a little before the attempt.
      const startTime = new Date(since.getTime() - CLOCK_SKEW_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const posts = [];
      let next: string | undefined;
      for (let page = 0; page < RECONCILE_PAGES; page += 1) {
        const answer = await call({
          method: 'GET',
          path: `/2/users/${encodeURIComponent(target.accountId)}/tweets`,
          query: {
            max_results: '100',
            start_time: startTime,
            'tweet.fields': 'created_at',
            exclude: 'replies,retweets',
            ...(next === undefined ? {} : { pagination_token: next }),
          },
          credentials: target.credentials,
        });
        const timeline = readJson(READ, answer, timelineSchema);
        for (const tweet of timeline.data ?? []) {
          posts.push({ remoteId: tweet.id, text: tweet.text, createdAt: parseTime(tweet.created_at) });
        }
        next = timeline.meta?.next_token;
        if (next === undefined) break;
      }
      const found = findPost(posts, composeText(target.text, target.link), since);
      return found
        ? { found: true, remoteId: found.remoteId, url: postUrl(found.remoteId) }
        : { found: false };
    },
  };
}

const READ: CallKind = { network: 'x' };
const PUBLISH: CallKind = { network: 'x', publishes: true };

/** The OAuth endpoints answer application/x-www-form-urlencoded, not JSON. */
function formAnswer<T>(answer: HttpAnswer, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(answer.text)));
  if (!parsed.success) throw unexpectedAnswer(READ, answer, parsed.error.message);
  return parsed.data;
}

/** Works without the handle, which a target does not carry. */
function postUrl(id: string): string {
  return `https://x.com/i/web/status/${id}`;
}

/**
 * X's refusals ("Response codes and errors"): v2 answers RFC 7807 problems, the OAuth endpoints the v1.1
 * `{ errors: [{ code, message }] }` shape.
 */
function xFailure(request: HttpRequest, answer: HttpAnswer, connecting: boolean): PlatformError {
  const problem = problemSchema.safeParse(parseJson(answer.text));
  const body = problem.success ? problem.data : {};
  const firstError = body.errors?.[0];
  const code =
    body.type ?? (firstError?.code === undefined ? String(answer.status) : String(firstError.code));
  const detail = [body.detail, ...(body.errors ?? []).map((e) => e.message ?? e.detail)]
    .filter(Boolean)
    .join(' ');
  const base: ErrorBase = {
    network: 'x',
    status: answer.status,
    code,
    detail: detail || answer.text.slice(0, 500),
  };
  const common = commonFailure(request, answer, {
    code,
    detail: base.detail,
    retryAfterMs: xRetryAfter(answer.headers),
  });
  if (common) return common;
  if (connecting) return connectFailure(answer.status, firstError?.code, base);
  if (answer.status === 401)
    return new PlatformError({ ...base, kind: 'auth', message: messages.revoked('x') });
  if (/duplicate/i.test(detail))
    return new PlatformError({ ...base, kind: 'content', message: messages.duplicate('x') });
  if (answer.status === 403 && /oauth1-permissions|client-forbidden|not-authorized/.test(code)) {
    return new PlatformError({ ...base, kind: 'auth', message: messages.permission('x') });
  }
  if (/too long/i.test(detail)) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message:
        'X refused the post because it is longer than X allows (280 characters, each link counting as 23).',
    });
  }
  if (/media/i.test(detail)) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message: 'X refused the graphic attached to the post.',
    });
  }
  return new PlatformError({ ...base, kind: 'content', message: messages.refused('x', reasonFrom(detail)) });
}

function connectFailure(status: number, v1Code: number | undefined, base: ErrorBase): PlatformError {
  // v1.1 codes: 32 could not authenticate, 89 invalid or expired token, 415 callback URL not approved.
  const message =
    v1Code === 415
      ? 'X refused FitPost’s callback address; ask your administrator to register it in the X app.'
      : v1Code === 89
        ? 'The X authorization expired or was already used; connect X again.'
        : status === 401
          ? 'X did not accept FitPost’s app credentials; ask your administrator to check the X settings.'
          : 'X refused to connect your account; please try again.';
  return new PlatformError({ ...base, kind: 'auth', message });
}

/**
 * "Rate limits": 429 with x-rate-limit-reset (epoch seconds) for the 15-minute window, and the 24-hour
 * user and app limits of POST /2/tweets in x-user-limit-24hour-* / x-app-limit-24hour-*. The window that
 * is exhausted decides; if none says so, the 15-minute reset.
 */
export function xRetryAfter(headers: Headers, now = Date.now()): number | undefined {
  const windows = [
    ['x-rate-limit-remaining', 'x-rate-limit-reset'],
    ['x-user-limit-24hour-remaining', 'x-user-limit-24hour-reset'],
    ['x-app-limit-24hour-remaining', 'x-app-limit-24hour-reset'],
  ] as const;
  const exhausted = windows
    .filter(([remaining]) => headers.get(remaining) === '0')
    .map(([, reset]) => Number(headers.get(reset)))
    .filter((reset) => Number.isFinite(reset) && reset > 0);
  const fallback = Number(headers.get('x-rate-limit-reset'));
  const resets =
    exhausted.length > 0 ? exhausted : Number.isFinite(fallback) && fallback > 0 ? [fallback] : [];
  if (resets.length === 0) return undefined;
  return Math.max(0, Math.max(...resets) * 1000 - now);
}
