import {
  errorBody,
  feed,
  feedConsumeParams,
  feedConsumeResult,
  feedList,
  feedListQuery,
  feedUpsert,
  libraryIdParams,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import type { FeedsDeps } from './import.js';
import * as feeds from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const tags = ['feeds'];
const security = [{ bearer: [] }];

/** Content feeds exactly as spec §7 has them: list, upsert, delete, consume. */
export function feedRoutes(app: FastifyInstance, deps: FeedsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/feed',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "My feeds and the portal's system feeds (portalid, userid, active)",
        querystring: feedListQuery,
        response: { 200: feedList, ...errors },
      },
    },
    (req) => feeds.listFeeds(deps, actorOf(req), req.query),
  );
  r.post(
    '/api/feed',
    {
      onRequest: [onRequest, app.memberLimit('feedCreate')],
      schema: {
        tags,
        security,
        summary: 'Add a feed (system feeds: admins)',
        body: feedUpsert,
        response: { 201: feed, ...errors, 429: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await feeds.createFeed(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/feed/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a feed',
        params: libraryIdParams,
        body: feedUpsert,
        response: { 200: feed, ...errors },
      },
    },
    (req) => feeds.updateFeed(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/feed/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a feed and what was imported from it',
        params: libraryIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await feeds.deleteFeed(deps, actorOf(req), req.params.id);
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/api/feed/consume/:userId',
    {
      // Each call fetches every one of the member's feeds: counted against the caller.
      onRequest: [onRequest, app.memberLimit('feedRefresh')],
      schema: {
        tags,
        security,
        summary: "Refresh a member's feeds and the portal's system feeds (called after sign-in)",
        params: feedConsumeParams,
        response: { 200: feedConsumeResult, ...errors, 429: errorBody },
      },
    },
    (req) => feeds.consumeFeeds(deps, actorOf(req), req.params.userId),
  );
}
