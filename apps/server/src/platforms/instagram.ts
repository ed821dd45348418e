/**
 * Instagram professional accounts through the Graph API ("Content Publishing"): create a media container
 * from an image URL, wait until Instagram has fetched and processed it, then publish it. Uses the
 * connected Page's token.
 */
import { setTimeout as delay } from 'node:timers/promises';

import { z } from 'zod';

import { type ErrorBase, PlatformError } from './errors.js';
import { createGraphClient, GRAPH_METRICS_BATCH, graphMetrics, nextCursor, pagingSchema } from './graph.js';
import { type CallKind, readJson } from './http.js';
import { composeText, findPost, parseTime, type RecentPost } from './text.js';
import type {
  PlatformSettings,
  PublishingAdapter,
  PublishResult,
  ReconcileResult,
  TokenCredentials,
} from './types.js';

/** Pages of /{ig-user-id}/media read while reconciling (newest first, so one is nearly always enough). */
const MAX_PAGES = 3;

export interface PublishingQuota {
  /** API-published posts in the current rolling window. */
  used: number;
  /** The limit (100 today) and the window, when Instagram reports them. */
  limit?: number;
  windowSeconds?: number;
}

export interface InstagramAdapter extends PublishingAdapter<TokenCredentials> {
  readonly network: 'instagram';
  /** GET /{ig-user-id}/content_publishing_limit: how much of the rolling 24-hour publishing limit is used. */
  publishingQuota(igUserId: string, accessToken: string): Promise<PublishingQuota>;
}

const idSchema = z.object({ id: z.string().min(1) });
const containerSchema = z.object({
  status_code: z.enum(['EXPIRED', 'ERROR', 'FINISHED', 'IN_PROGRESS', 'PUBLISHED']),
  status: z.string().optional(),
});
const quotaSchema = z.object({
  data: z.array(
    z.object({
      quota_usage: z.number(),
      config: z.object({ quota_total: z.number(), quota_duration: z.number() }).optional(),
    }),
  ),
});
const mediaListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      caption: z.string().optional(),
      timestamp: z.string(),
      permalink: z.string().optional(),
    }),
  ),
  paging: pagingSchema,
});

const READ: CallKind = { network: 'instagram' };
const PUBLISH: CallKind = { network: 'instagram', publishes: true };

/** The Instagram adapter. */
export function createInstagramAdapter(settings: PlatformSettings): InstagramAdapter {
  const graph = createGraphClient(settings);

  /** Asks for the container's status_code until FINISHED, at most instagramPollLimit times. */
  async function waitUntilReady(containerId: string, token: string): Promise<void> {
    for (let attempt = 0; attempt < settings.instagramPollLimit; attempt += 1) {
      const answer = await graph.call({
        network: 'instagram',
        method: 'GET',
        path: `/${containerId}`,
        token,
        params: { fields: 'status_code,status' },
      });
      const container = readJson(READ, answer, containerSchema);
      const base: ErrorBase = { network: 'instagram', code: container.status_code, detail: container.status };
      switch (container.status_code) {
        case 'FINISHED':
          return;
        case 'IN_PROGRESS':
          await delay(settings.instagramPollMs);
          continue;
        case 'ERROR':
          throw new PlatformError({
            ...base,
            kind: 'content',
            // `status` says why (e.g. "Error: The image format is not supported"); it goes to `detail` for logs.
            message:
              'Instagram could not use the picture for this post. Instagram takes JPEG images up to 8 MB.',
          });
        case 'EXPIRED':
        case 'PUBLISHED':
          // A container FitPost just made cannot be either; start over with a new one.
          throw new PlatformError({
            ...base,
            kind: 'retry',
            message: 'Instagram lost the picture; FitPost will try again shortly.',
          });
      }
    }
    throw new PlatformError({
      network: 'instagram',
      kind: 'retry',
      code: 'IN_PROGRESS',
      message: 'Instagram is still processing the picture; FitPost will try again shortly.',
    });
  }

  return {
    network: 'instagram',

    async publish(target): Promise<PublishResult> {
      const token = target.credentials.accessToken;
      if (!target.media) {
        throw new PlatformError({
          network: 'instagram',
          kind: 'content',
          code: 'media_required',
          message: 'Instagram posts need a picture; add a graphic to post this to Instagram.',
        });
      }
      // Step 1: a container. It publishes nothing, so a lost answer only leaves an unused container behind.
      const created = await graph.call({
        network: 'instagram',
        method: 'POST',
        path: `/${target.accountId}/media`,
        token,
        params: {
          // "Content Publishing": images must be JPEG; Instagram fetches the URL itself.
          image_url:
            target.media.mimeType === 'image/jpeg'
              ? target.media.url
              : (target.media.jpegUrl ?? target.media.url),
          caption: composeText(target.text, target.link),
          alt_text: target.media.altText,
        },
      });
      const container = readJson(READ, created, idSchema);
      await waitUntilReady(container.id, token);
      // Step 2: media_publish, the call that makes the post.
      const published = await graph.call({
        network: 'instagram',
        method: 'POST',
        path: `/${target.accountId}/media_publish`,
        token,
        params: { creation_id: container.id },
        publishes: true,
      });
      return { remoteId: readJson(PUBLISH, published, idSchema).id };
    },

    metricsBatchSize: GRAPH_METRICS_BATCH,

    metrics({ credentials, remoteIds }) {
      return graphMetrics(graph, 'instagram', credentials.accessToken, remoteIds);
    },

    async reconcile(target, { since }): Promise<ReconcileResult> {
      const posts: RecentPost[] = [];
      let after: string | undefined;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const answer = await graph.call({
          network: 'instagram',
          method: 'GET',
          path: `/${target.accountId}/media`,
          token: target.credentials.accessToken,
          params: { fields: 'id,caption,timestamp,permalink', limit: '50', after },
        });
        const media = readJson(READ, answer, mediaListSchema);
        for (const item of media.data) {
          posts.push({
            remoteId: item.id,
            text: item.caption ?? '',
            createdAt: parseTime(item.timestamp),
            url: item.permalink,
          });
        }
        after = nextCursor(media.paging);
        // Newest first: once a page reaches back before the attempt, older pages cannot hold the post.
        const oldest = posts.at(-1)?.createdAt ?? Infinity;
        if (after === undefined || oldest < since.getTime()) break;
      }
      const found = findPost(posts, composeText(target.text, target.link), since);
      if (!found) return { found: false };
      return {
        found: true,
        remoteId: found.remoteId,
        ...(found.url === undefined ? {} : { url: found.url }),
      };
    },

    async publishingQuota(igUserId, accessToken) {
      const answer = await graph.call({
        network: 'instagram',
        method: 'GET',
        path: `/${igUserId}/content_publishing_limit`,
        token: accessToken,
        params: { fields: 'quota_usage,config' },
      });
      const entry = readJson(READ, answer, quotaSchema).data[0];
      return {
        used: entry?.quota_usage ?? 0,
        ...(entry?.config
          ? { limit: entry.config.quota_total, windowSeconds: entry.config.quota_duration }
          : {}),
      };
    },
  };
}
