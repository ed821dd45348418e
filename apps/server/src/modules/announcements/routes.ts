import {
  announcementActiveBody,
  announcementDetail,
  announcementList,
  announcementPage,
  announcementParams,
  announcementPortalParams,
  announcementSearchBody,
  announcementUpsert,
  errorBody,
  libraryIdsBody,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import { errors, security } from '../../http/route-schemas.js';
import * as service from './service.js';

const tags = ['announcements'];

/**
 * Announcements (spec §7): the active list for anyone, limited per client address like sign-in;
 * search, read, upsert and delete for the portal's admins.
 */
export function announcementRoutes(
  app: FastifyInstance,
  deps: service.AnnouncementDeps & { publicRateLimitPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.post(
    '/api/announcement/active',
    {
      config: { rateLimit: { max: deps.publicRateLimitPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "The portal's announcements shown now, less the non-recurring ones in `ids` (no auth)",
        body: announcementActiveBody,
        response: { 200: announcementList, 400: errorBody, 429: errorBody },
      },
    },
    (req) => service.activeAnnouncements(deps, req.body),
  );
  r.post(
    '/api/announcement/search',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The portal's announcements, searched and paged (admin)",
        body: announcementSearchBody,
        response: { 200: announcementPage, ...errors },
      },
    },
    (req) => service.searchAnnouncements(deps, actorOf(req), req.body),
  );
  r.get(
    '/api/announcement/:id/:portalId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One announcement of the portal named (admin; another portal is 404)',
        params: announcementPortalParams,
        response: { 200: announcementDetail, ...errors },
      },
    },
    (req) => service.getAnnouncement(deps, actorOf(req), req.params.id, req.params.portalId),
  );
  r.post(
    '/api/announcement',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add an announcement (admin); the body is sanitised HTML',
        body: announcementUpsert,
        response: { 201: announcementDetail, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createAnnouncement(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/announcement/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change an announcement (admin); the body is sanitised HTML',
        params: announcementParams,
        body: announcementUpsert,
        response: { 200: announcementDetail, ...errors },
      },
    },
    (req) => service.updateAnnouncement(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/announcement/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete an announcement (admin)',
        params: announcementParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.deleteAnnouncements(deps, actorOf(req), [req.params.id]);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/announcement',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete several announcements (body: ids; admin)',
        body: libraryIdsBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await service.deleteAnnouncements(deps, actorOf(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );
}
