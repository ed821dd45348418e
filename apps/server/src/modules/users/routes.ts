import {
  errorBody,
  meResponse,
  propertyPut,
  role,
  roleAssignment,
  roleAssignmentCreate,
  roleParams,
  userIdParams,
  userPage,
  userProperties,
  userSearchQuery,
  userSummary,
  userUpsert,
} from '@fitpost/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { actorOf } from '../auth/plugin.js';
import { requireAdmin } from '../auth/policy.js';
import type { MeCache } from './me-cache.js';
import * as users from './service.js';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const authed = { tags: ['user'], security: [{ bearer: [] }] };

/** User and role routes (spec §7 User): thin — validate, authorize in the service, present. */
export function userRoutes(app: FastifyInstance, { db, me }: { db: Db; me: MeCache }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Authenticate on request, before validation: strangers learn nothing about the schemas.
  const onRequest = app.requireUser;

  r.get(
    '/api/user/me',
    {
      onRequest,
      schema: { ...authed, summary: 'The signed-in user', response: { 200: meResponse, ...errors } },
    },
    (req) => me.me(actorOf(req)),
  );

  r.get(
    '/api/user',
    {
      onRequest,
      schema: {
        ...authed,
        summary: "Search the portal's users (admin)",
        querystring: userSearchQuery,
        response: { 200: userPage, ...errors },
      },
    },
    (req) => users.searchUsers(db, actorOf(req), req.query),
  );

  r.post(
    '/api/user',
    {
      onRequest,
      schema: {
        ...authed,
        summary: 'Add a user to the portal (admin)',
        body: userUpsert,
        response: { 201: userSummary, ...errors, 409: errorBody },
      },
    },
    async (req, reply) => reply.status(201).send(await users.createUser(db, actorOf(req), req.body)),
  );

  r.get(
    '/api/user/:id',
    {
      onRequest,
      schema: {
        ...authed,
        summary: 'One user',
        params: userIdParams,
        response: { 200: userSummary, ...errors },
      },
    },
    (req) => users.getUser(db, actorOf(req), req.params.id),
  );

  r.put(
    '/api/user/:id',
    {
      onRequest,
      schema: {
        ...authed,
        summary: 'Update a user',
        params: userIdParams,
        body: userUpsert,
        response: { 200: userSummary, ...errors, 409: errorBody },
      },
    },
    (req) => users.updateUser(db, actorOf(req), req.params.id, req.body),
  );

  r.get(
    '/api/user/:id/properties',
    {
      onRequest,
      schema: {
        ...authed,
        summary: "A user's properties",
        params: userIdParams,
        response: { 200: userProperties, ...errors },
      },
    },
    async (req) => {
      const user = await users.loadVisibleUser(db, actorOf(req), req.params.id);
      return users.listProperties(db, user.id);
    },
  );

  r.put(
    '/api/user/:id/properties',
    {
      onRequest,
      schema: {
        ...authed,
        summary: 'Set one property: a body of one name → string value pair',
        params: userIdParams,
        body: propertyPut,
        response: { 200: userProperties, ...errors },
      },
    },
    async (req) => {
      const user = await users.loadVisibleUser(db, actorOf(req), req.params.id);
      return users.putProperty(db, user.id, req.body);
    },
  );

  r.get(
    '/api/user/:id/roles',
    {
      onRequest,
      schema: {
        ...authed,
        summary: "A user's role assignments",
        params: userIdParams,
        response: { 200: z.array(roleAssignment), ...errors },
      },
    },
    async (req) => {
      const user = await users.loadVisibleUser(db, actorOf(req), req.params.id);
      return users.listUserRoles(db, user.id);
    },
  );

  r.post(
    '/api/user/:id/role',
    {
      onRequest,
      schema: {
        ...authed,
        summary: 'Grant a role with start and expiry dates (admin)',
        params: userIdParams,
        body: roleAssignmentCreate,
        response: { 200: z.array(roleAssignment), ...errors },
      },
    },
    (req) => users.assignRole(db, actorOf(req), req.params.id, req.body),
  );

  r.delete(
    '/api/user/:id/role/:roleId',
    {
      onRequest,
      schema: {
        ...authed,
        summary: 'Remove a role (admin)',
        params: roleParams,
        response: { 200: z.array(roleAssignment), ...errors, 409: errorBody },
      },
    },
    (req) => users.removeRole(db, actorOf(req), req.params.id, req.params.roleId),
  );

  r.get(
    '/api/role',
    {
      onRequest,
      schema: {
        tags: ['role'],
        security: [{ bearer: [] }],
        summary: 'All roles (admin)',
        response: { 200: z.array(role), ...errors },
      },
    },
    (req) => {
      requireAdmin(actorOf(req));
      return users.listRoles(db);
    },
  );
}
