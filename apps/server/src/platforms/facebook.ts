/**
 * Facebook Pages: Facebook Login ("Manually Build a Login Flow"), the long-lived token exchange ("Long-Lived
 * Access Tokens"), the person's Pages with their Instagram accounts (/me/accounts), and publishing as the
 * Page ("Pages API, Posts": /{page-id}/feed and /{page-id}/photos).
 */
import { z } from 'zod';

import { PlatformError } from './errors.js';
import { createGraphClient, GRAPH_METRICS_BATCH, graphMetrics, nextCursor, pagingSchema } from './graph.js';
import { type CallKind, readJson } from './http.js';
import { CLOCK_SKEW_MS, composeText, findPost, parseTime } from './text.js';
import type {
  AuthorizeRequest,
  PlatformSettings,
  PublishingAdapter,
  PublishResult,
  ReconcileResult,
  TokenCredentials,
} from './types.js';

/**
 * Listing the person's Pages (pages_show_list), posting as a Page (pages_manage_posts, with
 * pages_read_engagement to read its feed back), and the Page's Instagram account (instagram_basic,
 * instagram_content_publish), per the Pages API and Instagram "Content Publishing" requirements.
 * Accounts managed through a Business Manager also need business_management, which needs App Review.
 */
export const FACEBOOK_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_posts',
  'instagram_basic',
  'instagram_content_publish',
] as const;

/** Pages of /me/accounts and of the Page feed read while listing or reconciling. */
const MAX_PAGES = 5;

export interface FacebookUserToken {
  /** Long-lived (about 60 days); Page tokens got with it do not expire. */
  accessToken: string;
  expiresAt?: Date;
}

export interface ConnectedPage {
  pageId: string;
  name: string;
  pictureUrl?: string;
  /** The Page token: what Page and Instagram publishing use. */
  pageToken: string;
  instagram?: { igUserId: string; username: string; pictureUrl?: string };
}

export interface FacebookAdapter extends PublishingAdapter<TokenCredentials> {
  readonly network: 'facebook';
  /** The Login dialog URL; `scopes` default to FACEBOOK_SCOPES. */
  authorizeUrl(request: AuthorizeRequest): string;
  /** Trades the dialog's code for a short-lived user token, then at once for a long-lived one. */
  exchangeCode(input: { code: string; redirectUri: string }): Promise<FacebookUserToken>;
  /** The Pages the person manages, each with its Page token and connected Instagram professional account. */
  listPages(userToken: string): Promise<ConnectedPage[]>;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const pictureSchema = z.object({ data: z.object({ url: z.string() }) }).optional();
const accountsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      access_token: z.string().optional(),
      picture: pictureSchema,
      instagram_business_account: z
        .object({
          id: z.string(),
          username: z.string().optional(),
          profile_picture_url: z.string().optional(),
        })
        .optional(),
    }),
  ),
  paging: pagingSchema,
});
const feedPostSchema = z.object({ id: z.string().min(1) });
const photoSchema = z.object({ id: z.string().min(1), post_id: z.string().optional() });
const feedSchema = z.object({
  data: z.array(z.object({ id: z.string(), message: z.string().optional(), created_time: z.string() })),
  paging: pagingSchema,
});

const READ: CallKind = { network: 'facebook' };
const PUBLISH: CallKind = { network: 'facebook', publishes: true };

/** The Facebook Page adapter. */
export function createFacebookAdapter(settings: PlatformSettings): FacebookAdapter {
  const graph = createGraphClient(settings);
  const { authUrl, clientId, clientSecret } = settings.facebook;

  /**
   * Every refusal of the token endpoint (expired or used code, wrong redirect URI, a wrong app secret, which
   * Graph answers with code 1) means the connection cannot be made: `auth`. Throttling and outages stay as they are.
   */
  async function exchange(params: Record<string, string>): Promise<z.infer<typeof tokenSchema>> {
    try {
      const answer = await graph.call({
        network: 'facebook',
        method: 'GET',
        path: '/oauth/access_token',
        params,
      });
      return readJson(READ, answer, tokenSchema);
    } catch (error) {
      const refused =
        error instanceof PlatformError &&
        error.kind !== 'rate_limited' &&
        error.status !== undefined &&
        error.status >= 400 &&
        error.status < 500;
      if (refused) {
        throw new PlatformError({
          network: 'facebook',
          kind: 'auth',
          message:
            'Facebook did not complete the connection (the sign-in may have expired); connect Facebook again.',
          code: error.code,
          status: error.status,
          detail: error.detail,
          cause: error,
        });
      }
      throw error;
    }
  }

  return {
    network: 'facebook',

    authorizeUrl({ state, redirectUri, scopes = FACEBOOK_SCOPES }) {
      const url = new URL(authUrl);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        state,
        scope: scopes.join(','),
        response_type: 'code',
      }).toString();
      return url.href;
    },

    async exchangeCode({ code, redirectUri }) {
      const short = await exchange({
        client_id: clientId,
        redirect_uri: redirectUri,
        client_secret: clientSecret,
        code,
      });
      const long = await exchange({
        grant_type: 'fb_exchange_token',
        client_id: clientId,
        client_secret: clientSecret,
        fb_exchange_token: short.access_token,
      });
      return {
        accessToken: long.access_token,
        ...(long.expires_in === undefined
          ? {}
          : { expiresAt: new Date(Date.now() + long.expires_in * 1000) }),
      };
    },

    async listPages(userToken) {
      const pages: ConnectedPage[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await graph.call({
          network: 'facebook',
          method: 'GET',
          path: '/me/accounts',
          token: userToken,
          params: {
            fields:
              'id,name,access_token,picture{url},instagram_business_account{id,username,profile_picture_url}',
            limit: '100',
            after,
          },
        });
        const accounts = readJson(READ, answer, accountsSchema);
        for (const account of accounts.data) {
          // A Page listed without a token is one the person cannot post to (no CREATE_CONTENT task).
          if (account.access_token === undefined) continue;
          const instagram = account.instagram_business_account;
          pages.push({
            pageId: account.id,
            name: account.name,
            pictureUrl: account.picture?.data.url,
            pageToken: account.access_token,
            ...(instagram
              ? {
                  instagram: {
                    igUserId: instagram.id,
                    username: instagram.username ?? '',
                    pictureUrl: instagram.profile_picture_url,
                  },
                }
              : {}),
          });
        }
        after = nextCursor(accounts.paging);
        if (after === undefined) break;
      }
      return pages;
    },

    async publish(target): Promise<PublishResult> {
      const token = target.credentials.accessToken;
      if (target.media) {
        // POST /{page-id}/photos with `url`: Facebook downloads the graphic; the answer names the photo and its post.
        const answer = await graph.call({
          network: 'facebook',
          method: 'POST',
          path: `/${target.accountId}/photos`,
          token,
          params: {
            url: target.media.url,
            caption: composeText(target.text, target.link),
            // Photo reference: `alt_text_custom`, the image's description for screen readers.
            alt_text_custom: target.media.altText,
            published: 'true',
          },
          publishes: true,
        });
        const photo = readJson(PUBLISH, answer, photoSchema);
        const remoteId = photo.post_id ?? photo.id;
        return { remoteId, url: postUrl(remoteId) };
      }
      const answer = await graph.call({
        network: 'facebook',
        method: 'POST',
        path: `/${target.accountId}/feed`,
        token,
        params: { message: target.text === '' ? undefined : target.text, link: target.link },
        publishes: true,
      });
      const { id } = readJson(PUBLISH, answer, feedPostSchema);
      return { remoteId: id, url: postUrl(id) };
    },

    metricsBatchSize: GRAPH_METRICS_BATCH,

    metrics({ credentials, remoteIds }) {
      return graphMetrics(graph, 'facebook', credentials.accessToken, remoteIds);
    },

    async reconcile(target, { since }): Promise<ReconcileResult> {
      const posts = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await graph.call({
          network: 'facebook',
          method: 'GET',
          path: `/${target.accountId}/feed`,
          token: target.credentials.accessToken,
          params: {
            fields: 'id,message,created_time',
            since: String(Math.floor((since.getTime() - CLOCK_SKEW_MS) / 1000)),
            limit: '100',
            after,
          },
        });
        const feed = readJson(READ, answer, feedSchema);
        for (const post of feed.data) {
          posts.push({
            remoteId: post.id,
            text: post.message ?? '',
            createdAt: parseTime(post.created_time),
          });
        }
        after = nextCursor(feed.paging);
        if (after === undefined) break;
      }
      // A link post's message is the text alone; a photo's is the caption with the link: both match the text.
      const found = findPost(posts, composeText(target.text, target.link), since);
      return found
        ? { found: true, remoteId: found.remoteId, url: postUrl(found.remoteId) }
        : { found: false };
    },
  };
}

/** `{page-id}_{post-id}` opens the post on facebook.com. */
function postUrl(postId: string): string {
  return `https://www.facebook.com/${postId}`;
}
