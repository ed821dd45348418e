import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import {
  advanceMetricsClock,
  clearFaults,
  engagementAt,
  injectFault,
  resetMetricsClock,
} from '@fitpost/sandbox/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postMetrics, postMetricSnapshots } from '../../db/schema-metrics.js';
import { posts, postTargets, rateLimits } from '../../db/schema-posts.js';
import { notifications, socialConnections } from '../../db/schema.js';
import { testEngineDeps } from '../../test/engine.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { connectX, networkEnv } from '../../test/social.js';
import { publishTarget } from '../posts/engine.js';
import { collectDueMetrics, type MetricsDeps } from './collect.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let sandbox: Sandbox;
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let connectionId: string;
let seq = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
  coach = await makeUser(t);
  connectionId = await connectX(t, coach.auth);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(async () => {
  await clearFaults(sandbox.url);
  await resetMetricsClock(sandbox.url);
});

/** Creates a post on the coach's X account through the API; returns its target. */
async function created(when: { publishNow: true } | { scheduledAt: string }) {
  const body = `Metrics ${++seq} ${Date.now()}: tempo squats today.`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/posts',
    headers: coach.auth,
    payload: { body, connectionIds: [connectionId], ...when },
  });
  expect(res.statusCode, res.body).toBe(201);
  const [target] = await t.db
    .select()
    .from(postTargets)
    .where(eq(postTargets.postId, res.json<{ id: string }>().id));
  if (!target) throw new Error('no target');
  return target;
}

/** Publishes a post to the coach's X account through the API and the engine; returns its target. */
async function published() {
  const target = await created({ publishNow: true });
  expect(await publishTarget(testEngineDeps(t), { targetId: target.id, version: target.version })).toBe(
    'published',
  );
  const [row] = await t.db.select().from(postTargets).where(eq(postTargets.id, target.id));
  if (!row?.publishedAt || !row.remoteId) throw new Error('not published');
  return { id: row.id, remoteId: row.remoteId, publishedAt: row.publishedAt };
}

const at = (time: Date): MetricsDeps => ({
  db: t.db,
  cipher: t.cipher,
  platforms: t.platforms,
  now: () => time,
});
const later = (time: Date, ms: number) => new Date(time.getTime() + ms);

async function latest(targetId: string) {
  const [row] = await t.db.select().from(postMetrics).where(eq(postMetrics.targetId, targetId));
  return row;
}
const snapshots = (targetId: string) =>
  t.db.select().from(postMetricSnapshots).where(eq(postMetricSnapshots.targetId, targetId));

describe('the metrics job', () => {
  it('follows a published post on its schedule, keeping every answer and the latest figures', async () => {
    const post = await published();
    const rates = engagementAt(post.remoteId, 0, 0);
    const first = later(post.publishedAt, MINUTE);
    await collectDueMetrics(at(first));
    expect(await latest(post.id)).toMatchObject({
      network: 'x',
      portalId: 1,
      // The target's member and time, copied for the reports.
      userId: coach.user.id,
      publishedAt: post.publishedAt,
      likes: rates.likes,
      impressions: rates.impressions,
      comments: rates.comments,
      shares: rates.shares,
      clicks: rates.clicks,
      fetchedAt: first,
      fetches: 1,
      // In its first hour a post is asked about every 15 minutes.
      nextFetchAt: later(first, 15 * MINUTE),
    });
    // Not due yet: nothing is asked.
    await collectDueMetrics(at(later(first, 5 * MINUTE)));
    expect((await latest(post.id))?.fetches).toBe(1);

    // The post has aged two and a half hours at the network: three units of growth.
    await advanceMetricsClock(sandbox.url, 2 * 3600 + 1800);
    const second = later(first, 16 * MINUTE);
    await collectDueMetrics(at(second));
    expect(await latest(post.id)).toMatchObject({ likes: rates.likes * 3, fetches: 2, fetchedAt: second });
    expect((await snapshots(post.id)).map((s) => s.likes)).toEqual([rates.likes, rates.likes * 3]);

    // Daily from day one; the last fetch falls on day 30, and then it is done.
    const dayTwo = later(post.publishedAt, DAY + 5 * MINUTE);
    await t.db.update(postMetrics).set({ nextFetchAt: dayTwo }).where(eq(postMetrics.targetId, post.id));
    await collectDueMetrics(at(dayTwo));
    expect((await latest(post.id))?.nextFetchAt).toEqual(later(dayTwo, DAY));
    const dayThirty = later(post.publishedAt, 30 * DAY - MINUTE);
    await t.db.update(postMetrics).set({ nextFetchAt: dayThirty }).where(eq(postMetrics.targetId, post.id));
    await collectDueMetrics(at(dayThirty));
    expect((await latest(post.id))?.nextFetchAt).toEqual(later(post.publishedAt, 30 * DAY));
    await collectDueMetrics(at(later(post.publishedAt, 30 * DAY)));
    expect(await latest(post.id)).toMatchObject({ nextFetchAt: null, fetches: 5 });
    expect(await snapshots(post.id)).toHaveLength(5);
  });

  it("keeps its copy of the target's member and time right: a repeated publish job, a new owner, a deleted post", async () => {
    const post = await published();
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.id, post.id));
    if (!target) throw new Error('no target');
    // The publish job delivered again (a retry after a crash): the target stays as it was published.
    await publishTarget(testEngineDeps(t), { targetId: target.id, version: target.version });
    const first = later(post.publishedAt, MINUTE);
    await collectDueMetrics(at(first));
    await collectDueMetrics(at(first));
    const rows = await t.db.select().from(postMetrics).where(eq(postMetrics.targetId, post.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: coach.user.id, publishedAt: post.publishedAt, fetches: 1 });

    // A copy that differs from its target cannot be written.
    await expect(
      t.db
        .update(postMetrics)
        .set({ publishedAt: later(post.publishedAt, DAY) })
        .where(eq(postMetrics.targetId, post.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(postMetrics).set({ network: 'linkedin' }).where(eq(postMetrics.targetId, post.id)),
    ).rejects.toThrow();

    // The post changes hands: its targets follow (their own cascade), and so do its figures.
    const other = await makeUser(t);
    await t.db.update(posts).set({ userId: other.user.id }).where(eq(posts.id, target.postId));
    expect(await latest(post.id)).toMatchObject({ userId: other.user.id, publishedAt: post.publishedAt });

    // The post is deleted: its figures go with it.
    await t.db.delete(posts).where(eq(posts.id, target.postId));
    expect(await latest(post.id)).toBeUndefined();
  });

  it('stands aside while publishing is behind, but not for a post stuck longer than 15 minutes', async () => {
    const post = await published();
    // A post of the same coach due in an hour; the job is then run as if that hour had passed and the post
    // still waited — the publishers are behind.
    const waiting = await created({ scheduledAt: later(new Date(), 60 * MINUTE).toISOString() });

    // Half a minute late: the run asks nobody and enrols nothing.
    expect(await collectDueMetrics(at(later(waiting.dueAt, 40_000)))).toMatchObject({
      yielded: true,
      enrolled: 0,
      asked: 0,
    });
    expect(await latest(post.id)).toBeUndefined();
    // Ten seconds late is just busy: figures are fetched.
    const busy = await collectDueMetrics(at(later(waiting.dueAt, 10_000)));
    expect(busy).toMatchObject({ yielded: false, answered: 1 });
    expect((await latest(post.id))?.fetches).toBe(1);
    // Sixteen minutes late is stuck, not behind: figures do not wait for it.
    await t.db
      .update(postMetrics)
      .set({ nextFetchAt: later(waiting.dueAt, 16 * MINUTE) })
      .where(eq(postMetrics.targetId, post.id));
    expect(await collectDueMetrics(at(later(waiting.dueAt, 16 * MINUTE)))).toMatchObject({ yielded: false });
    expect((await latest(post.id))?.fetches).toBe(2);
    await t.db.update(postTargets).set({ status: 'cancelled' }).where(eq(postTargets.id, waiting.id));
  });

  it('honours a rate limit: the account is not asked again until the network allows', async () => {
    const post = await published();
    const now = later(post.publishedAt, MINUTE);
    await injectFault(sandbox.url, { network: 'x', kind: 'rate_limit', call: 'metrics', resetSeconds: 600 });
    await collectDueMetrics(at(now));
    const limited = await latest(post.id);
    expect(limited?.fetchedAt).toBeNull();
    expect(limited?.likes).toBeNull();
    expect(limited?.nextFetchAt?.getTime()).toBeGreaterThan(later(now, 9 * MINUTE).getTime());
    const [window] = await t.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `metrics:account:${connectionId}`));
    expect(window?.blockedUntil.getTime()).toBeGreaterThan(later(now, 9 * MINUTE).getTime());

    // Another post of the same account, due while the window is closed, waits too: had X been asked, the
    // pending fault would have revoked the token.
    const other = await published();
    await injectFault(sandbox.url, { network: 'x', kind: 'revoked', call: 'metrics' });
    await collectDueMetrics(at(later(now, MINUTE)));
    expect((await latest(other.id))?.nextFetchAt).toEqual(window?.blockedUntil);
    const faults = (await (await fetch(`${sandbox.url}/_sandbox/faults`)).json()) as unknown[];
    expect(faults).toHaveLength(1);
    const [connection] = await t.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.id, connectionId));
    expect(connection?.status).toBe('connected');

    // Once the window has passed both are asked, in one lookup.
    await clearFaults(sandbox.url);
    await collectDueMetrics(at(later(now, 11 * MINUTE)));
    expect((await latest(post.id))?.likes).toBe(engagementAt(post.remoteId, 0, 0).likes);
    expect((await latest(other.id))?.likes).toBe(engagementAt(other.remoteId, 0, 0).likes);
  });

  it('a refused token marks the connection needs_reconnect and tells the member, keeping figures unknown', async () => {
    await t.db.delete(rateLimits);
    const post = await published();
    await injectFault(sandbox.url, { network: 'x', kind: 'revoked', call: 'metrics' });
    const now = later(post.publishedAt, MINUTE);
    await collectDueMetrics(at(now));
    const [connection] = await t.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.id, connectionId));
    expect(connection?.status).toBe('needs_reconnect');
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, coach.user.id), eq(notifications.connectionId, connectionId)));
    expect(told.map((n) => n.kind)).toEqual(['connection.needs_reconnect']);
    expect(await latest(post.id)).toMatchObject({ likes: null, impressions: null, fetchedAt: null });
    expect(await snapshots(post.id)).toHaveLength(0);
    // While the account needs reconnecting its posts are not asked about; they keep their schedule.
    const due = (await latest(post.id))?.nextFetchAt;
    expect(due).not.toBeNull();
    await collectDueMetrics(at(later(now, 20 * MINUTE)));
    expect((await latest(post.id))?.fetches).toBe(1);
  });
});
