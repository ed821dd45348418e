import {
  brand,
  brandDeleteQuery,
  brandPage,
  brandSearchQuery,
  brandUpsert,
  libraryIdParams,
  libraryIdsBody,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/plugin.js';
import type { LibraryDeps } from './access.js';
import * as brands from './brands.js';
import { errors, security, writeErrors } from '../../http/route-schemas.js';

const tags = ['brands'];

/** Brands: members read, admins write (upsert, delete, multi-delete). */
export function brandRoutes(app: FastifyInstance, deps: LibraryDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.requireUser;

  r.get(
    '/api/brand',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The portal's brands, paged",
        querystring: brandSearchQuery,
        response: { 200: brandPage, ...errors },
      },
    },
    (req) => brands.listBrands(deps, actorOf(req), req.query),
  );
  r.get(
    '/api/brand/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One brand',
        params: libraryIdParams,
        response: { 200: brand, ...errors },
      },
    },
    (req) => brands.getBrand(deps, actorOf(req), req.params.id),
  );
  r.post(
    '/api/brand',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Add a brand (admin)',
        body: brandUpsert,
        response: { 201: brand, ...writeErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await brands.createBrand(deps, actorOf(req), req.body)),
  );
  r.put(
    '/api/brand/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change a brand (admin)',
        params: libraryIdParams,
        body: brandUpsert,
        response: { 200: brand, ...writeErrors },
      },
    },
    (req) => brands.updateBrand(deps, actorOf(req), req.params.id, req.body),
  );
  r.delete(
    '/api/brand/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Delete a brand (admin): refused (409, naming how many items) while content uses it, unless moveTo names the brand its items move to',
        params: libraryIdParams,
        querystring: brandDeleteQuery,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (req, reply) => {
      await brands.deleteBrands(deps, actorOf(req), [req.params.id], req.query.moveTo);
      return reply.status(204).send(null);
    },
  );
  r.delete(
    '/api/brand',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete several brands (body: ids; admin): refused (409) while content uses one',
        body: libraryIdsBody,
        response: { 204: z.null(), ...writeErrors },
      },
    },
    async (req, reply) => {
      await brands.deleteBrands(deps, actorOf(req), req.body.ids);
      return reply.status(204).send(null);
    },
  );
}
