import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError, forbidden } from '../../lib/errors.js';
import type { SessionCache } from './session-cache.js';
import { authenticate, type Actor } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid session is required; sets request.actor. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: sets request.actor when a valid session is sent; anonymous callers pass. */
    identifyUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook, after `requireUser`: the caller must administer their portal. */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
  }
}

const unauthenticated = () =>
  new AppError('unauthenticated', 'Your session has ended. Please sign in again.');

/** Reads the bearer token from the Authorization header; anything else is no token. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_\-.~+/]+=*)$/.exec(header);
  return match?.[1] ?? null;
}

/** Sets up the hooks; with `cache` (session-cache.ts) sessions are resolved from memory where they can be. */
export function registerAuth(app: FastifyInstance, db: Db, config: Config, cache?: SessionCache) {
  const resolve = cache
    ? (token: string) => cache.authenticate(token)
    : (token: string) => authenticate(db, token, config.session);
  app.decorateRequest('actor', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthenticated();
    const actor = await resolve(token);
    if (!actor) throw unauthenticated();
    request.actor = actor;
  });
  app.decorate('identifyUser', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token) request.actor = await resolve(token);
  });
  app.decorate('requireAdmin', (request: FastifyRequest) =>
    actorOf(request).isAdmin ? Promise.resolve() : Promise.reject(forbidden()),
  );
}

/** The acting user of a route that ran `requireUser`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthenticated();
  return request.actor;
}
