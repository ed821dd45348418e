/** Publishing to a Facebook Page: POST /{page-id}/feed and /{page-id}/photos ("Pages API, Posts"). */
import type { ServerResponse } from 'node:http';

import { sendJson } from '../../http.js';
import { fetchImage, sniffImageType } from '../images.js';
import { runPublish } from '../publish-call.js';
import type { FacebookDeps } from './facebook-deps.js';
import type { FacebookPage } from './facebook-state.js';
import { graphError, graphFaultAnswers, invalidParameter, permissionError } from './graph-errors.js';
import type { GraphCaller, GraphParams } from './graph-request.js';

/** The longest message a Facebook post takes. */
const MAX_MESSAGE_LENGTH = 63_206;
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
const PHOTO_FETCH_TIMEOUT_MS = 10_000;

/** Publishing to a Page needs that Page's access token (a user token is refused, as Graph does). */
function requirePageToken(caller: GraphCaller, page: FacebookPage): void {
  if (caller.kind !== 'page' || caller.page.id !== page.id) {
    throw permissionError(
      'If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission',
    );
  }
}

function checkMessage(message: string | undefined, name: string): void {
  if (message !== undefined && [...message].length > MAX_MESSAGE_LENGTH) {
    throw invalidParameter(`Param ${name} must be at most ${MAX_MESSAGE_LENGTH} characters long`);
  }
}

/** POST /{page-id}/feed with `message` and/or `link`: `{ id: "{page-id}_{post-id}" }`. */
export async function postToFeed(
  deps: FacebookDeps,
  caller: GraphCaller,
  page: FacebookPage,
  params: GraphParams,
  res: ServerResponse,
) {
  requirePageToken(caller, page);
  await runPublish(deps.context, {
    network: 'facebook',
    accountId: page.id,
    res,
    answers: graphFaultAnswers('facebook', page.id, deps.app.appId),
    revokeAccount: () => deps.state.revokePage(page.id),
    publish: () => {
      const message = params.values.get('message');
      const link = params.values.get('link');
      if (!message && !link) throw invalidParameter('Missing message or attachment');
      checkMessage(message, 'message');
      if (link !== undefined && !/^https?:\/\/\S+$/i.test(link))
        throw invalidParameter('Param link must be a valid URL');
      const id = `${page.id}_${deps.state.postIds.take()}`;
      deps.state.addPagePost(page, {
        id,
        ...(message === undefined ? {} : { message }),
        createdAt: Date.now(),
      });
      deps.context.published.record({
        network: 'facebook',
        accountId: page.id,
        accountName: page.name,
        text: message ?? '',
        mediaCount: 0,
        remoteId: id,
      });
      return () => sendJson(res, 200, { id });
    },
  });
}

/** POST /{page-id}/photos with `url` (fetched by the network) or a multipart `source` file. */
export async function postPhoto(
  deps: FacebookDeps,
  caller: GraphCaller,
  page: FacebookPage,
  params: GraphParams,
  res: ServerResponse,
) {
  requirePageToken(caller, page);
  await runPublish(deps.context, {
    network: 'facebook',
    accountId: page.id,
    res,
    answers: graphFaultAnswers('facebook', page.id, deps.app.appId),
    revokeAccount: () => deps.state.revokePage(page.id),
    publish: async () => {
      const caption = params.values.get('caption') ?? params.values.get('message');
      checkMessage(caption, params.values.has('caption') ? 'caption' : 'message');
      await receivePhoto(deps, params);
      // Photo reference, "Creating": `alt_text_custom`, an accessible description of the image.
      const altText = params.values.get('alt_text_custom');
      const photoId = deps.state.postIds.take();
      const postId = `${page.id}_${deps.state.postIds.take()}`;
      deps.state.addPagePost(page, {
        id: postId,
        ...(caption === undefined ? {} : { message: caption }),
        createdAt: Date.now(),
      });
      deps.context.published.record({
        network: 'facebook',
        accountId: page.id,
        accountName: page.name,
        text: caption ?? '',
        mediaCount: 1,
        ...(altText ? { altText } : {}),
        remoteId: postId,
      });
      return () => sendJson(res, 200, { id: photoId, post_id: postId });
    },
  });
}

async function receivePhoto(deps: FacebookDeps, params: GraphParams): Promise<void> {
  const source = params.files.get('source');
  if (source) {
    if (source.size > PHOTO_MAX_BYTES || !sniffImageType(new Uint8Array(await source.arrayBuffer()))) {
      throw graphError(400, { message: '(#324) Missing or invalid image file', code: 324 });
    }
    return;
  }
  const url = params.values.get('url');
  if (!url) throw graphError(400, { message: '(#324) Requires upload file', code: 324 });
  const fetched = await fetchImage(url, {
    timeoutMs: PHOTO_FETCH_TIMEOUT_MS,
    maxBytes: PHOTO_MAX_BYTES,
    signal: deps.context.signal,
  });
  if (!fetched.ok) {
    throw graphError(400, { message: `(#324) Missing or invalid image file (${fetched.reason})`, code: 324 });
  }
}
