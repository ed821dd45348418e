import {
  calendarPosts,
  calendarQuery,
  errorBody,
  postIdParams,
  postIdsBody,
  postPage,
  postSearchQuery,
  postUpsert,
  rescheduleBody,
  scheduledPost,
  targetParams,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import * as postSearch from './search.js';
import * as postsService from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['posts'];
const security = [{ bearer: [] }];

/** Posts (the member's own): upsert, list, calendar, read, duplicate, cancel, reschedule, retry, delete. */
export function postRoutes(app: FastifyInstance, deps: postsService.PostsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.post(
    '/api/posts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Create a post (Post Now, scheduled, queued in my next free slot, or a draft); the answer’s `warnings` name any health claims in the text (the post is saved regardless)',
        body: postUpsert,
        response: { 201: scheduledPost, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await postsService.createPost(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/posts/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Replace a post that has not been sent; the answer’s `warnings` name any health claims in the text',
        params: postIdParams,
        body: postUpsert,
        response: { 200: scheduledPost, ...errors },
      },
    },
    (req) => postsService.updatePost(deps, actorOf(req), req.params.id, req.body),
  );
  r.get(
    '/api/posts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My posts: status, network, content and date filters, paged',
        querystring: postSearchQuery,
        response: { 200: postPage, ...errors },
      },
    },
    (req) => postSearch.listPosts(deps.db, actorOf(req), req.query),
  );
  r.get(
    '/api/posts/calendar',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My posts scheduled in [from, to), compact, for the calendar',
        querystring: calendarQuery,
        response: { 200: calendarPosts, ...errors },
      },
    },
    (req) => postSearch.calendarPosts(deps.db, actorOf(req), req.query),
  );
  r.get(
    '/api/posts/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One of my posts with its targets',
        params: postIdParams,
        response: { 200: scheduledPost, ...errors },
      },
    },
    (req) => postsService.getPost(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/posts/:id/duplicate',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Copy a post as a new draft',
        params: postIdParams,
        response: { 201: scheduledPost, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await postsService.duplicatePost(deps, actorOf(req), req.params.id)),
  );
  r.post(
    '/api/posts/:id/cancel',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Cancel what has not been sent',
        params: postIdParams,
        response: { 200: scheduledPost, ...errors },
      },
    },
    (req) => postsService.cancelPost(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/posts/:id/reschedule',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Move unsent targets (or a draft) to a new time',
        params: postIdParams,
        body: rescheduleBody,
        response: { 200: scheduledPost, ...errors },
      },
    },
    (req) => postsService.reschedulePost(deps, actorOf(req), req.params.id, req.body.scheduledAt),
  );
  r.post(
    '/api/posts/:id/targets/:targetId/retry',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Retry a failed target now',
        params: targetParams,
        response: { 200: scheduledPost, ...errors },
      },
    },
    (req) => postsService.retryTarget(deps, actorOf(req), req.params.id, req.params.targetId),
  );
  r.delete(
    '/api/posts/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a post',
        params: postIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await postsService.deletePosts(deps, actorOf(req), [req.params.id]);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/posts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete several posts (body: ids)',
        body: postIdsBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await postsService.deletePosts(deps, actorOf(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );
}
