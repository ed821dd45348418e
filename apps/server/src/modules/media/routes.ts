import multipart from '@fastify/multipart';
import {
  errorBody,
  mediaFileParams,
  mediaIdParams,
  mediaLimits,
  mediaRecord,
  mediaUpdateBody,
  mediaUploadFields,
} from '@fitpost/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../auth/plugin.js';
import { notFound } from '../../lib/errors.js';
import { createImagePool, type ImagePool } from './image.js';
import { createJpegVariants, type JpegVariants } from './jpeg-variants.js';
import * as media from './service.js';
import { readUpload, uploadLimits } from './upload.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['media'];
const security = [{ bearer: [] }];

/** JPEG renditions of PNGs kept in memory per process (Instagram fetches each once or twice). */
const jpegVariantCacheBytes = 64 * 1024 * 1024;

/** A year: a stored image never changes (a new upload gets a new id), so caches may keep it. */
const immutable = 'public, max-age=31536000, immutable';

/** Does the client's If-None-Match name this ETag (weak or strong, in a list or alone)? */
function clientHas(request: FastifyRequest, etag: string) {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Media upload and serving. Multipart parsing is registered in this plugin's own scope, so every
 * other route keeps accepting JSON only. Routes are thin: read, call the service, present.
 */
export async function mediaRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Pick<Config, 'publicUrl' | 'imageConcurrency'> },
) {
  const service = {
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    images: createImagePool(deps.config.imageConcurrency),
  };
  const variants = createJpegVariants({ maxBytes: jpegVariantCacheBytes });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits, throwFileSizeLimit: true });
    registerMediaRoutes(scope, service, variants);
  });
}

function registerMediaRoutes(
  app: FastifyInstance,
  deps: media.MediaDeps & { images: ImagePool },
  variants: JpegVariants,
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authenticate on request, before the body is read: strangers cannot make us parse an upload.
  const onRequest = app.requireUser;

  r.post(
    '/api/media',
    {
      // Counted before the body is read: a member over the limit costs no parsing or decoding.
      onRequest: [onRequest, app.memberLimit('mediaUpload')],
      schema: {
        tags,
        security,
        summary: 'Upload an image',
        description:
          `multipart/form-data with one file in \`${mediaUploadFields.file}\` (JPEG, PNG, WebP, GIF or AVIF, ` +
          `at most ${mediaLimits.maxUploadBytes} bytes, ${mediaLimits.minDimensionPx}–${mediaLimits.maxDimensionPx} px ` +
          `a side) and optional \`${mediaUploadFields.altText}\`. The image is checked by its content, ` +
          're-encoded without metadata and stored as JPEG (PNG when it has transparency).',
        consumes: ['multipart/form-data'],
        response: { 201: mediaRecord, ...errors, 413: errorBody, 415: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const upload = await readUpload(req);
      return reply.status(201).send(await media.uploadMedia(deps, actor, upload));
    },
  );

  r.get(
    '/api/media/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'An image you may post: your own, or one your portal shares (`owned` says which)',
        params: mediaIdParams,
        response: { 200: mediaRecord, ...errors },
      },
    },
    (req) => media.getMedia(deps, actorOf(req), req.params.id),
  );

  r.patch(
    '/api/media/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Change an image's alt text",
        params: mediaIdParams,
        body: mediaUpdateBody,
        response: { 200: mediaRecord, ...errors },
      },
    },
    (req) => media.updateMediaAltText(deps, actorOf(req), req.params.id, req.body.altText),
  );

  r.delete(
    '/api/media/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete an image',
        params: mediaIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await media.deleteMedia(deps, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  // Public on purpose, no session: the networks (Instagram above all) fetch a post's image from
  // this URL themselves. Anyone holding the URL can fetch the image — these are images a member
  // uploaded to post publicly — and the id in it is a random UUID, so URLs cannot be guessed or
  // enumerated. Deleting the image ends the URL. A PNG is also served as `<id>.jpg`, flattened:
  // Instagram takes JPEG only.
  // Not through the zod type provider: the body is raw bytes (and 304), which it would not let us
  // send; the params are still validated with the contract's schema.
  app.get<{ Params: { file: string } }>(
    '/media/:file',
    {
      schema: {
        tags,
        summary: 'A stored image (public: the networks fetch it)',
        params: mediaFileParams,
        response: { 404: errorBody },
      },
    },
    async (req, reply) => {
      const file = await media.loadPublicMediaFile(deps.db, variants, req.params.file);
      if (!file) throw notFound('Image');
      reply
        .header('cache-control', immutable)
        .header('x-content-type-options', 'nosniff')
        .header('etag', file.etag);
      if (clientHas(req, file.etag)) return reply.status(304).send();
      return reply.type(file.mimeType).send(await file.data());
    },
  );
}
