import { timingSafeEqual } from 'node:crypto';
import { healthResponse, healthSummary, livenessResponse, readinessResponse } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Jobs } from '../../jobs/boss.js';
import { AppError, notFound } from '../../lib/errors.js';
import { registry, trackDatabaseGauges } from '../../lib/metrics.js';
import { jobTables, queues } from '../../jobs/queues.js';

/** What main.ts knows about the process's life: migrations run, and whether it is shutting down. */
export interface Lifecycle {
  migrated: boolean;
  draining: boolean;
}

interface HealthDeps {
  database: Database;
  jobs: Jobs | null;
  version: string;
  workerExpected: boolean;
  lifecycle: Lifecycle;
  /** The bearer token `/metrics` asks for; null turns `/metrics` off. */
  metricsToken: string | null;
  /** The demo shows `/api/health`'s detail to anyone; production to the portal's admins. */
  demo: boolean;
}

/** Either answer of `/api/health`: the detailed one first, so an admin's answer keeps its fields. */
const healthAnswer = z.union([healthResponse, healthSummary]);

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * GET /api/health (database round trip and job-engine state: `{ status }` for anyone, the detail for
 * admins or anyone in the demo), /api/health/live (liveness),
 * /api/health/ready (readiness: database reachable, migrations run, job engine started where this
 * process runs the worker, not shutting down) and /metrics (Prometheus text, behind a bearer token).
 */
export function healthRoutes(app: FastifyInstance, deps: HealthDeps) {
  const started = Date.now();
  const api = app.withTypeProvider<ZodTypeProvider>();
  if (deps.metricsToken && deps.jobs)
    trackDatabaseGauges(deps.database.db, Object.values(queues), jobTables(deps.jobs.boss), (err) =>
      app.log.warn({ err }, 'reading queue depths for /metrics failed'),
    );
  const databaseAnswers = () =>
    deps.database.db
      .execute(sql`select 1`)
      .then(() => true)
      .catch(() => false);
  api.get(
    '/api/health',
    {
      onRequest: app.identifyUser,
      schema: {
        tags: ['system'],
        summary: 'Up or not; database and job-engine detail for admins (anyone in the demo)',
        response: { 200: healthAnswer, 503: healthAnswer },
      },
    },
    async (req, reply) => {
      const t0 = performance.now();
      const dbOk = await databaseAnswers();
      const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
      const running = deps.jobs?.isRunning() ?? false;
      const jobsOk = deps.workerExpected ? running : true;
      const ok = dbOk && jobsOk;
      const status = ok ? 'ok' : 'degraded';
      reply.status(ok ? 200 : 503);
      if (!deps.demo && !req.actor?.isAdmin) return reply.send({ status });
      return reply.send({
        status,
        database: { ok: dbOk, mode: deps.database.kind, latencyMs },
        jobs: { ok: jobsOk, running },
        version: deps.version,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      });
    },
  );

  api.get(
    '/api/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers',
        response: { 200: livenessResponse },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  api.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: database reachable, migrations run, job engine started, not shutting down',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (_req, reply) => {
      const database = await databaseAnswers();
      const jobs = deps.workerExpected ? (deps.jobs?.isRunning() ?? false) : true;
      const { migrated: migrations, draining } = deps.lifecycle;
      const ready = database && migrations && jobs && !draining;
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', database, migrations, jobs, draining });
    },
  );

  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = deps.metricsToken;
    // Off unless a token is configured, so the figures are never public by accident.
    if (!token) throw notFound('Metrics');
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'A valid metrics token is required');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
}
