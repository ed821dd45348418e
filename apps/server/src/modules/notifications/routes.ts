import {
  errorBody,
  notificationList,
  notificationListQuery,
  notificationRead,
  notificationReadResult,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/plugin.js';
import { listNotifications, markRead, type NotificationsDeps } from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };
const tags = ['notifications'];
const security = [{ bearer: [] }];

/** What FitPost tells the signed-in member (issue 12): list, mark read, mark all read. */
export function notificationRoutes(app: FastifyInstance, deps: NotificationsDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/notification',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'My notifications, newest first, with the total and the unread count',
        querystring: notificationListQuery,
        response: { 200: notificationList, ...errors },
      },
    },
    (req) => listNotifications(deps, actorOf(req), req.query),
  );
  r.post(
    '/api/notification/read',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Mark some of my notifications read (others' ids are ignored)",
        body: notificationRead,
        response: { 200: notificationReadResult, ...errors },
      },
    },
    (req) => markRead(deps, actorOf(req), req.body.ids),
  );
  r.post(
    '/api/notification/read-all',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Mark all my notifications read (a reconnect still needed stays unread)',
        response: { 200: notificationReadResult, ...errors },
      },
    },
    (req) => markRead(deps, actorOf(req), 'all'),
  );
}
