/**
 * Graceful shutdown: a worker process told to stop (SIGTERM, as a deploy does) while sends are in
 * flight stops claiming, lets those sends finish and records their outcome, and hands the rest
 * back; nothing is left `publishing` or `unknown`, and another worker finishes the job with every
 * post sent exactly once. PostgreSQL only: it needs separate processes on one database.
 */
import { clearFaults, injectFault } from '@fitpost/sandbox/testing';
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { postTargets } from '../../db/schema-posts.js';
import { exited, postNowToX, sentCounts, startWorkerProcess, useDrill } from '../../test/worker-process.js';

const drill = useDrill();

// Sends take 12 s: longer than the fixed 10 s a stopping worker used to wait, shorter than the
// network timeout, so every send in flight gets a real answer. Nothing is stale for a minute, so
// no sweep turns a slow send into `unknown` behind the test's back.
const sendDelayMs = 12_000;
const startWorker = () =>
  startWorkerProcess(drill.t, drill.sandbox.url, {
    FITPOST_WORKER_CONCURRENCY: '5',
    FITPOST_NETWORK_TIMEOUT_MS: '20000',
    FITPOST_PUBLISH_STALE_AFTER_MS: '60000',
  });

it('a worker stopped with SIGTERM finishes its sends in flight, records them and leaves nothing unknown', async () => {
  const { t, sandbox } = drill;
  const texts = Array.from(
    { length: 20 },
    (_, i) => `Deploy drill ${i} ${Date.now()}: breathe out on the push.`,
  );
  const ids = await postNowToX(t, texts);
  const statuses = async () =>
    (
      await t.db
        .select({ status: postTargets.status })
        .from(postTargets)
        .where(inArray(postTargets.postId, ids))
    ).map((r) => r.status);
  await injectFault(sandbox.url, { network: 'x', kind: 'slow', delayMs: sendDelayMs, times: 1000 });
  const first = startWorker();
  // Sends in flight: the worker has claimed targets and is waiting on the network.
  await expect
    .poll(async () => (await statuses()).filter((s) => s === 'publishing').length, {
      timeout: 30_000,
      interval: 100,
    })
    .toBeGreaterThan(0);
  first.kill('SIGTERM');
  await exited(first);
  expect(first.exitCode).toBe(0);

  // The sends it had in flight were answered and written down; it claimed nothing else.
  const after = await statuses();
  expect(after.filter((s) => s !== 'published' && s !== 'scheduled')).toEqual([]);
  const publishedByFirst = after.filter((s) => s === 'published').length;
  expect(publishedByFirst).toBeGreaterThan(0);
  expect(publishedByFirst).toBeLessThanOrEqual(10);
  expect(await sentCounts(sandbox.url, texts)).toEqual({
    sent: publishedByFirst,
    distinct: publishedByFirst,
  });

  // The next worker (the new deploy) publishes the rest, each once.
  await clearFaults(sandbox.url);
  const second = startWorker();
  try {
    await expect
      .poll(async () => (await statuses()).filter((s) => s === 'published').length, {
        timeout: 60_000,
        interval: 250,
      })
      .toBe(texts.length);
  } finally {
    second.kill('SIGTERM');
    await exited(second);
  }
  expect(await sentCounts(sandbox.url, texts)).toEqual({ sent: texts.length, distinct: texts.length });
}, 120_000);
