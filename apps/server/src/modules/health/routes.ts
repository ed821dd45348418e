import { healthResponse } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/boss.js';

/** GET /api/health: database round trip and job-engine state; 503 when the database is down. */
export function healthRoutes(
  app: FastifyInstance,
  deps: { database: Database; jobs: Jobs | null; version: string; workerExpected: boolean },
) {
  const started = Date.now();
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Database and job-engine status',
        response: { 200: healthResponse, 503: healthResponse },
      },
    },
    async (_req, reply) => {
      const t0 = performance.now();
      const dbOk = await deps.database.db
        .execute(sql`select 1`)
        .then(() => true)
        .catch(() => false);
      const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
      const running = deps.jobs?.isRunning() ?? false;
      const jobsOk = deps.workerExpected ? running : true;
      const ok = dbOk && jobsOk;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok: dbOk, mode: deps.database.kind, latencyMs },
        jobs: { ok: jobsOk, running },
        version: deps.version,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      });
    },
  );
}
