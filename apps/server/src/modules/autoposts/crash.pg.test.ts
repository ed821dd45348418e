/**
 * Crash safety of the Auto-Post fan-out: an Auto-Post to 2,000 sandbox accounts (1,000 members on
 * X and Facebook Pages), the worker process killed with SIGKILL three times while it fans out and
 * publishes, then started again: every account ends with exactly one post, and sends left
 * ambiguous by a kill are reconciled, never re-sent blindly. (X and Facebook, because their posts
 * can be looked up; LinkedIn lists a member's posts only to approved partners, so an ambiguous
 * LinkedIn send stays `unknown` until the engine gives up on it with a plain message.) PostgreSQL only (`npm test` starts a
 * cluster): PGlite cannot share its database with a separate worker process.
 */
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { clearFaults, injectFault, publishedPosts } from '@fitpost/sandbox/testing';
import type { AutoPost } from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { autoPosts } from '../../db/schema-autopost.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { makeBulkMembers } from '../../test/autopost.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { exited, startWorkerProcess } from '../../test/worker-process.js';
import { networkEnv } from '../../test/social.js';

const MEMBERS = 1000;
let sandbox: Sandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp(networkEnv(sandbox.url));
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

const startWorker = () =>
  startWorkerProcess(t, sandbox.url, {
    FITPOST_WORKER_CONCURRENCY: '50',
    // Small batches keep the fan-out running long enough for the kills to land inside it.
    FITPOST_FANOUT_BATCH_SIZE: '5',
    FITPOST_FANOUT_STALE_AFTER_MS: '1000',
  });

async function progressOf(id: string) {
  const [row] = await t.db.select().from(autoPosts).where(eq(autoPosts.id, id));
  return row;
}

it('posts exactly once per account although the worker is killed three times during the fan-out', async () => {
  const admin = await makeUser(t, { admin: true });
  const members = await makeBulkMembers(
    { db: t.db, cipher: t.cipher, sandboxUrl: sandbox.url },
    { count: MEMBERS, networks: ['x', 'facebook'] },
  );
  const body = `Crash drill Auto-Post ${Date.now()}: breathe through the brace.`;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/autoposts',
    headers: admin.auth,
    payload: { body, networks: ['x', 'facebook'], scheduledAt: new Date(Date.now() + 2000).toISOString() },
  });
  expect(created.statusCode, created.body).toBe(201);
  const ap = created.json<AutoPost>();
  // Sends take a while, so each kill lands with requests in flight as well as mid-fan-out.
  for (const network of ['x', 'facebook'] as const)
    await injectFault(sandbox.url, { network, kind: 'slow', delayMs: 300, times: 100_000 });

  const kills: number[] = [];
  for (const reached of [100, 350, 650]) {
    const worker = startWorker();
    try {
      await expect
        .poll(async () => (await progressOf(ap.id))?.membersReached ?? 0, { timeout: 60_000, interval: 25 })
        .toBeGreaterThanOrEqual(reached);
    } finally {
      worker.kill('SIGKILL');
      await exited(worker);
    }
    kills.push((await progressOf(ap.id))?.membersReached ?? 0);
  }
  // Every kill landed before the fan-out had reached everyone.
  expect(kills.every((n) => n < MEMBERS)).toBe(true);
  await clearFaults(sandbox.url);

  const last = startWorker();
  try {
    await expect
      .poll(
        async () => {
          const rows = await t.db
            .select({ status: postTargets.status })
            .from(postTargets)
            .innerJoin(posts, eq(posts.id, postTargets.postId))
            .where(eq(posts.autoPostId, ap.id));
          return rows.length === MEMBERS * 2 && rows.every((r) => r.status === 'published');
        },
        { timeout: 90_000, interval: 500 },
      )
      .toBe(true);
  } catch (err) {
    const rows = await t.db
      .select({ status: postTargets.status, error: postTargets.error })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .where(eq(posts.autoPostId, ap.id));
    const counts = new Map<string, number>();
    for (const r of rows)
      counts.set(`${r.status} ${r.error ?? ''}`, (counts.get(`${r.status} ${r.error ?? ''}`) ?? 0) + 1);
    // What was left undone, for whoever reads a failure.
    console.error('targets by status', rows.length, [...counts], await progressOf(ap.id));
    throw err;
  } finally {
    last.kill('SIGTERM');
    await exited(last);
  }
  expect(await progressOf(ap.id)).toMatchObject({ status: 'done', membersReached: MEMBERS });

  const sent = (await publishedPosts(sandbox.url)).filter((p) => p.text === body);
  const perAccount = new Map<string, number>();
  for (const p of sent)
    perAccount.set(`${p.network}:${p.accountId}`, (perAccount.get(`${p.network}:${p.accountId}`) ?? 0) + 1);
  expect(sent).toHaveLength(MEMBERS * 2);
  expect([...perAccount.values()].every((n) => n === 1)).toBe(true);
  for (const m of members) {
    expect(perAccount.get(`x:${m.connections.x?.accountId}`)).toBe(1);
    expect(perAccount.get(`facebook:${m.connections.facebook?.accountId}`)).toBe(1);
  }
}, 300_000);
