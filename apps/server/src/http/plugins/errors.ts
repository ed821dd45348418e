import type { ErrorBody } from '@fitpost/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { databaseFailure, refusalOf } from '../../lib/database-errors.js';
import { AppError } from '../../lib/errors.js';

type Detail = NonNullable<ErrorBody['error']['details']>[number];

const body = (code: string, message: string, details?: Detail[]): ErrorBody => ({
  error: details ? { code, message, details } : { code, message },
});

const where = (context: string | undefined) =>
  context === 'querystring' ? 'query' : context === 'params' ? 'path' : (context ?? 'body');

/**
 * The one place errors become responses: `{ error: { code, message, details? } }`.
 * Client mistakes get a 4xx with a readable message; anything else is logged and hidden.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { spaFallback: boolean }) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const sent = body(err.code, err.message);
      if (err.portalId !== undefined) sent.error.portalId = err.portalId;
      return reply.status(err.status).send(sent);
    }

    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return { path: path || where(err.validationContext), message: v.message ?? 'is invalid' };
      });
      const first = details[0];
      const message = first
        ? `Invalid ${where(err.validationContext)}: ${first.path} ${first.message}`
        : 'Invalid request';
      return reply.status(400).send(body('validation', message, details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(body('payload_too_large', 'The request is too large'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(body('bad_request', 'Send JSON with Content-Type: application/json'));
    }
    if (err.statusCode === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many requests. Please wait a moment and try again.'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      // Fastify's own client errors (malformed JSON, empty body with a JSON type, …).
      return reply.status(err.statusCode).send(body('bad_request', err.message));
    }
    // The schemas should have refused it; the log names the statement (never its values) so they can.
    const failure = databaseFailure(err);
    const refusal = failure && refusalOf(failure);
    if (refusal) {
      request.log.warn({ err }, 'the database refused a value of the request');
      return reply.status(refusal.status).send(body(refusal.code, refusal.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('internal', 'Something went wrong on our side. Please try again.'));
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api');
    // Client-side routes (/app/…, /oauth, …) all load the single-page app.
    if (opts.spaFallback && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .status(404)
      .send(body('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`));
  });
}
