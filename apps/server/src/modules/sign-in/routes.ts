import {
  authorizeQuery,
  authorizeResponse,
  errorBody,
  logoutResponse,
  publicConfig,
  publicConfigQuery,
  signInCallbackBody,
  userInfo,
  verifyQuery,
  verifyResponse,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { browserBinding } from '../../http/browser-binding.js';
import { actorOf } from '../auth/plugin.js';
import { beginSignIn, completeSignIn, signInWindowMs, verifyPortalToken } from './service.js';
import type { OidcProvider } from './oidc.js';
import { revokeSession } from '../auth/sessions.js';
import { publicTextsOf, type OrganisationDeps } from '../organisation/service.js';

const errors = { 400: errorBody, 403: errorBody, 502: errorBody };

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Db; config: Config; oidc: OidcProvider; organisation: OrganisationDeps },
) {
  const { db, config, oidc } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  // A sign-in is finished only by the browser that started it (no login CSRF).
  const browser = browserBinding({
    cookie: 'fitpost_signin',
    path: '/api/auth',
    maxAgeSeconds: signInWindowMs / 1000,
    secure: config.publicUrl.startsWith('https:'),
  });

  r.get(
    '/api/public-config',
    {
      schema: {
        tags: ['auth'],
        summary:
          'What the web app needs before sign-in: the portal’s name and support address, else the deployment’s',
        querystring: publicConfigQuery,
        response: { 200: publicConfig, 400: errorBody },
      },
    },
    (req) => publicTextsOf(deps.organisation, req.query.portalId),
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
    async (req, reply) => ({
      url: await beginSignIn(db, oidc, config, { host: req.query.host, browser: browser.bind(req, reply) }),
    }),
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
    (req) => completeSignIn(db, oidc, config, { ...req.body, browser: browser.token(req) }),
  );

  r.post(
    '/api/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: "End this session; answers the provider's end-session URL to end its session too",
        security: [{ bearer: [] }],
        response: { 200: logoutResponse, 502: errorBody },
      },
    },
    async (req) => {
      const idToken = await revokeSession(db, actorOf(req).sessionId);
      const back = new URL('/app/logout', config.publicUrl).href;
      return { endSessionUrl: await oidc.endSessionUrl(idToken, back) };
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
