/** Meta's Graph API, shared by the Facebook Page and Instagram adapters: calls, errors and throttling. */
import { createHmac } from 'node:crypto';

import { z } from 'zod';

import { messages, networkName, PlatformError, reasonFrom } from './errors.js';
import { commonFailure, type HttpAnswer, type HttpRequest, parseJson, send } from './http.js';
import { type CallKind, readJson } from './http.js';
import type { PlatformSettings, PostMetrics } from './types.js';

type GraphNetwork = 'facebook' | 'instagram';

interface GraphCall {
  network: GraphNetwork;
  method: 'GET' | 'POST';
  /** After the version, e.g. `/me/accounts` or `/{page-id}/feed`. */
  path: string;
  params?: Record<string, string | undefined>;
  token?: string;
  publishes?: boolean;
}

interface GraphClient {
  /** Sends a call; any answer but 2xx becomes a PlatformError (graphFailure). */
  call(spec: GraphCall): Promise<HttpAnswer>;
}

/**
 * Parameters travel in the query string (GET) or as a form (POST), the token as `access_token` with its
 * `appsecret_proof`, HMAC-SHA256 of the token keyed with the app secret ("Securing Graph API Requests"),
 * so a leaked token is useless without the secret.
 */
export function createGraphClient(settings: PlatformSettings): GraphClient {
  const { graphUrl, clientSecret } = settings.facebook;
  return {
    async call(spec) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(spec.params ?? {}))
        if (value !== undefined) params.set(name, value);
      if (spec.token !== undefined) {
        params.set('access_token', spec.token);
        params.set('appsecret_proof', createHmac('sha256', clientSecret).update(spec.token).digest('hex'));
      }
      const isGet = spec.method === 'GET';
      const request: HttpRequest = {
        network: spec.network,
        method: spec.method,
        url: `${graphUrl}${spec.path}${isGet ? `?${params.toString()}` : ''}`,
        headers: isGet ? undefined : { 'content-type': 'application/x-www-form-urlencoded' },
        body: isGet ? undefined : params.toString(),
        timeoutMs: settings.timeoutMs,
        publishes: spec.publishes,
      };
      const answer = await send(request);
      if (!answer.ok) throw graphFailure(request, answer);
      return answer;
    },
  };
}

const graphErrorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
    is_transient: z.boolean().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
  }),
});

/** "Rate Limits" and "Handling Errors": app (4), user (17), Page (32), custom (613), app limit (341), BUC (80001–80014). */
const THROTTLING = new Set([4, 17, 32, 341, 613]);
const isBusinessUseCaseLimit = (code: number) => code >= 80000 && code <= 80014;
/** "Handling Errors", authentication subcodes: expired session (463), invalid token (467). */
const EXPIRED_SUBCODES = new Set([463, 467]);
/** Instagram "Content Publishing": 100 API-published posts per account per rolling 24 hours. */
const INSTAGRAM_QUOTA = { code: 9, subcode: 2207042, windowMs: 24 * 60 * 60 * 1000 };

/** Maps a Graph error answer to the engine's kinds ("Handling Errors" lists the codes and what to do). */
function graphFailure(request: HttpRequest, answer: HttpAnswer): PlatformError {
  const network = request.network;
  const parsed = graphErrorSchema.safeParse(parseJson(answer.text));
  const error = parsed.success ? parsed.data.error : undefined;
  const code = error?.code;
  const subcode = error?.error_subcode;
  const base = {
    network,
    status: answer.status,
    code:
      code === undefined
        ? String(answer.status)
        : subcode === undefined
          ? String(code)
          : `${code}/${subcode}`,
    detail: error?.message ?? answer.text.slice(0, 500),
  };
  const retryAfterMs = usageRetryAfter(answer.headers);
  const common = commonFailure(request, answer, { code: base.code, detail: base.detail, retryAfterMs });
  if (common) return common;
  if (code === undefined)
    return new PlatformError({ ...base, kind: 'content', message: messages.refused(network) });
  if (THROTTLING.has(code) || isBusinessUseCaseLimit(code)) {
    return new PlatformError({
      ...base,
      kind: 'rate_limited',
      message: messages.rateLimited(network),
      retryAfterMs,
    });
  }
  if (code === INSTAGRAM_QUOTA.code && subcode === INSTAGRAM_QUOTA.subcode) {
    return new PlatformError({
      ...base,
      kind: 'rate_limited',
      message:
        'Instagram allows 100 posts through apps per account in 24 hours; this one will go out when the limit frees up.',
      retryAfterMs: retryAfterMs ?? INSTAGRAM_QUOTA.windowMs,
    });
  }
  if (code === 190 || code === 102) {
    const expired = subcode !== undefined && EXPIRED_SUBCODES.has(subcode);
    return new PlatformError({
      ...base,
      kind: 'auth',
      message: expired ? messages.expired(network) : messages.revoked(network),
    });
  }
  if (code === 10 || (code >= 200 && code <= 299)) {
    return new PlatformError({ ...base, kind: 'auth', message: messages.permission(network) });
  }
  if (code === 1 || code === 2 || error?.is_transient === true) {
    return new PlatformError({ ...base, kind: 'retry', message: messages.unavailable(network) });
  }
  if (code === 506)
    return new PlatformError({ ...base, kind: 'content', message: messages.duplicate(network) });
  if (code === 368) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message: `${networkName(network)} has temporarily blocked posting from this account for going against its rules.`,
    });
  }
  return new PlatformError({
    ...base,
    kind: 'content',
    message: messages.refused(network, reasonFrom(error?.error_user_msg ?? error?.message)),
  });
}

/**
 * How long until a throttled app, user or Page may call again: `estimated_time_to_regain_access` (minutes)
 * in X-Business-Use-Case-Usage (per object id, a list per use case) or X-App-Usage, the longest of them.
 */
export function usageRetryAfter(headers: Headers): number | undefined {
  let minutes = 0;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        if (key === 'estimated_time_to_regain_access' && typeof inner === 'number')
          minutes = Math.max(minutes, inner);
        else visit(inner);
      }
    }
  };
  for (const name of ['x-business-use-case-usage', 'x-app-usage', 'x-ad-account-usage']) {
    const header = headers.get(name);
    if (header) visit(parseJson(header));
  }
  return minutes > 0 ? minutes * 60_000 : undefined;
}

/** Graph's cursor paging: `paging.cursors.after`, present with `paging.next` when there is more. */
export const pagingSchema = z
  .object({ cursors: z.object({ after: z.string().optional() }).optional(), next: z.string().optional() })
  .optional();

/** The `after` cursor of the next page, if there is one. */
export function nextCursor(paging: z.infer<typeof pagingSchema>): string | undefined {
  return paging?.next === undefined ? undefined : paging.cursors?.after;
}

/** Graph's multi-id reads take at most 50 ids. */
export const GRAPH_METRICS_BATCH = 50;

const insightsSchema = z.object({
  data: z.array(
    z.object({
      name: z.string(),
      values: z.array(z.object({ value: z.unknown() })),
    }),
  ),
});
const metricsObjectSchema = z.object({
  id: z.string(),
  insights: insightsSchema.optional(),
  comments: z.object({ summary: z.object({ total_count: z.number().int().nonnegative() }) }).optional(),
  shares: z.object({ count: z.number().int().nonnegative() }).optional(),
});

/** How each network's fields and insights metrics map onto FitPost's figures. */
const METRIC_FIELDS: Record<
  GraphNetwork,
  { fields: string; insights: Partial<Record<keyof PostMetrics, string>> }
> = {
  // Page post insights, plus the post's comments summary and share count.
  facebook: {
    fields:
      'insights.metric(post_impressions,post_clicks,post_reactions_like_total),comments.summary(true).limit(0),shares',
    insights: { impressions: 'post_impressions', clicks: 'post_clicks', likes: 'post_reactions_like_total' },
  },
  // Instagram media insights (`views` replaced `impressions` in 2025); Instagram has no link clicks.
  instagram: {
    fields: 'insights.metric(views,likes,comments,shares)',
    insights: { impressions: 'views', likes: 'likes', comments: 'comments', shares: 'shares' },
  },
};

/**
 * The posts' figures in one multi-id read (`GET /?ids=a,b&fields=insights.metric(…)`). An insight Graph leaves
 * out (it answers an empty set rather than 0 when it has no data) stays null. A Page post nobody shared has no
 * `shares` field, which Graph documents as none: that one is 0.
 */
export async function graphMetrics(
  graph: GraphClient,
  network: GraphNetwork,
  token: string,
  remoteIds: readonly string[],
): Promise<Map<string, PostMetrics>> {
  const spec = METRIC_FIELDS[network];
  const answer = await graph.call({
    network,
    method: 'GET',
    path: '/',
    token,
    params: { ids: remoteIds.join(','), fields: spec.fields },
  });
  const read: CallKind = { network };
  const objects = readJson(read, answer, z.record(z.string(), metricsObjectSchema));
  const found = new Map<string, PostMetrics>();
  for (const [id, object] of Object.entries(objects)) {
    const insight = (name: string | undefined) => {
      const value = object.insights?.data.find((metric) => metric.name === name)?.values[0]?.value;
      return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
    };
    const metrics: PostMetrics = {
      impressions: insight(spec.insights.impressions),
      likes: insight(spec.insights.likes),
      comments: insight(spec.insights.comments),
      shares: insight(spec.insights.shares),
      clicks: insight(spec.insights.clicks),
    };
    if (network === 'facebook') {
      metrics.comments = object.comments?.summary.total_count ?? null;
      metrics.shares = object.shares?.count ?? 0;
    }
    found.set(id, metrics);
  }
  return found;
}
