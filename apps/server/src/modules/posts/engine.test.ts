import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { clearFaults, injectFault, publishedPosts } from '@fitpost/sandbox/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, socialConnections } from '../../db/schema.js';
import { postTargets, rateLimits } from '../../db/schema-posts.js';
import { enqueueIn, queues } from '../../jobs/queues.js';
import { startWorker } from '../../app/worker.js';
import { testEngineDeps } from '../../test/engine.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';
import { PlatformError } from '../../platforms/index.js';
import { publishTarget, publishTargets, reconcileTarget, sweepStale } from './engine.js';
import type { EngineDeps } from './engine-deps.js';

let sandbox: Sandbox;
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let xConnection: string;
let deps: EngineDeps;
let seq = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp({ ...networkEnv(sandbox.url), FITPOST_NETWORK_TIMEOUT_MS: '1500' });
  coach = await makeUser(t);
  xConnection = await connectX(t, coach.auth);
  deps = testEngineDeps(t);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => clearFaults(sandbox.url));

const text = () => `Leg day tip #${++seq} ${Date.now()}: keep your knees over your toes.`;
const inHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function createPost(body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/posts', headers: coach.auth, payload: body });
  return res;
}
async function targetOf(postId: string) {
  const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
  if (!target) throw new Error('no target');
  return target;
}
const sentWith = async (body: string) => (await publishedPosts(sandbox.url)).filter((p) => p.text === body);

describe('publishing', () => {
  it('publishes a post due now exactly once, through the real job queue', async () => {
    const body = text();
    const res = await createPost({ body, connectionIds: [xConnection], publishNow: true });
    expect(res.statusCode, res.body).toBe(201);
    const stopWorker = await startWorker(t.jobs.boss, deps, { concurrency: 2, idleMs: 100, log: t.log });
    const postId = res.json<{ id: string }>().id;
    try {
      await expect
        .poll(async () => (await targetOf(postId)).status, { timeout: 15_000, interval: 200 })
        .toBe('published');
    } finally {
      // The other tests drive the engine by hand; a background worker would race them for jobs.
      await stopWorker();
    }
    const target = await targetOf(postId);
    expect(target.remoteId).toBeTruthy();
    // The same job delivered again finds nothing to do.
    expect(await publishTarget(deps, { targetId: target.id, version: target.version })).toBe('skipped');
    expect(await sentWith(body)).toHaveLength(1);
    const shown = await t.app.inject({ url: `/api/posts/${postId}`, headers: coach.auth });
    expect(shown.json()).toMatchObject({
      status: 'posted',
      targets: [{ status: 'published', network: 'x' }],
    });
  });

  it('does not publish a canceled post', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], scheduledAt: inHour() })).json<{
      id: string;
    }>();
    const before = await targetOf(post.id);
    const canceled = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/cancel`,
      headers: coach.auth,
    });
    expect(canceled.json()).toMatchObject({ status: 'cancelled' });
    const later = { ...deps, now: () => new Date(Date.now() + 2 * 3_600_000) };
    expect(await publishTarget(later, { targetId: before.id, version: before.version })).toBe('skipped');
    expect(await sentWith(body)).toHaveLength(0);
  });

  it('publishes a rescheduled post at the new time, not the old one', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], scheduledAt: inHour() })).json<{
      id: string;
    }>();
    const old = await targetOf(post.id);
    const newTime = new Date(Date.now() + 2 * 3_600_000);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/reschedule`,
      headers: coach.auth,
      payload: { scheduledAt: newTime.toISOString() },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const atOldTime = { ...deps, now: () => new Date(Date.now() + 3_600_000 + 1000) };
    expect(await publishTarget(atOldTime, { targetId: old.id, version: old.version })).toBe('skipped');
    const current = await targetOf(post.id);
    expect(await publishTarget(atOldTime, { targetId: current.id, version: current.version })).toBe(
      'skipped',
    );
    const atNewTime = { ...deps, now: () => new Date(newTime.getTime() + 1000) };
    expect(await publishTarget(atNewTime, { targetId: current.id, version: current.version })).toBe(
      'published',
    );
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('publishes a batch claimed together, each target once, ignoring stale and repeated jobs', async () => {
    const bodies = [text(), text(), text()];
    const targets = [];
    for (const body of bodies) {
      const res = await createPost({ body, connectionIds: [xConnection], publishNow: true });
      targets.push(await targetOf(res.json<{ id: string }>().id));
    }
    const [a, b, c] = targets as [(typeof targets)[0], (typeof targets)[0], (typeof targets)[0]];
    const jobs = [
      { targetId: a.id, version: a.version },
      { targetId: b.id, version: b.version },
      { targetId: c.id, version: c.version + 1 }, // a job for a version that does not exist
      { targetId: a.id, version: a.version }, // the same job delivered twice in one batch
    ];
    const outcomes = await publishTargets(deps, jobs);
    expect(outcomes[2]).toBe('skipped');
    expect(outcomes.filter((o) => o === 'published')).toHaveLength(2);
    expect(await sentWith(bodies[0] ?? '')).toHaveLength(1);
    expect(await sentWith(bodies[1] ?? '')).toHaveLength(1);
    expect(await sentWith(bodies[2] ?? '')).toHaveLength(0);
    expect((await targetOf(a.postId)).status).toBe('published');
    expect((await targetOf(a.postId)).remoteId).toBeTruthy();
    expect((await targetOf(c.postId)).status).toBe('scheduled');
  });

  it('waits out a 429 and then publishes once', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], publishNow: true })).json<{
      id: string;
    }>();
    const first = await targetOf(post.id);
    await injectFault(sandbox.url, { network: 'x', kind: 'rate_limit', resetSeconds: 2 });
    expect(await publishTarget(deps, { targetId: first.id, version: first.version })).toBe('retrying');
    const waiting = await targetOf(post.id);
    expect(waiting.status).toBe('scheduled');
    expect(waiting.dueAt.getTime()).toBeGreaterThan(Date.now());
    const [limit] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `account:${xConnection}`));
    expect(limit?.blockedUntil.getTime()).toBeGreaterThan(Date.now());
    // The old job is stale; the new one runs once the window has passed.
    expect(await publishTarget(deps, { targetId: first.id, version: first.version })).toBe('skipped');
    const later = { ...deps, now: () => new Date(waiting.dueAt.getTime() + 3000) };
    expect(await publishTarget(later, { targetId: waiting.id, version: waiting.version })).toBe('published');
    expect(await sentWith(body)).toHaveLength(1);
    await t.db.delete(rateLimits);
  });

  it('ends accept-then-hang as unknown and reconciles it without a second post', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], publishNow: true })).json<{
      id: string;
    }>();
    const target = await targetOf(post.id);
    await injectFault(sandbox.url, { network: 'x', kind: 'hang' });
    expect(await publishTarget(deps, { targetId: target.id, version: target.version })).toBe('unknown');
    expect((await targetOf(post.id)).status).toBe('unknown');
    expect(await reconcileTarget(deps, { targetId: target.id, version: target.version })).toBe('published');
    const done = await targetOf(post.id);
    expect(done.status).toBe('published');
    expect(done.remoteId).toBeTruthy();
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('marks the connection for reconnecting when the token is refused, and tells the member', async () => {
    const other = await makeUser(t);
    const connection = await connectX(t, other.auth, '1500000000000001002');
    const body = text();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: other.auth,
      payload: { body, connectionIds: [connection], publishNow: true },
    });
    const target = await targetOf(res.json<{ id: string }>().id);
    await injectFault(sandbox.url, { network: 'x', kind: 'revoked', accountId: '1500000000000001002' });
    expect(await publishTarget(deps, { targetId: target.id, version: target.version })).toBe(
      'needs_reconnect',
    );
    const [row] = await t.db.select().from(socialConnections).where(eq(socialConnections.id, connection));
    expect(row?.status).toBe('needs_reconnect');
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, other.user.id));
    expect(told.map((n) => n.kind)).toContain('connection.needs_reconnect');
    expect(await sentWith(body)).toHaveLength(0);
  });

  it('hands a target left publishing by a dead worker to reconcile', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], scheduledAt: inHour() })).json<{
      id: string;
    }>();
    const target = await targetOf(post.id);
    await t.db
      .update(postTargets)
      .set({ status: 'publishing', startedAt: new Date(Date.now() - 120_000) })
      .where(eq(postTargets.id, target.id));
    expect(await sweepStale(deps)).toBe(1);
    expect((await targetOf(post.id)).status).toBe('unknown');
    // Nothing was sent, so reconcile schedules it again rather than calling it published.
    expect(await reconcileTarget(deps, { targetId: target.id, version: target.version })).toBe('rescheduled');
    expect((await targetOf(post.id)).status).toBe('scheduled');
    expect(await sentWith(body)).toHaveLength(0);
  });

  /** A scheduled target made to look due five minutes ago, with the publish job its post was given. */
  async function overdueTarget() {
    const post = (
      await createPost({ body: text(), connectionIds: [xConnection], scheduledAt: inHour() })
    ).json<{ id: string }>();
    const target = await targetOf(post.id);
    const past = new Date(Date.now() - 300_000);
    await t.db.update(postTargets).set({ dueAt: past, updatedAt: past }).where(eq(postTargets.id, target.id));
    const [job] = await t.jobs.boss.findJobs(queues.publish, { data: { targetId: target.id } });
    if (!job) throw new Error('no publish job');
    return { target, job };
  }
  const jobsOf = (targetId: string) => t.jobs.boss.findJobs(queues.publish, { data: { targetId } });

  it('gives a scheduled target whose job was lost with a dead worker a new job, once', async () => {
    const { target, job } = await overdueTarget();
    // The worker that fetched it died; the job expired and failed (pg-boss never retries publishes).
    await t.jobs.boss.fail(queues.publish, job.id);

    expect(await sweepStale(deps)).toBeGreaterThanOrEqual(1);
    const revived = await targetOf(target.postId);
    expect(revived.version).toBe(target.version + 1);
    const jobs = await jobsOf(target.id);
    expect(jobs.map((j) => j.data)).toContainEqual({ targetId: target.id, version: revived.version });
    // Touched: the next sweep leaves it to the job just sent.
    await sweepStale(deps);
    expect((await targetOf(target.postId)).version).toBe(revived.version);
    expect(await jobsOf(target.id)).toHaveLength(jobs.length);
  });

  /** Marks `jobId` fetched by a worker `ago` ms ago (pg-boss's active state). */
  async function fetchedAgo(jobId: string, ago: number) {
    const jobs = await deps.jobTable(queues.publish);
    await t.db.execute(
      sql`update ${jobs} set state = 'active', started_on = ${new Date(Date.now() - ago).toISOString()}::timestamptz where id = ${jobId}`,
    );
  }

  it('gives a new job at once to a target whose job a worker fetched and died before claiming', async () => {
    const { target, job } = await overdueTarget();
    // Fetched ten minutes ago and never claimed: pg-boss would expire it only after five minutes more.
    await fetchedAgo(job.id, 600_000);
    expect(await sweepStale(deps)).toBeGreaterThanOrEqual(1);
    const revived = await targetOf(target.postId);
    expect(revived.version).toBe(target.version + 1);
    expect((await jobsOf(target.id)).map((j) => j.data)).toContainEqual({
      targetId: target.id,
      version: revived.version,
    });
  });

  it('leaves a target alone while a live worker has just fetched its job', async () => {
    const { target, job } = await overdueTarget();
    await fetchedAgo(job.id, 1000);
    const before = await jobsOf(target.id);
    await sweepStale(deps);
    expect((await targetOf(target.postId)).version).toBe(target.version);
    expect(await jobsOf(target.id)).toHaveLength(before.length);
  });

  it('leaves a scheduled target alone while its job is still queued behind others', async () => {
    const { target } = await overdueTarget();
    const before = await jobsOf(target.id);

    await sweepStale(deps);
    expect((await targetOf(target.postId)).version).toBe(target.version);
    expect(await jobsOf(target.id)).toHaveLength(before.length);
  });

  it('asks again about an unknown target whose reconcile job died with its worker', async () => {
    const post = (
      await createPost({ body: text(), connectionIds: [xConnection], scheduledAt: inHour() })
    ).json<{
      id: string;
    }>();
    const target = await targetOf(post.id);
    await t.db
      .update(postTargets)
      .set({
        status: 'unknown',
        startedAt: new Date(Date.now() - 120_000),
        updatedAt: new Date(Date.now() - 120_000),
      })
      .where(eq(postTargets.id, target.id));
    const before = await t.jobs.boss.findJobs(queues.reconcile, { data: { targetId: target.id } });
    expect(await sweepStale(deps)).toBeGreaterThanOrEqual(1);
    const after = await t.jobs.boss.findJobs(queues.reconcile, { data: { targetId: target.id } });
    expect(after.length).toBe(before.length + 1);
    // Touched: the next sweep leaves it to the job just sent.
    await sweepStale(deps);
    expect(await t.jobs.boss.findJobs(queues.reconcile, { data: { targetId: target.id } })).toHaveLength(
      after.length,
    );
  });

  it('reconciles unknown targets through the real reconcile queue', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], publishNow: true })).json<{
      id: string;
    }>();
    const target = await targetOf(post.id);
    await t.db
      .update(postTargets)
      .set({ status: 'unknown', startedAt: new Date(Date.now() - 5000) })
      .where(eq(postTargets.id, target.id));
    await enqueueIn(t.jobs.boss, t.db)(queues.reconcile, { targetId: target.id, version: target.version });
    const stopWorker = await startWorker(t.jobs.boss, deps, { concurrency: 2, idleMs: 100, log: t.log });
    try {
      // Nothing had been sent, so the reconcile reschedules it and the pump then publishes it once.
      await expect
        .poll(async () => (await targetOf(post.id)).status, { timeout: 15_000, interval: 200 })
        .toBe('published');
    } finally {
      await stopWorker();
    }
    expect(await sentWith(body)).toHaveLength(1);
  });

  it('gives up on a send it can never confirm, after a day, and tells the member', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], publishNow: true })).json<{
      id: string;
    }>();
    const target = await targetOf(post.id);
    await t.db
      .update(postTargets)
      .set({ status: 'unknown', startedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(postTargets.id, target.id));
    // The network cannot be asked: every read fails.
    const blind = {
      ...deps,
      platforms: {
        ...deps.platforms,
        x: {
          ...deps.platforms.x,
          reconcile: () =>
            Promise.reject(
              new PlatformError({ network: 'x', kind: 'retry', message: 'X is unavailable.', code: 'test' }),
            ),
        },
      },
    };
    expect(await reconcileTarget(blind, { targetId: target.id, version: target.version })).toBe('failed');
    const done = await targetOf(post.id);
    expect(done.status).toBe('failed');
    expect(done.error).toMatch(/could not confirm/);
    expect(await sentWith(body)).toHaveLength(0);
  });
});

describe('POST /api/posts validation', () => {
  const bad = async (payload: Record<string, unknown>, headers = coach.auth) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/posts', headers, payload });
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    return res.json<{ error: { message: string; details?: { message: string }[] } }>().error;
  };

  it('uses the spec’s messages', async () => {
    const empty = await bad({ body: '  ', connectionIds: [xConnection], publishNow: true });
    expect(empty.details?.map((d) => d.message)).toContain('Please add at least a body or a graphic');
    const noNetwork = await bad({ body: 'hi', connectionIds: [], publishNow: true });
    expect(noNetwork.details?.map((d) => d.message)).toContain('Please select at least one social network');
  });

  it('refuses past times, other members’ accounts and text over the network’s limit, storing nothing', async () => {
    const before = (await t.db.select().from(postTargets)).length;
    expect(
      (await bad({ body: 'hi', connectionIds: [xConnection], scheduledAt: '2020-01-01T00:00:00Z' })).message,
    ).toMatch(/passed/);
    const stranger = await makeUser(t, { portalId: 2 });
    expect(
      (await bad({ body: 'hi', connectionIds: [xConnection], publishNow: true }, stranger.auth)).message,
    ).toMatch(/your own/);
    expect(
      (await bad({ body: 'x'.repeat(281), connectionIds: [xConnection], publishNow: true })).message,
    ).toMatch(/X allows 280/);
    expect((await bad({ body: 'hi', connectionIds: ['not-a-uuid'], publishNow: true })).message).toBeTruthy();
    const someoneElses = await bad({
      body: '',
      mediaId: crypto.randomUUID(),
      connectionIds: [xConnection],
      publishNow: true,
    });
    expect(someoneElses.message).toMatch(/image you uploaded/);
    expect((await t.db.select().from(postTargets)).length).toBe(before);
  });

  it('keeps members to their own posts', async () => {
    const body = text();
    const post = (await createPost({ body, connectionIds: [xConnection], scheduledAt: inHour() })).json<{
      id: string;
    }>();
    const other = await makeUser(t);
    expect((await t.app.inject({ url: `/api/posts/${post.id}`, headers: other.auth })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/posts/${post.id}/cancel`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/posts/${post.id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/posts', headers: other.auth })).json().total).toBe(0);
    const mine = await t.app.inject({ url: '/api/posts?network=x', headers: coach.auth });
    expect(mine.json().total).toBeGreaterThan(0);
    const del = (headers: typeof coach.auth, ids: unknown[]) =>
      t.app.inject({ method: 'DELETE', url: '/api/posts', headers, payload: { ids } });
    expect((await del(other.auth, [post.id])).statusCode).toBe(404);
    expect((await del(coach.auth, ['abc'])).statusCode).toBe(400);
    expect((await del(coach.auth, [])).statusCode).toBe(400);
    expect((await del(coach.auth, [post.id])).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/posts/${post.id}`, headers: coach.auth })).statusCode).toBe(404);
  });
});
