import {
  authorizeQuery,
  authorizeResponse,
  errorBody,
  publicConfig,
  signInCallbackBody,
  userInfo,
  verifyQuery,
  verifyResponse,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../http/plugins/auth.js';
import { beginSignIn, completeSignIn, verifyPortalToken } from './service.js';
import type { OidcProvider } from './oidc.js';
import { revokeSession } from './sessions.js';

const errors = { 400: errorBody, 403: errorBody, 502: errorBody };

export function authRoutes(app: FastifyInstance, deps: { db: Db; config: Config; oidc: OidcProvider }) {
  const { db, config, oidc } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  r.get(
    '/api/public-config',
    {
      schema: {
        tags: ['auth'],
        summary: 'What the web app needs before sign-in',
        response: { 200: publicConfig },
      },
    },
    () => ({ organisationName: config.organisationName, supportEmail: config.supportEmail }),
  );

  r.get(
    '/api/auth/authorize',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: "The provider's authorize URL for a sign-in returning to `host`",
        querystring: authorizeQuery,
        response: { 200: authorizeResponse, ...errors },
      },
    },
    async (req) => ({ url: await beginSignIn(db, oidc, config, req.query.host) }),
  );

  r.post(
    '/api/auth/callback',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign-in verify: exchange the code from /oauth for the user-info record',
        body: signInCallbackBody,
        response: { 200: userInfo, ...errors },
      },
    },
    (req) => completeSignIn(db, oidc, config, req.body),
  );

  r.post(
    '/api/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security: [{ bearer: [] }],
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await revokeSession(db, actorOf(req).sessionId);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/user/verify',
    {
      config: limited,
      schema: {
        tags: ['user'],
        summary: "Exchange an ID token from the portal's provider for a session (no auth)",
        querystring: verifyQuery,
        response: { 200: verifyResponse, ...errors, 404: errorBody },
      },
    },
    async (req) => {
      const info = await verifyPortalToken(db, oidc, config, req.query.alias, req.query.token);
      return { ...info, context: req.query.context ?? null };
    },
  );
}
