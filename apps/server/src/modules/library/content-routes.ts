import {
  contentItem,
  contentPage,
  contentSearchQuery,
  contentUpsert,
  favorite,
  favoriteCreate,
  favoriteParams,
  libraryIdParams,
  libraryIdsBody,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import type { LibraryDeps } from './access.js';
import * as content from './content.js';
import * as favorites from './favorites.js';
import { errors, security } from '../../http/route-schemas.js';
import { getContent, searchContent } from './search.js';

/** Content items (search for everyone, writes for admins) and each caller's favorites. */
export function contentRoutes(app: FastifyInstance, deps: LibraryDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;
  const tags = ['content'];

  r.get(
    '/api/content',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Search the library: keyword, brand, tags, type, recommended, favorites; paged',
        querystring: contentSearchQuery,
        response: { 200: contentPage, ...errors },
      },
    },
    (req) => searchContent(deps, actorOf(req), req.query),
  );
  r.get(
    '/api/content/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One content item',
        params: libraryIdParams,
        response: { 200: contentItem, ...errors },
      },
    },
    (req) => getContent(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/content',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a content item (admin)',
        body: contentUpsert,
        response: { 201: contentItem, ...errors },
      },
    },
    async (req, reply) => reply.status(201).send(await content.createContent(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/content/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a content item (admin)',
        params: libraryIdParams,
        body: contentUpsert,
        response: { 200: contentItem, ...errors },
      },
    },
    (req) => content.updateContent(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/content/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a content item (admin)',
        params: libraryIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await content.deleteContent(deps, actorOf(req), [req.params.id]);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/content',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete several content items (body: ids; admin)',
        body: libraryIdsBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await content.deleteContent(deps, actorOf(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );

  const favoriteTags = ['favorites'];
  r.get(
    '/api/favorite',
    {
      onRequest,
      schema: {
        tags: favoriteTags,
        security,
        summary: 'My favorites, with the library filters; paged',
        querystring: contentSearchQuery,
        response: { 200: contentPage, ...errors },
      },
    },
    (req) => favorites.listFavorites(deps, actorOf(req), req.query),
  );
  r.post(
    '/api/favorite',
    {
      onRequest,
      schema: {
        tags: favoriteTags,
        security,
        summary: 'Add an item to my favorites (201 new, 200 already there)',
        body: favoriteCreate,
        response: { 200: favorite, 201: favorite, ...errors },
      },
    },
    async (req, reply) => {
      const added = await favorites.addFavorite(deps, actorOf(req), req.body.contentId);
      return reply.status(added.created ? 201 : 200).send(added.favorite);
    },
  );
  r.delete(
    '/api/favorite/:contentId',
    {
      onRequest,
      schema: {
        tags: favoriteTags,
        security,
        summary: 'Remove an item from my favorites',
        params: favoriteParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await favorites.removeFavorites(deps, actorOf(req), [req.params.contentId]);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/favorite',
    {
      onRequest,
      schema: {
        tags: favoriteTags,
        security,
        summary: 'Remove several items from my favorites (body: ids of content items)',
        body: libraryIdsBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await favorites.removeFavorites(deps, actorOf(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );
}
