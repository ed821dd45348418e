/** Instagram content publishing through Graph ("Content Publishing", IG User Media / Media Publish). */
import type { ServerResponse } from 'node:http';

import { sendJson } from '../../http.js';
import { type FetchImageResult, fetchImage } from '../images.js';
import { randomToken } from '../network.js';
import { runPublish } from '../publish-call.js';
import type { FacebookDeps } from './facebook-deps.js';
import type { InstagramAccount, MediaContainer } from './facebook-state.js';
import { graphError, graphFaultAnswers, invalidParameter } from './graph-errors.js';
import type { GraphParams } from './graph-request.js';

/** IG captions: at most 2,200 characters. */
const MAX_CAPTION_LENGTH = 2200;
/** "Content Publishing", limitations: 100 API-published posts per account in a rolling 24 hours. */
const PUBLISHING_QUOTA = 100;
const QUOTA_WINDOW_SECONDS = 24 * 60 * 60;
/** Images: JPEG, at most 8 MiB; the sandbox gives up downloading after 10 seconds. */
const IMAGE_MAX_BYTES = 8 * 1024 * 1024;
const IMAGE_FETCH_TIMEOUT_MS = 10_000;
const CONTAINER_TTL_MS = 24 * 60 * 60 * 1000;

/** POST /{ig-user-id}/media: creates a container and starts downloading `image_url` in the background. */
export function createContainer(
  deps: FacebookDeps,
  account: InstagramAccount,
  params: GraphParams,
  res: ServerResponse,
) {
  const imageUrl = params.values.get('image_url');
  if (params.values.has('video_url') || params.values.get('media_type')) {
    throw invalidParameter('Only single image posts (image_url) are supported by this sandbox');
  }
  if (!imageUrl) throw invalidParameter('The parameter image_url is required');
  const caption = params.values.get('caption') ?? '';
  const altText = params.values.get('alt_text');
  if ([...caption].length > MAX_CAPTION_LENGTH) {
    throw graphError(400, {
      message: 'Invalid parameter',
      code: 100,
      userTitle: 'Caption too long',
      userMessage: `The caption is too long. Captions are limited to ${MAX_CAPTION_LENGTH} characters.`,
    });
  }
  const container: MediaContainer = {
    id: deps.state.containerIds.take(),
    igUserId: account.id,
    caption,
    ...(altText ? { altText } : {}),
    status: 'IN_PROGRESS',
    createdAt: Date.now(),
  };
  deps.state.containers.set(container.id, container);
  void fetchImage(imageUrl, {
    timeoutMs: IMAGE_FETCH_TIMEOUT_MS,
    maxBytes: IMAGE_MAX_BYTES,
    signal: deps.context.signal,
  })
    .then((result) => finishProcessing(container, result))
    .catch(() => finishProcessing(container, { ok: false, reason: 'unreachable' }));
  sendJson(res, 200, { id: container.id });
}

/** Maps a download outcome to the container status, with the error codes Instagram's error table lists. */
function finishProcessing(container: MediaContainer, result: FetchImageResult): void {
  if (container.status !== 'IN_PROGRESS') return;
  if (result.ok && result.type === 'image/jpeg') {
    container.status = 'FINISHED';
    return;
  }
  container.status = 'ERROR';
  if (result.ok || result.reason === 'not_an_image') {
    container.failure = {
      code: 36001,
      subcode: 2207005,
      message: 'The image format is not supported. Only JPEG images can be published.',
    };
  } else if (result.reason === 'timeout') {
    container.failure = { code: -2, subcode: 2207003, message: 'It takes too long to download the media.' };
  } else if (result.reason === 'too_large') {
    container.failure = {
      code: 36000,
      subcode: 2207004,
      message: 'The image is too large to download. It should be less than 8 MiB.',
    };
  } else {
    container.failure = {
      code: 9004,
      subcode: 2207052,
      message: "Media download has failed. The media URI doesn't meet our requirements.",
    };
  }
}

/** Reads a container's status, expiring it after 24 hours unpublished. */
export function currentContainer(container: MediaContainer): MediaContainer {
  if (container.status !== 'PUBLISHED' && Date.now() - container.createdAt > CONTAINER_TTL_MS) {
    container.status = 'EXPIRED';
  }
  return container;
}

/** Publishes within the rolling window so far, pruning the ones that have left it. */
function quotaUsage(account: InstagramAccount, since = Date.now() - QUOTA_WINDOW_SECONDS * 1000): number {
  const windowStart = Date.now() - QUOTA_WINDOW_SECONDS * 1000;
  while (account.publishTimes.length > 0 && (account.publishTimes[0] ?? 0) < windowStart)
    account.publishTimes.shift();
  return account.publishTimes.filter((time) => time >= since).length;
}

/** POST /{ig-user-id}/media_publish with `creation_id`: `{ id }` of the new IG media. */
export async function publishContainer(
  deps: FacebookDeps,
  account: InstagramAccount,
  params: GraphParams,
  res: ServerResponse,
) {
  await runPublish(deps.context, {
    network: 'instagram',
    accountId: account.id,
    res,
    answers: graphFaultAnswers('instagram', account.id, deps.app.appId),
    revokeAccount: () => deps.state.revokePage(account.pageId),
    publish: () => {
      const found = deps.state.containers.get(params.values.get('creation_id') ?? '');
      if (!found || found.igUserId !== account.id) {
        throw invalidParameter(
          'The parameter creation_id is required and must be a media container of this account',
        );
      }
      const container = currentContainer(found);
      if (quotaUsage(account) >= PUBLISHING_QUOTA) {
        throw graphError(400, {
          message: 'Application request limit reached',
          code: 9,
          subcode: 2207042,
          transient: false,
          userTitle: 'Publishing limit reached',
          userMessage:
            'You reached maximum number of posts that is allowed to be published by Content Publishing API.',
        });
      }
      checkPublishable(container);
      const mediaId = deps.state.mediaIds.take();
      container.status = 'PUBLISHED';
      container.mediaId = mediaId;
      account.publishTimes.push(Date.now());
      deps.state.addMedia(account, {
        id: mediaId,
        caption: container.caption,
        shortcode: randomToken(8),
        createdAt: Date.now(),
      });
      deps.context.published.record({
        network: 'instagram',
        accountId: account.id,
        accountName: `@${account.username}`,
        text: container.caption,
        mediaCount: 1,
        ...(container.altText ? { altText: container.altText } : {}),
        remoteId: mediaId,
      });
      return () => sendJson(res, 200, { id: mediaId });
    },
  });
}

function checkPublishable(container: MediaContainer): void {
  switch (container.status) {
    case 'FINISHED':
      return;
    case 'IN_PROGRESS':
      throw graphError(400, {
        message: 'Media ID is not available',
        code: 9007,
        subcode: 2207027,
        transient: false,
        userTitle: 'Media not ready',
        userMessage: 'The media is not ready for publishing, please wait for a moment',
      });
    case 'ERROR': {
      const failure = container.failure ?? { code: -1, subcode: 2207001, message: 'Instagram server error.' };
      throw graphError(400, {
        message: failure.message,
        code: failure.code,
        subcode: failure.subcode,
        transient: false,
        userMessage: failure.message,
      });
    }
    case 'EXPIRED':
      throw graphError(400, {
        message: 'The media you are trying to access has expired. Please try to upload again.',
        code: -2,
        subcode: 2207020,
        transient: false,
      });
    case 'PUBLISHED':
      throw invalidParameter('The media container has already been published');
  }
}

/** GET /{ig-user-id}/content_publishing_limit: usage in the rolling window, and the limit when asked. */
export function publishingLimit(account: InstagramAccount, params: GraphParams, res: ServerResponse) {
  const fields = new Set(
    (params.values.get('fields') ?? 'quota_usage').split(',').map((field) => field.trim()),
  );
  const sinceParam = params.values.get('since');
  const since = sinceParam && /^\d+$/.test(sinceParam) ? Number(sinceParam) * 1000 : undefined;
  const entry: Record<string, unknown> = {};
  if (fields.has('quota_usage')) entry.quota_usage = quotaUsage(account, since);
  // The reference's example asks for rate_limit_settings and gets `config` back; both names are accepted.
  if (fields.has('config') || fields.has('rate_limit_settings')) {
    entry.config = { quota_total: PUBLISHING_QUOTA, quota_duration: QUOTA_WINDOW_SECONDS };
  }
  sendJson(res, 200, { data: [entry] });
}
