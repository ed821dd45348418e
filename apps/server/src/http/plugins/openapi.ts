import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the same zod schemas the routes validate with; served at /api/docs, to
 * signed-in admins only when `adminOnly` (production). Registered after the auth plugin.
 */
export async function registerOpenApi(app: FastifyInstance, opts: { version: string; adminOnly: boolean }) {
  const { version } = opts;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'FitPost API',
        version,
        description:
          'Social-media scheduling for fitness professionals. Authenticated calls send `Authorization: Bearer <token>`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.get(
    '/api/docs',
    {
      schema: { hide: true },
      ...(opts.adminOnly && { onRequest: [app.requireUser, app.requireAdmin] }),
    },
    () => app.swagger(),
  );
}
