import {
  errorBody,
  messageCompose,
  messageItem,
  messageList,
  messageListQuery,
  messageParams,
  messageReply,
  messageSent,
  messageThread,
  unreadCounts,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../auth/plugin.js';
import { errors, security } from '../../http/route-schemas.js';
import * as sending from './sending.js';
import * as service from './service.js';

const tags = ['messages'];
const limited = { 429: errorBody };

/**
 * Messages between a portal's admins and its members (issue 12): the inbox and sent folders, a
 * thread, compose, reply and the bell's unread counts. Sending is limited per member
 * (FITPOST_MESSAGES_PER_HOUR).
 */
export function messageRoutes(app: FastifyInstance, deps: service.MessagesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;
  const limitedSend = [onRequest, app.memberLimit('messageCompose')];

  r.get(
    '/api/message/unread',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'What the bell counts: my unread notifications and unread message threads',
        response: { 200: unreadCounts, ...errors },
      },
    },
    (req) => service.unreadCounts(deps, actorOf(req)),
  );
  r.get(
    '/api/message',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "My threads (inbox: latest first; an admin's also holds the threads members wrote in), or sent: " +
          "a member's own messages, an admin's portal's messages to members with their read counts",
        querystring: messageListQuery,
        response: { 200: messageList, ...errors },
      },
    },
    (req) => service.listMessages(deps, actorOf(req), req.query),
  );
  r.get(
    '/api/message/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'A thread with its replies, oldest first; marks it read for me. An admin may also open a sent message ' +
          "(its body, recipients and read count). Another member's or portal's is 404",
        params: messageParams,
        response: { 200: messageThread, ...errors },
      },
    },
    (req) => service.getThread(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/message',
    {
      onRequest: limitedSend,
      schema: {
        tags,
        security,
        summary:
          "Send a message. A member's goes to the portal's admins (naming `to` is 400); an admin names `to`: " +
          '{ all: true } | { roleIds } | { userIds } of the portal. One body is stored, however many it reaches',
        body: messageCompose,
        response: { 201: messageSent, ...errors, ...limited },
      },
    },
    async (req, reply) => reply.status(201).send(await sending.composeMessage(deps, actorOf(req), req.body)),
  );
  r.post(
    '/api/message/:id/reply',
    {
      onRequest: limitedSend,
      schema: {
        tags,
        security,
        summary: "Answer in a thread: mine, or as an admin any of the portal's members' threads",
        params: messageParams,
        body: messageReply,
        response: { 201: messageItem, ...errors, ...limited },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await sending.replyToThread(deps, actorOf(req), req.params.id, req.body.body)),
  );
}
