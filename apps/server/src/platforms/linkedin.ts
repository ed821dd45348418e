/**
 * LinkedIn: "Authorization Code Flow (3-legged OAuth)", "Sign In with LinkedIn using OpenID Connect"
 * (/v2/userinfo), and the versioned Posts and Images APIs (/rest/posts, /rest/images) posting as the member.
 */
import { setTimeout as delay } from 'node:timers/promises';

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
  retryAfterHeader,
  send,
  unexpectedAnswer,
} from './http.js';
import { CLOCK_SKEW_MS, composeText, findPost, type RecentPost } from './text.js';
import type {
  AuthorizeRequest,
  NetworkProfile,
  OAuth2Tokens,
  PlatformSettings,
  PostMetrics,
  PublishingAdapter,
  PublishMedia,
  PublishResult,
  ReconcileResult,
  TokenCredentials,
} from './types.js';

/**
 * Sign In with LinkedIn (openid, profile) and Share on LinkedIn (w_member_social). Reading the member's
 * posts back (reconcile) needs r_member_social, which LinkedIn grants to approved partners only: add it
 * here if FitPost's app has it.
 */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;

/** A LinkedIn-Version (YYYYMM) LinkedIn supports; versions are retired about a year after release. */
export const DEFAULT_LINKEDIN_VERSION = '202610';

/** The member's recent posts read while reconciling: 2 × 50, newest first. */
const RECONCILE_PAGES = 2;
const RECONCILE_PAGE_SIZE = 50;
/** Images API: LinkedIn takes images up to 36 megapixels; FitPost's graphics are far smaller. */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Image status checks after an upload: every second, up to 20 times, unless the settings say otherwise. */
const IMAGE_POLL_MS = 1000;
const IMAGE_POLL_LIMIT = 20;

export interface LinkedInAdapter extends PublishingAdapter<TokenCredentials> {
  readonly network: 'linkedin';
  /** The authorization URL; `scopes` default to LINKEDIN_SCOPES. */
  authorizeUrl(request: AuthorizeRequest): string;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<OAuth2Tokens>;
  /** Only apps LinkedIn approved for refresh tokens get one; the refresh token keeps its original expiry. */
  refresh(refreshToken: string): Promise<OAuth2Tokens>;
  /** The member (GET /v2/userinfo): `accountId` is `sub`, the id in `urn:li:person:{id}`. */
  profile(accessToken: string): Promise<NetworkProfile>;
}

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const userinfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  picture: z.string().optional(),
});
const uploadSchema = z.object({ value: z.object({ uploadUrl: z.url(), image: z.string().min(1) }) });
const imageSchema = z.object({
  status: z.enum(['WAITING_UPLOAD', 'PROCESSING', 'AVAILABLE', 'PROCESSING_FAILED']),
});
const postsSchema = z.object({
  elements: z.array(z.object({ id: z.string(), commentary: z.string().optional(), createdAt: z.number() })),
});
const errorSchema = z.object({
  status: z.number().optional(),
  serviceErrorCode: z.number().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});

const READ: CallKind = { network: 'linkedin' };

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
const PUBLISH: CallKind = { network: 'linkedin', publishes: true };

interface LinkedInCall {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  token?: string;
  json?: unknown;
  form?: URLSearchParams;
  bytes?: { data: Buffer; type: string };
  /** The versioned /rest APIs want LinkedIn-Version and the Rest.li 2.0 protocol header. */
  versioned?: boolean;
  publishes?: boolean;
}

/** The LinkedIn adapter. */
export function createLinkedInAdapter(settings: PlatformSettings): LinkedInAdapter {
  const { authUrl, apiUrl, clientId, clientSecret, version } = settings.linkedin;

  async function call(spec: LinkedInCall): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    if (spec.token !== undefined) headers.authorization = `Bearer ${spec.token}`;
    if (spec.versioned) {
      headers['linkedin-version'] = version;
      headers['x-restli-protocol-version'] = '2.0.0';
    }
    let body: string | Uint8Array | undefined;
    if (spec.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = spec.form.toString();
    } else if (spec.bytes) {
      headers['content-type'] = spec.bytes.type;
      body = spec.bytes.data;
    }
    const request: HttpRequest = {
      network: 'linkedin',
      method: spec.method,
      url: spec.url,
      headers,
      body,
      timeoutMs: settings.timeoutMs,
      publishes: spec.publishes,
    };
    const answer = await send(request);
    if (!answer.ok) throw linkedInFailure(request, answer);
    return answer;
  }

  async function token(form: Record<string, string>): Promise<OAuth2Tokens> {
    const params = new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret });
    const answer = await call({ method: 'POST', url: `${authUrl}/accessToken`, form: params });
    const granted = readJson(READ, answer, tokenSchema);
    const now = Date.now();
    return {
      accessToken: granted.access_token,
      ...(granted.expires_in === undefined ? {} : { expiresAt: new Date(now + granted.expires_in * 1000) }),
      ...(granted.refresh_token === undefined ? {} : { refreshToken: granted.refresh_token }),
      ...(granted.refresh_token_expires_in === undefined
        ? {}
        : { refreshExpiresAt: new Date(now + granted.refresh_token_expires_in * 1000) }),
      scope: (granted.scope ?? '').split(/[\s,]+/).filter(Boolean),
    };
  }

  /** Images API: initializeUpload, then PUT the bytes to the upload URL; answers the image URN. */
  async function uploadImage(accessToken: string, owner: string, media: PublishMedia): Promise<string> {
    const bytes = await loadMedia('linkedin', media, {
      timeoutMs: settings.timeoutMs,
      maxBytes: MAX_IMAGE_BYTES,
    });
    const initialized = await call({
      method: 'POST',
      url: `${apiUrl}/rest/images?action=initializeUpload`,
      token: accessToken,
      versioned: true,
      json: { initializeUploadRequest: { owner } },
    });
    const { value } = readJson(READ, initialized, uploadSchema);
    // The upload URL gets the member's token, so it must be LinkedIn's (or, in tests, the configured host's).
    if (!isLinkedInUrl(value.uploadUrl, [apiUrl, authUrl])) {
      throw unexpectedAnswer(READ, initialized, `upload URL outside LinkedIn: ${value.uploadUrl}`);
    }
    await call({
      method: 'PUT',
      url: value.uploadUrl,
      token: accessToken,
      bytes: { data: bytes, type: media.mimeType },
    });
    await waitUntilAvailable(accessToken, value.image);
    return value.image;
  }

  /**
   * Images API, "Get an image": LinkedIn processes an upload before a post may use it, so its status is read
   * until AVAILABLE. PROCESSING_FAILED is the picture's fault (content); still processing after the last
   * check is `retry` (a later attempt uploads again).
   */
  async function waitUntilAvailable(accessToken: string, urn: string): Promise<void> {
    const pollMs = settings.linkedinImagePollMs ?? IMAGE_POLL_MS;
    const limit = settings.linkedinImagePollLimit ?? IMAGE_POLL_LIMIT;
    for (let attempt = 0; attempt < limit; attempt += 1) {
      if (attempt > 0) await delay(pollMs);
      const answer = await call({
        method: 'GET',
        url: `${apiUrl}/rest/images/${encodeURIComponent(urn)}`,
        token: accessToken,
        versioned: true,
      });
      const { status } = readJson(READ, answer, imageSchema);
      if (status === 'AVAILABLE') return;
      if (status === 'PROCESSING_FAILED') {
        throw new PlatformError({
          network: 'linkedin',
          kind: 'content',
          code: status,
          detail: `image ${urn}`,
          message:
            'LinkedIn could not process the picture for this post (it may be damaged or in a format LinkedIn does not take). Try another graphic.',
        });
      }
    }
    throw new PlatformError({
      network: 'linkedin',
      kind: 'retry',
      code: 'PROCESSING',
      detail: `image ${urn}`,
      message: 'LinkedIn is still processing the picture; FitPost will try again shortly.',
    });
  }

  return {
    network: 'linkedin',

    authorizeUrl({ state, redirectUri, scopes = LINKEDIN_SCOPES }) {
      const url = new URL(`${authUrl}/authorization`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        state,
        scope: scopes.join(' '),
      }).toString();
      return url.href;
    },

    exchangeCode({ code, redirectUri }) {
      return token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    },

    refresh(refreshToken) {
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async profile(accessToken) {
      const answer = await call({ method: 'GET', url: `${apiUrl}/v2/userinfo`, token: accessToken });
      const user = readJson(READ, answer, userinfoSchema);
      return { accountId: user.sub, name: user.name ?? '', pictureUrl: user.picture };
    },

    async publish(target): Promise<PublishResult> {
      const accessToken = target.credentials.accessToken;
      const author = personUrn(target.accountId);
      const image = target.media ? await uploadImage(accessToken, author, target.media) : undefined;
      // Posts API, "Create a post": 201 with the post's URN in x-restli-id and no body.
      const answer = await call({
        method: 'POST',
        url: `${apiUrl}/rest/posts`,
        token: accessToken,
        versioned: true,
        publishes: true,
        json: {
          author,
          commentary: toLittleText(composeText(target.text, target.link)),
          visibility: 'PUBLIC',
          distribution: {
            feedDistribution: 'MAIN_FEED',
            targetEntities: [],
            thirdPartyDistributionChannels: [],
          },
          ...(image
            ? {
                content: {
                  media: { id: image, ...(target.media?.altText ? { altText: target.media.altText } : {}) },
                },
              }
            : {}),
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        },
      });
      const urn = answer.headers.get('x-restli-id');
      if (!urn) throw unexpectedAnswer(PUBLISH, answer, 'no x-restli-id header');
      return { remoteId: urn, url: postUrl(urn) };
    },

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

    async reconcile(target, { since }): Promise<ReconcileResult> {
      const posts: RecentPost[] = [];
      for (let page = 0; page < RECONCILE_PAGES; page += 1) {
        // Posts API, "Find Posts by Authors", parameters in the order the docs give them.
        const query = `author=${encodeURIComponent(personUrn(target.accountId))}&q=author&count=${RECONCILE_PAGE_SIZE}&start=${page * RECONCILE_PAGE_SIZE}&sortBy=CREATED`;
        let answer: HttpAnswer;
        try {
          answer = await call({
            method: 'GET',
            url: `${apiUrl}/rest/posts?${query}`,
            token: target.credentials.accessToken,
            versioned: true,
          });
        } catch (error) {
          throw undeterminable(error);
        }
        const { elements } = readJson(READ, answer, postsSchema);
        for (const post of elements) {
          posts.push({
            remoteId: post.id,
            text: fromLittleText(post.commentary ?? ''),
            createdAt: post.createdAt,
          });
        }
        const oldest = elements.at(-1)?.createdAt;
        if (
          elements.length < RECONCILE_PAGE_SIZE ||
          oldest === undefined ||
          oldest < since.getTime() - CLOCK_SKEW_MS
        ) {
          break;
        }
      }
      const found = findPost(posts, composeText(target.text, target.link), since);
      return found
        ? { found: true, remoteId: found.remoteId, url: postUrl(found.remoteId) }
        : { found: false };
    },
  };
}

function personUrn(memberId: string): string {
  return `urn:li:person:${memberId}`;
}

function postUrl(urn: string): string {
  return `https://www.linkedin.com/feed/update/${urn}/`;
}

function isLinkedInUrl(candidate: string, configured: readonly string[]): boolean {
  const url = new URL(candidate);
  if (configured.some((base) => new URL(base).origin === url.origin)) return true;
  return (
    url.protocol === 'https:' && (url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com'))
  );
}

/**
 * Reading posts needs r_member_social, which LinkedIn reserves for approved partners: without it the finder
 * answers 403 and FitPost cannot tell whether the post landed. That is `unknown`, not `auth`: the connection
 * still publishes fine; the member has to look at their profile.
 */
function undeterminable(error: unknown): unknown {
  if (!(error instanceof PlatformError) || error.status !== 403) return error;
  return new PlatformError({
    network: 'linkedin',
    kind: 'unknown',
    code: error.code,
    status: error.status,
    detail: error.detail,
    cause: error,
    message:
      'LinkedIn does not let FitPost read your posts, so it cannot tell whether this one was published. Please check your LinkedIn profile.',
  });
}

/**
 * Posts API commentary is "little" text: `\ | { } @ [ ] ( ) < > # * _ ~` are markup and must be escaped
 * with a backslash to show as typed ("Little Text Format"); unescaped, LinkedIn may cut the post short.
 * Links are left alone (they must stay clickable), and so is a # that starts a hashtag.
 */
export function toLittleText(text: string): string {
  return text
    .split(/(https?:\/\/\S+)/g)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/[\\|{}@[\]()<>#*_~]/g, (c, offset: number) =>
            c === '#' && /[\p{L}\p{N}]/u.test(part.charAt(offset + 1)) ? c : `\\${c}`,
          ),
    )
    .join('');
}

/** The text of a post read back from the Posts API, escapes removed. */
export function fromLittleText(text: string): string {
  return text.replace(/\\([\\|{}@[\]()<>#*_~])/g, '$1');
}

/**
 * LinkedIn's refusals: `{ status, serviceErrorCode, code, message }` from the API, RFC 6749 errors from the
 * OAuth endpoints ("Error Handling", "Authorization Code Flow").
 */
function linkedInFailure(request: HttpRequest, answer: HttpAnswer): PlatformError {
  const parsed = errorSchema.safeParse(parseJson(answer.text));
  const body = parsed.success ? parsed.data : {};
  const code = body.code ?? body.error ?? String(answer.status);
  const detail = body.message ?? body.error_description ?? answer.text.slice(0, 500);
  const base: ErrorBase = { network: 'linkedin', status: answer.status, code, detail };
  const common = commonFailure(request, answer, {
    code,
    detail,
    retryAfterMs: linkedInRetryAfter(answer, detail),
  });
  if (common) return common;
  if (body.error !== undefined) {
    // The OAuth endpoints: a bad, used or expired code or refresh token, or wrong client credentials.
    return new PlatformError({
      ...base,
      kind: 'auth',
      message:
        body.error === 'invalid_client'
          ? 'LinkedIn did not accept FitPost’s app credentials; ask your administrator to check the LinkedIn settings.'
          : 'LinkedIn did not complete the connection (the sign-in may have expired); connect LinkedIn again.',
    });
  }
  if (answer.status === 401) {
    // 65601 REVOKED_ACCESS_TOKEN, 65602 EXPIRED_ACCESS_TOKEN, 65600 INVALID_ACCESS_TOKEN.
    const revoked = code === 'REVOKED_ACCESS_TOKEN' || body.serviceErrorCode === 65601;
    return new PlatformError({
      ...base,
      kind: 'auth',
      message: revoked ? messages.revoked('linkedin') : messages.expired('linkedin'),
    });
  }
  if (answer.status === 403)
    return new PlatformError({ ...base, kind: 'auth', message: messages.permission('linkedin') });
  if (answer.status === 426 || code === 'VERSION_MISSING' || code === 'NONEXISTENT_VERSION') {
    return new PlatformError({
      ...base,
      kind: 'content',
      message:
        'LinkedIn refused the post because FitPost uses a LinkedIn API version it no longer accepts; please tell your administrator.',
    });
  }
  if (/duplicate/i.test(detail))
    return new PlatformError({ ...base, kind: 'content', message: messages.duplicate('linkedin') });
  if (/FIELD_LENGTH_TOO_LONG|too long|exceeds max/i.test(answer.text)) {
    return new PlatformError({
      ...base,
      kind: 'content',
      message: 'LinkedIn refused the post because it is longer than LinkedIn allows (3,000 characters).',
    });
  }
  return new PlatformError({
    ...base,
    kind: 'content',
    message: messages.refused('linkedin', reasonFrom(detail)),
  });
}

/**
 * "API Rate Limiting": a 429 and nothing more; the daily application and member limits reset at midnight
 * UTC. A Retry-After header wins if LinkedIn sends one; a DAY limit waits for midnight UTC.
 */
function linkedInRetryAfter(answer: HttpAnswer, detail: string, now = Date.now()): number | undefined {
  if (answer.status !== 429) return undefined;
  const header = retryAfterHeader(answer.headers, now);
  if (header !== undefined) return header;
  if (!/\bDAY\b/.test(detail)) return undefined;
  const midnight = new Date(now);
  midnight.setUTCHours(24, 0, 0, 0);
  return midnight.getTime() - now;
}
