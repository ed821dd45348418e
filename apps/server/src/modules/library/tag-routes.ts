import {
  libraryIdParams,
  libraryIdsBody,
  tag,
  tagList,
  tagPage,
  tagSearchableBody,
  tagSearchQuery,
  tagUpsert,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import type { LibraryDeps } from './access.js';
import { errors, security, writeErrors } from '../../http/route-schemas.js';
import * as tagService from './tags.js';

const tags = ['tags'];

/** Tags: members read searchable ones; admins add, rename, toggle searchable and delete. */
export function tagRoutes(app: FastifyInstance, deps: LibraryDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/tag',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The portal's tags (members: searchable ones), paged",
        querystring: tagSearchQuery,
        response: { 200: tagPage, ...errors },
      },
    },
    (req) => tagService.listTags(deps, actorOf(req), req.query),
  );
  r.get(
    '/api/tag/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One tag',
        params: libraryIdParams,
        response: { 200: tag, ...errors },
      },
    },
    (req) => tagService.getTag(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/tag',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a Tag (admin)',
        body: tagUpsert,
        response: { 201: tag, ...writeErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await tagService.createTag(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/tag/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Rename a tag or set its searchable flag (admin)',
        params: libraryIdParams,
        body: tagUpsert,
        response: { 200: tag, ...writeErrors },
      },
    },
    (req) => tagService.updateTag(deps, actorOf(req), req.params.id, req.body),
  );
  r.post(
    '/api/tag/searchable',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Toggle Searchable (admin): set the flag on the tags named, or flip each',
        body: tagSearchableBody,
        response: { 200: tagList, ...errors },
      },
    },
    (req) => tagService.setTagsSearchable(deps, actorOf(req), req.body),
  );
  r.delete(
    '/api/tag/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete a tag (admin)',
        params: libraryIdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await tagService.deleteTags(deps, actorOf(req), [req.params.id]);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/tag',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete several tags (body: ids; admin)',
        body: libraryIdsBody,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await tagService.deleteTags(deps, actorOf(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );
}
