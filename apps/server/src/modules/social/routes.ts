import {
  connectionIdParams,
  errorBody,
  facebookChoice,
  facebookConnectBody,
  popupAuthenticateBody,
  popupAuthorizeQuery,
  popupAuthorizeResponse,
  socialConnection,
  socialConnectionList,
  twitterAuthenticateBody,
  twitterAuthorizeUrlResponse,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { browserBinding } from '../../http/browser-binding.js';
import { actorOf } from '../auth/plugin.js';
import { deleteConnection, listConnections } from './connections.js';
import * as social from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 502: errorBody };
const tags = ['social'];
const security = [{ bearer: [] }];

/** Social connections (spec §7 Social and the popup flows): thin — validate, call, present. */
export function socialRoutes(app: FastifyInstance, deps: social.SocialDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;
  // Pending connections live 15 minutes (pending.ts); so does the browser's cookie.
  const browser = browserBinding({
    cookie: 'fitpost_connect',
    path: '/api/social',
    maxAgeSeconds: 15 * 60,
    secure: deps.publicUrl.startsWith('https:'),
  });

  r.get(
    '/api/social/connections',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The member's connected accounts",
        response: { 200: socialConnectionList, ...errors },
      },
    },
    (req) => listConnections(deps.db, actorOf(req)),
  );

  r.delete(
    '/api/social/connections/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Disconnect an account',
        params: connectionIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await deleteConnection(deps.db, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/social/twitter/authorizeurl',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "X's authorize URL for this member",
        response: { 200: twitterAuthorizeUrlResponse, ...errors },
      },
    },
    async (req, reply) => ({ url: await social.startX(deps, actorOf(req), browser.bind(req, reply)) }),
  );

  r.post(
    '/api/social/twitter/authenticate',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Finish connecting X',
        body: twitterAuthenticateBody,
        response: { 200: socialConnection, ...errors },
      },
    },
    (req) =>
      social.finishX(deps, actorOf(req), {
        oauthToken: req.body.oauth_token,
        oauthVerifier: req.body.oauth_verifier,
        browser: browser.token(req),
      }),
  );

  for (const network of ['linkedin', 'facebook'] as const) {
    r.get(
      `/api/social/${network}/authorizeurl`,
      {
        onRequest,
        schema: {
          tags,
          security,
          summary: `The ${network} login URL for the popup, carrying the browser's state`,
          querystring: popupAuthorizeQuery,
          response: { 200: popupAuthorizeResponse, ...errors },
        },
      },
      async (req, reply) => ({
        url: await social.startPopup(deps, actorOf(req), network, req.query.state, browser.bind(req, reply)),
      }),
    );
  }

  r.post(
    '/api/social/linkedin/authenticate',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Finish connecting LinkedIn',
        body: popupAuthenticateBody,
        response: { 200: socialConnection, ...errors },
      },
    },
    (req) => social.finishLinkedIn(deps, actorOf(req), { ...req.body, browser: browser.token(req) }),
  );

  r.post(
    '/api/social/facebook/authenticate',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Facebook login: the Pages and Instagram accounts to choose from',
        body: popupAuthenticateBody,
        response: { 200: facebookChoice, ...errors },
      },
    },
    (req) => social.finishFacebookLogin(deps, actorOf(req), { ...req.body, browser: browser.token(req) }),
  );

  r.post(
    '/api/social/facebook/connect',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add the chosen Pages and Instagram accounts',
        body: facebookConnectBody,
        response: { 200: socialConnectionList, ...errors },
      },
    },
    (req) => social.connectFacebookChoice(deps, actorOf(req), { ...req.body, browser: browser.token(req) }),
  );
}
