/**
 * Crash safety: a worker process killed with SIGKILL in the middle of publishing, then started
 * again, leaves every target published exactly once on the network. Runs on PostgreSQL only
 * (`npm test` starts a cluster): PGlite is one process per database, so it cannot share one with a
 * separate worker process.
 */
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { clearFaults, injectFault, publishedPosts } from '@fitpost/sandbox/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postTargets } from '../../db/schema-posts.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { exited, startWorkerProcess } from '../../test/worker-process.js';
import { connectX, networkEnv } from '../../test/social.js';

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

const startWorker = () => startWorkerProcess(t, sandbox.url, { FITPOST_WORKER_CONCURRENCY: '5' });

it('publishes every target exactly once after the worker is killed mid-publish and restarted', async () => {
  const coach = await makeUser(t);
  const connection = await connectX(t, coach.auth);
  const texts = Array.from({ length: 30 }, (_, i) => `Crash drill ${i} ${Date.now()}: hydrate between sets.`);
  const ids: string[] = [];
  for (const body of texts) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/posts',
      headers: coach.auth,
      payload: { body, connectionIds: [connection], publishNow: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ id: string }>().id);
  }
  // Every send takes a while, so the kill lands with requests in flight.
  await injectFault(sandbox.url, { network: 'x', kind: 'slow', delayMs: 700, times: 1000 });
  const first = startWorker();
  await expect
    .poll(async () => (await publishedPosts(sandbox.url)).filter((p) => texts.includes(p.text)).length, {
      timeout: 30_000,
      interval: 100,
    })
    .toBeGreaterThanOrEqual(3);
  first.kill('SIGKILL');
  await exited(first);
  await clearFaults(sandbox.url);

  const second = startWorker();
  try {
    await expect
      .poll(
        async () => {
          const rows = await t.db
            .select({ status: postTargets.status })
            .from(postTargets)
            .where(inArray(postTargets.postId, ids));
          return rows.filter((r) => r.status === 'published').length;
        },
        { timeout: 60_000, interval: 250 },
      )
      .toBe(texts.length);
  } catch (err) {
    const rows = await t.db.select().from(postTargets).where(inArray(postTargets.postId, ids));
    console.error(
      rows
        .filter((r) => r.status !== 'published')
        .map((r) => [r.status, r.attempts, r.error, r.startedAt, r.dueAt, r.version]),
    );
    throw err;
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
  const sent = (await publishedPosts(sandbox.url)).filter((p) => texts.includes(p.text));
  expect(sent).toHaveLength(texts.length);
  expect(new Set(sent.map((p) => p.text)).size).toBe(texts.length);
}, 120_000);
