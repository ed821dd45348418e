/** LinkedIn's API (api.linkedin.com): /v2/userinfo and the versioned /rest/posts and /rest/images. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, readBytes, readJson, sendJson } from '../../http.js';
import { networkAvatarUrl } from '../avatars.js';
import { isCompleteImage, sniffImageType } from '../images.js';
import { runPublish } from '../publish-call.js';
import {
  accessDenied,
  apiError,
  emptyToken,
  expiredToken,
  invalidToken,
  linkedInFaultAnswers,
  revokedToken,
  unprocessable,
} from './linkedin-errors.js';
import type { LinkedInDeps } from './linkedin-deps.js';
import {
  type LinkedInAccessToken,
  type LinkedInImage,
  type LinkedInMember,
  PROCESSING_READS,
  personUrn,
} from './linkedin-state.js';
import { checkVersionHeader } from './linkedin-version.js';

/** Posts API: the commentary of a post is limited to 3,000 characters. */
const MAX_COMMENTARY_LENGTH = 3000;
/** Images API: images up to 36,152,320 pixels; the sandbox bounds the bytes instead. */
const IMAGE_UPLOAD_LIMIT = 10 * 1024 * 1024;

export interface Caller {
  member: LinkedInMember;
  token: LinkedInAccessToken;
}

/** Every API call carries `Authorization: Bearer <access token>` (Authorization Code Flow, step 4). */
export function authenticate(deps: LinkedInDeps, req: IncomingMessage): Caller {
  const header = req.headers.authorization ?? '';
  const value = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!value) throw emptyToken();
  const token = deps.state.accessTokens.get(value);
  const member = token && deps.state.members.get(token.memberId);
  if (!token || !member) throw invalidToken();
  if (token.revoked || token.generation !== member.generation) throw revokedToken();
  if (token.expiresAt < Date.now()) throw expiredToken();
  return { member, token };
}

export function requireScope(caller: Caller, scope: string, resource: string): void {
  if (!caller.token.scopes.includes(scope)) throw accessDenied(resource);
}

/** GET /v2/userinfo ("Sign In with LinkedIn using OpenID Connect"): needs the openid scope. */
export function userinfo(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse) {
  allowMethods(req, ['GET']);
  const caller = authenticate(deps, req);
  requireScope(caller, 'openid', 'userinfo.GET.NO_VERSION');
  const { member } = caller;
  const profile = caller.token.scopes.includes('profile');
  const email = caller.token.scopes.includes('email');
  sendJson(res, 200, {
    sub: member.id,
    ...(profile
      ? {
          name: `${member.givenName} ${member.familyName}`,
          given_name: member.givenName,
          family_name: member.familyName,
          picture: networkAvatarUrl(deps.context.publicUrl, 'linkedin', member.id),
          locale: { country: 'US', language: 'en' },
        }
      : {}),
    ...(email ? { email: member.email, email_verified: true } : {}),
  });
}

const postSchema = z.object({
  author: z.string(),
  commentary: z.string(),
  visibility: z.enum(['PUBLIC', 'CONNECTIONS', 'LOGGED_IN', 'CONTAINER']),
  distribution: z.object({
    feedDistribution: z.enum(['MAIN_FEED', 'NONE']),
    targetEntities: z.array(z.unknown()).optional(),
    thirdPartyDistributionChannels: z.array(z.unknown()).optional(),
  }),
  content: z
    .object({
      media: z
        .object({ id: z.string(), title: z.string().optional(), altText: z.string().optional() })
        .optional(),
      multiImage: z
        .object({
          images: z
            .array(z.object({ id: z.string(), altText: z.string().optional() }))
            .min(2)
            .max(20),
        })
        .optional(),
      article: z
        .object({
          source: z.url(),
          title: z.string().optional(),
          description: z.string().optional(),
          thumbnail: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  lifecycleState: z.enum(['PUBLISHED', 'DRAFT']),
  isReshareDisabledByAuthor: z.boolean().optional(),
});

/** POST /rest/posts ("Posts API"): 201 with the new post's URN in `x-restli-id`. */
export async function createPost(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse) {
  // GET on the same path is the finder (linkedin-posts-finder.ts); the network routes it there.
  allowMethods(req, ['GET', 'POST']);
  const caller = authenticate(deps, req);
  const version = checkVersionHeader(req);
  requireScope(caller, 'w_member_social', `partnerApiPostsExternal.CREATE.${version}`);
  const body = await readJson(req).catch(() => undefined);
  await runPublish(deps.context, {
    network: 'linkedin',
    accountId: caller.member.id,
    res,
    answers: linkedInFaultAnswers,
    revokeAccount: () => deps.state.revokeMember(caller.member.id),
    publish: () => {
      const post = parsePost(body);
      if (post.author !== personUrn(caller.member.id)) {
        throw accessDenied(`partnerApiPostsExternal.CREATE.${version}`);
      }
      const imageUrns = [
        ...(post.content?.media?.id ? [post.content.media.id] : []),
        ...(post.content?.multiImage?.images.map((image) => image.id) ?? []),
      ];
      for (const urn of imageUrns) {
        const image = deps.state.images.get(urn);
        if (!image || image.memberId !== caller.member.id || image.status !== 'AVAILABLE') {
          throw unprocessable([
            {
              path: '/content/media/id',
              code: 'INVALID_VALUE',
              description: `Image ${urn} is not available`,
            },
          ]);
        }
      }
      const urn = `urn:li:share:${deps.state.shareIds.take()}`;
      const now = Date.now();
      deps.state.addPost(caller.member.id, {
        id: urn,
        author: post.author,
        commentary: post.commentary,
        visibility: post.visibility,
        distribution: post.distribution,
        ...(post.content === undefined ? {} : { content: post.content }),
        lifecycleState: post.lifecycleState,
        isReshareDisabledByAuthor: post.isReshareDisabledByAuthor ?? false,
        createdAt: now,
        lastModifiedAt: now,
      });
      const altText = post.content?.media?.altText ?? post.content?.multiImage?.images[0]?.altText;
      if (post.lifecycleState === 'PUBLISHED') {
        deps.context.published.record({
          network: 'linkedin',
          accountId: caller.member.id,
          accountName: `${caller.member.givenName} ${caller.member.familyName}`,
          text: post.commentary,
          mediaCount: imageUrns.length,
          ...(altText ? { altText } : {}),
          remoteId: urn,
        });
      }
      return () => {
        res.statusCode = 201;
        res.setHeader('x-restli-id', urn);
        res.setHeader('content-length', 0);
        res.end();
      };
    },
  });
}

function parsePost(body: unknown): z.infer<typeof postSchema> {
  const parsed = postSchema.safeParse(body);
  if (!parsed.success) {
    throw unprocessable(
      parsed.error.issues.map((issue) => ({
        path: `/${issue.path.join('/')}`,
        code:
          issue.code === 'invalid_type' && issue.input === undefined
            ? 'REQUIRED_FIELD_MISSING'
            : 'INVALID_VALUE',
        description: issue.message,
      })),
    );
  }
  const length = [...parsed.data.commentary].length;
  if (length > MAX_COMMENTARY_LENGTH) {
    throw unprocessable([
      {
        path: '/commentary',
        code: 'FIELD_LENGTH_TOO_LONG',
        description: `length of ${length} exceeds max ${MAX_COMMENTARY_LENGTH}`,
      },
    ]);
  }
  return parsed.data;
}

const initializeUploadSchema = z.object({ initializeUploadRequest: z.object({ owner: z.string() }) });

/** POST /rest/images?action=initializeUpload ("Images API"): an image URN and the URL to PUT its bytes to. */
export async function initializeImageUpload(
  deps: LinkedInDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) {
  allowMethods(req, ['POST']);
  const caller = authenticate(deps, req);
  checkVersionHeader(req);
  if (url.searchParams.get('action') !== 'initializeUpload') {
    throw apiError(400, 'ILLEGAL_ARGUMENT', 'Unsupported action; use ?action=initializeUpload', 100);
  }
  const parsed = initializeUploadSchema.safeParse(await readJson(req).catch(() => undefined));
  if (!parsed.success) {
    throw unprocessable([
      {
        path: '/initializeUploadRequest/owner',
        code: 'REQUIRED_FIELD_MISSING',
        description: 'field is required',
      },
    ]);
  }
  if (parsed.data.initializeUploadRequest.owner !== personUrn(caller.member.id)) {
    throw accessDenied('images.ACTION.initializeUpload');
  }
  const { image, uploadId } = deps.state.createImage(caller.member);
  sendJson(res, 200, {
    value: {
      uploadUrlExpiresAt: image.uploadUrlExpiresAt,
      uploadUrl: `${deps.context.publicUrl}/linkedin/dms-uploads/${uploadId}`,
      image: image.urn,
    },
  });
}

/** Processing ends after PROCESSING_READS reads: AVAILABLE, or PROCESSING_FAILED for an image cut short. */
function readStatus(image: LinkedInImage): LinkedInImage['status'] {
  if (image.status !== 'PROCESSING') return image.status;
  if ((image.processingReads ?? 0) > 0) {
    image.processingReads = (image.processingReads ?? 0) - 1;
    return 'PROCESSING';
  }
  image.status = image.processed ?? 'AVAILABLE';
  return image.status;
}

/**
 * GET /rest/images/{image URN} ("Images API", Get an image): the image's status, WAITING_UPLOAD until its bytes
 * arrive, then PROCESSING for the first read(s), then AVAILABLE, or PROCESSING_FAILED when LinkedIn cannot
 * decode it (here: a file cut off before the format's end marker).
 */
export function getImage(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse, urn: string) {
  allowMethods(req, ['GET']);
  const caller = authenticate(deps, req);
  checkVersionHeader(req);
  const image = deps.state.images.get(urn);
  if (!image || image.memberId !== caller.member.id)
    throw apiError(404, 'NOT_FOUND', `Image ${urn} not found`);
  sendJson(res, 200, { id: image.urn, owner: personUrn(image.memberId), status: readStatus(image) });
}

/** PUT <uploadUrl>: the image bytes, with the member's bearer token, as the Images API's upload step shows. */
export async function uploadImage(
  deps: LinkedInDeps,
  req: IncomingMessage,
  res: ServerResponse,
  uploadId: string,
) {
  allowMethods(req, ['PUT', 'POST']);
  const caller = authenticate(deps, req);
  const image = deps.state.images.get(deps.state.uploads.get(uploadId) ?? '');
  if (!image || image.memberId !== caller.member.id || image.uploadUrlExpiresAt < Date.now()) {
    throw apiError(404, 'NOT_FOUND', 'Upload URL not found or expired');
  }
  const bytes = await readBytes(req, IMAGE_UPLOAD_LIMIT);
  if (!sniffImageType(bytes))
    throw apiError(400, 'BAD_REQUEST', 'The uploaded file is not a supported image');
  // Decoding happens after the upload answers; the first status read(s) still see PROCESSING.
  image.status = 'PROCESSING';
  image.processingReads = PROCESSING_READS;
  image.processed = isCompleteImage(bytes) ? 'AVAILABLE' : 'PROCESSING_FAILED';
  image.size = bytes.length;
  deps.state.uploads.delete(uploadId);
  res.statusCode = 201;
  res.setHeader('content-length', 0);
  res.end();
}
