/**
 * X API v2 endpoints FitPost uses: GET /2/users/me, POST /2/tweets, POST /2/media/upload, POST /2/media/metadata
 * (timeline: x-timeline.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, sendJson } from '../../http.js';
import { networkAvatarUrl } from '../avatars.js';
import { sniffImageType } from '../images.js';
import { splitList } from '../network.js';
import { runPublish } from '../publish-call.js';
import { forbidden, invalidRequest, unauthorized, xFaultAnswers } from './x-errors.js';
import { receiveBody, type ReceivedBody, signedParts, type XDeps } from './x-deps.js';
import { MAX_TWEET_WEIGHT, tweetWeight } from './tweet-text.js';
import type { XAccount } from './x-state.js';

/** Media uploads: X's image limit is 5 MB, and base64 in JSON adds a third. */
const MEDIA_BODY_LIMIT = 8 * 1024 * 1024;
const MEDIA_IMAGE_LIMIT = 5 * 1024 * 1024;
/** Media ids stay usable for a day ("expires_after_secs"). */
const MEDIA_TTL_SECONDS = 24 * 60 * 60;

/** Authenticates a v2 call: OAuth 1.0a user context, signed with a token X issued and still honours. */
export function authenticate(
  deps: XDeps,
  req: IncomingMessage,
  url: URL,
  body: ReceivedBody | undefined,
): XAccount {
  let account: XAccount | undefined;
  const result = deps.verifier.verify({
    ...signedParts(req, url, body),
    tokenSecret: (token) => {
      const found = token === undefined ? undefined : deps.state.accessTokens.get(token);
      if (!found || !deps.state.isValid(found)) return undefined;
      account = deps.state.accounts.get(found.accountId);
      return found.secret;
    },
  });
  if (!result.ok || !account) throw unauthorized();
  return account;
}

/** GET /2/users/me: the authenticating user ("Users lookup", `user.fields` optional). */
export function usersMe(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['GET']);
  const account = authenticate(deps, req, url, undefined);
  const fields = new Set(splitList(url.searchParams.get('user.fields')));
  const extra: Record<string, unknown> = {};
  if (fields.has('profile_image_url')) {
    extra.profile_image_url = networkAvatarUrl(deps.context.publicUrl, 'x', account.id);
  }
  if (fields.has('protected')) extra.protected = false;
  if (fields.has('verified')) extra.verified = false;
  if (fields.has('description')) extra.description = '';
  sendJson(res, 200, { data: { id: account.id, name: account.name, username: account.username, ...extra } });
}

const tweetSchema = z.object({
  text: z.string().optional(),
  media: z
    .object({
      media_ids: z
        .array(z.string().regex(/^\d{1,19}$/))
        .min(1)
        .max(4),
      tagged_user_ids: z.array(z.string()).optional(),
    })
    .optional(),
  reply: z.object({ in_reply_to_tweet_id: z.string().regex(/^\d{1,19}$/) }).optional(),
  quote_tweet_id: z
    .string()
    .regex(/^\d{1,19}$/)
    .optional(),
  reply_settings: z.enum(['following', 'mentionedUsers', 'subscribers', 'verified']).optional(),
});

/** POST /2/tweets ("Manage Posts"): 201 `{ data: { id, text } }`. */
export async function createTweet(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['POST']);
  const body = await receiveBody(req);
  const account = authenticate(deps, req, url, body);
  await runPublish(deps.context, {
    network: 'x',
    accountId: account.id,
    res,
    answers: xFaultAnswers,
    revokeAccount: () => deps.state.revokeAccount(account.id),
    publish: () => {
      const tweet = parseTweet(body);
      const text = tweet.text ?? '';
      const mediaIds = tweet.media?.media_ids ?? [];
      if (text === '' && mediaIds.length === 0) {
        throw invalidRequest(['Your request must include at least one of text or media.media_ids.']);
      }
      if (text !== '') {
        const { weightedLength, valid } = tweetWeight(text);
        if (weightedLength > MAX_TWEET_WEIGHT || !valid) {
          throw invalidRequest([
            `The text of your Post is too long: ${weightedLength} weighted characters, the limit is ${MAX_TWEET_WEIGHT}.`,
          ]);
        }
        // X refuses a Post whose text repeats one already on the account ("duplicate content").
        if (account.texts.has(text)) {
          throw forbidden('You are not allowed to create a Tweet with duplicate content.');
        }
      }
      checkMedia(deps, account, mediaIds);
      const altText = mediaIds.map((mediaId) => deps.state.media.get(mediaId)?.altText).find(Boolean);
      const id = deps.state.tweetIds.take();
      if (text !== '') account.texts.add(text);
      const posted = { id, text, mediaCount: mediaIds.length, createdAt: Date.now() };
      account.tweets.push(posted);
      deps.state.tweets.set(id, { tweet: posted, authorId: account.id });
      deps.context.published.record({
        network: 'x',
        accountId: account.id,
        accountName: `@${account.username}`,
        text,
        mediaCount: mediaIds.length,
        ...(altText ? { altText } : {}),
        remoteId: id,
      });
      return () => sendJson(res, 201, { data: { id, text, edit_history_tweet_ids: [id] } });
    },
  });
}

function parseTweet(body: ReceivedBody): z.infer<typeof tweetSchema> {
  let json: unknown;
  try {
    json = JSON.parse(body.bytes.toString('utf8'));
  } catch {
    throw invalidRequest(['The request body must be a JSON object.']);
  }
  const parsed = tweetSchema.safeParse(json);
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
    );
  }
  return parsed.data;
}

function checkMedia(deps: XDeps, account: XAccount, mediaIds: readonly string[]): void {
  const now = Date.now();
  for (const mediaId of mediaIds) {
    const media = deps.state.media.get(mediaId);
    if (!media || media.expiresAt < now || !media.owners.has(account.id)) {
      throw invalidRequest([`Your media IDs are invalid: ${mediaId}.`]);
    }
  }
}

const uploadSchema = z.object({
  media: z.base64().min(1),
  media_category: z.enum(['tweet_image', 'dm_image', 'subtitles']),
  media_type: z.string().optional(),
  additional_owners: z.array(z.string().regex(/^\d{1,19}$/)).optional(),
  shared: z.boolean().optional(),
});

/** POST /2/media/upload, the one-request upload ("Upload media"): base64 in JSON or raw bytes in multipart. */
export async function uploadMedia(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['POST']);
  const body = await receiveBody(req, MEDIA_BODY_LIMIT);
  const account = authenticate(deps, req, url, body);
  const upload = await parseUpload(body);
  if (upload.bytes.length > MEDIA_IMAGE_LIMIT) {
    throw invalidRequest([`media: images are limited to ${MEDIA_IMAGE_LIMIT} bytes.`]);
  }
  const imageType = sniffImageType(upload.bytes);
  if (upload.category !== 'subtitles' && !imageType) {
    throw invalidRequest(['media: the file is not a JPEG, PNG, GIF or WEBP image.']);
  }
  const id = deps.state.mediaIds.take();
  deps.state.media.set(id, {
    id,
    owners: new Set([account.id, ...upload.additionalOwners]),
    size: upload.bytes.length,
    expiresAt: Date.now() + MEDIA_TTL_SECONDS * 1000,
  });
  sendJson(res, 200, {
    data: {
      id,
      media_key: `3_${id}`,
      size: upload.bytes.length,
      expires_after_secs: MEDIA_TTL_SECONDS,
      ...(imageType ? { image: { image_type: imageType } } : {}),
    },
  });
}

interface Upload {
  bytes: Buffer;
  category: string;
  additionalOwners: string[];
}

async function parseUpload(body: ReceivedBody): Promise<Upload> {
  if (body.contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://sandbox.invalid/', {
      method: 'POST',
      headers: { 'content-type': body.contentType },
      body: new Uint8Array(body.bytes),
    })
      .formData()
      .catch(() => undefined);
    const media = form?.get('media');
    const category = form?.get('media_category');
    if (!form || !(media instanceof Blob) || typeof category !== 'string') {
      throw invalidRequest(['A multipart upload needs a `media` file part and a `media_category` field.']);
    }
    const owners = form.get('additional_owners');
    return {
      bytes: Buffer.from(await media.arrayBuffer()),
      category,
      additionalOwners: typeof owners === 'string' ? splitList(owners, /,/) : [],
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(body.bytes.toString('utf8'));
  } catch {
    throw invalidRequest(['The request body must be JSON or multipart/form-data.']);
  }
  const parsed = uploadSchema.safeParse(json);
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
    );
  }
  return {
    bytes: Buffer.from(parsed.data.media, 'base64'),
    category: parsed.data.media_category,
    additionalOwners: parsed.data.additional_owners ?? [],
  };
}

/** "Create Media metadata": alt text is at most 1,000 characters. */
const MAX_ALT_TEXT_LENGTH = 1000;

const altTextSchema = z.object({ text: z.string().max(MAX_ALT_TEXT_LENGTH) });
/** v2 `POST /2/media/metadata` `{ id, metadata: { alt_text: { text } } }`, or v1.1 `{ media_id, alt_text: { text } }`. */
const metadataSchema = z.union([
  z.object({
    id: z.string().regex(/^\d{1,19}$/),
    metadata: z.object({ alt_text: altTextSchema.optional() }),
  }),
  z.object({ media_id: z.string().regex(/^\d{1,19}$/), alt_text: altTextSchema.optional() }),
]);

/**
 * POST /2/media/metadata ("Create Media metadata") and its v1.1 predecessor POST /1.1/media/metadata/create.json
 * (which X serves on upload.twitter.com): attaches alt text to an uploaded image before it is posted. Only the
 * uploader (or an additional owner) may describe it. v2 answers the stored metadata; v1.1 an empty 200.
 */
export async function createMediaMetadata(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['POST']);
  const body = await receiveBody(req);
  const account = authenticate(deps, req, url, body);
  let json: unknown;
  try {
    json = JSON.parse(body.bytes.toString('utf8'));
  } catch {
    throw invalidRequest(['The request body must be a JSON object.']);
  }
  const parsed = metadataSchema.safeParse(json);
  if (!parsed.success) {
    throw invalidRequest(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
    );
  }
  const request = parsed.data;
  const mediaId = 'id' in request ? request.id : request.media_id;
  const altText = 'metadata' in request ? request.metadata.alt_text : request.alt_text;
  const media = deps.state.media.get(mediaId);
  if (!media || media.expiresAt < Date.now() || !media.owners.has(account.id)) {
    throw invalidRequest([`Your media IDs are invalid: ${mediaId}.`]);
  }
  if (altText) media.altText = altText.text;
  if (!('id' in request)) {
    res.statusCode = 200;
    res.setHeader('content-length', 0);
    res.end();
    return;
  }
  sendJson(res, 200, {
    data: { id: mediaId, associated_metadata: altText ? { alt_text: { text: altText.text } } : {} },
  });
}
