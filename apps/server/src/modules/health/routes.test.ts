import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postTargets } from '../../db/schema-posts.js';
import { buildApp } from '../../app/api.js';
import { startWorker } from '../../app/worker.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';
import { engineDeps } from '../../app/worker-deps.js';

const metricsToken = 'scrape-token-0123456789';
let sandbox: Sandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp({ ...networkEnv(sandbox.url), FITPOST_METRICS_TOKEN: metricsToken });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const scrape = (authorization?: string) =>
  t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

it('answers liveness, and readiness from the database, migrations, job engine and shutdown state', async () => {
  expect((await t.app.inject({ url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
  const ready = await t.app.inject({ url: '/api/health/ready' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({
    status: 'ready',
    database: true,
    migrations: true,
    jobs: true,
    draining: false,
  });

  // A process still migrating, or one shutting down, is not given work.
  const lifecycle = { migrated: false, draining: false };
  const app = await buildApp({ ...t, logger: t.log, lifecycle });
  try {
    const migrating = await app.inject({ url: '/api/health/ready' });
    expect(migrating.statusCode).toBe(503);
    expect(migrating.json()).toMatchObject({ status: 'not_ready', migrations: false });
    lifecycle.migrated = true;
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    lifecycle.draining = true;
    const draining = await app.inject({ url: '/api/health/ready' });
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toMatchObject({ status: 'not_ready', draining: true });
    // Liveness stays up while draining: the process is fine, just leaving.
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
  } finally {
    await app.close();
  }
});

it('keeps /metrics behind its bearer token, and off without one', async () => {
  expect((await scrape()).statusCode).toBe(401);
  expect((await scrape('Bearer wrong-token-0123456789')).statusCode).toBe(401);
  expect((await scrape(`Bearer ${metricsToken}`)).statusCode).toBe(200);
  const off = await buildApp({ ...t, config: { ...t.config, ops: { ...t.config.ops, metricsToken: null } } });
  try {
    expect(
      (await off.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } }))
        .statusCode,
    ).toBe(404);
  } finally {
    await off.close();
  }
});

it('after a publish, /metrics shows the request latency by route, the outcome and lateness by network, and queue depths', async () => {
  const coach = await makeUser(t);
  const connection = await connectX(t, coach.auth);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: coach.auth,
    payload: {
      body: `Metrics drill ${Date.now()}: rest 90 s between sets.`,
      connectionIds: [connection],
      publishNow: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const postId = created.json<{ id: string }>().id;

  // Queued, not yet published: the publish queue holds it.
  const before = (await scrape(`Bearer ${metricsToken}`)).body;
  expect(before).toMatch(/^fitpost_queue_depth\{queue="publish",state="created"\} [1-9]/m);

  const stopWorker = await startWorker(t.jobs.boss, engineDeps(t), {
    concurrency: 2,
    idleMs: 100,
    log: t.log,
  });
  try {
    await expect
      .poll(
        async () => (await t.db.select().from(postTargets).where(eq(postTargets.postId, postId)))[0]?.status,
        { timeout: 15_000, interval: 200 },
      )
      .toBe('published');
  } finally {
    await stopWorker();
  }

  const res = await scrape(`Bearer ${metricsToken}`);
  expect(res.headers['content-type']).toContain('text/plain');
  const text = res.body;
  expect(text).toMatch(/^fitpost_publish_outcomes_total\{network="x",status="published"\} [1-9]/m);
  expect(text).toMatch(/^fitpost_publish_lateness_seconds_count\{network="x"\} [1-9]/m);
  expect(text).toMatch(/^fitpost_publish_lateness_seconds_bucket\{le="\+Inf",network="x"\} [1-9]/m);
  expect(text).toMatch(
    /^fitpost_http_request_duration_seconds_count\{method="POST",route="\/api\/posts",status_code="201"\} [1-9]/m,
  );
  expect(text).toMatch(/^fitpost_queue_depth\{queue="publish",state="created"\} 0$/m);
  expect(text).toMatch(/^fitpost_queue_depth\{queue="autopost-fanout",state="active"\} \d+$/m);
  for (const name of [
    'fitpost_fanout_members_total',
    'fitpost_fanout_targets_total',
    'fitpost_fanouts_in_progress',
    'fitpost_feed_refreshes_total',
    'fitpost_process_cpu_seconds_total',
  ])
    expect(text).toContain(`# TYPE ${name}`);
}, 60_000);
