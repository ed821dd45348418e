/**
 * Crash safety: a worker process killed with SIGKILL in the middle of publishing, then started
 * again, leaves every target published exactly once on the network. Runs on PostgreSQL only
 * (`npm test` starts a cluster): PGlite is one process per database, so it cannot share one with a
 * separate worker process.
 */
import { clearFaults, injectFault, publishedPosts } from '@fitpost/sandbox/testing';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { postTargets } from '../../db/schema-posts.js';
import { exited, postNowToX, sentCounts, startWorkerProcess, useDrill } from '../../test/worker-process.js';

const drill = useDrill();

const startWorker = () => startWorkerProcess(drill.t, drill.sandbox.url, { FITPOST_WORKER_CONCURRENCY: '5' });

it('publishes every target exactly once after the worker is killed mid-publish and restarted', async () => {
  const { t, sandbox } = drill;
  const texts = Array.from({ length: 30 }, (_, i) => `Crash drill ${i} ${Date.now()}: hydrate between sets.`);
  const ids = await postNowToX(t, texts);
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
  expect(await sentCounts(sandbox.url, texts)).toEqual({ sent: texts.length, distinct: texts.length });
}, 120_000);
