import { z } from 'zod';

import { loadMedia, readJson } from '../http.js';
import { CLOCK_SKEW_MS, composeText, findPost, parseTime } from '../text.js';
import type {
  PlatformSettings,
  PublishingAdapter,
  PublishMedia,
  PublishResult,
  ReconcileResult,
  XCredentials,
} from '../types.js';
import { postUrl, PUBLISH, READ, type XCaller } from './call.js';

/** "Media best practices": images up to 5 MB. */
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The media types the one-shot upload takes for images (Upload media, `media_type`). */
const UPLOAD_MEDIA_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff']);
/** "Create Media metadata": alt text of at most 1,000 characters. */
const MAX_ALT_TEXT_LENGTH = 1000;
/** Timeline pages read while reconciling: 3 × 100 posts is far more than anyone posts in a few minutes. */
const RECONCILE_PAGES = 3;

const mediaSchema = z.object({ data: z.object({ id: z.string().min(1) }) });
const tweetSchema = z.object({ data: z.object({ id: z.string().min(1) }) });
const timelineSchema = z.object({
  data: z.array(z.object({ id: z.string(), text: z.string(), created_at: z.string() })).optional(),
  meta: z.object({ next_token: z.string().optional() }).optional(),
});

/** Posting (with a picture and its alt text) and finding a post that may have landed (reconcile). */
export function xPosts(
  settings: PlatformSettings,
  call: XCaller,
): Pick<PublishingAdapter<XCredentials>, 'publish' | 'reconcile'> {
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
