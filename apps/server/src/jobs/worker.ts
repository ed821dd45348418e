import type { PgBoss } from 'pg-boss';
import { publishTarget, reconcileTarget, sweepStale, type EngineDeps } from '../modules/posts/engine.js';
import { queues, type PublishJob } from './queues.js';

/**
 * Registers the publishing handlers. Jobs are fetched in batches (one round trip for many) and
 * run side by side, `concurrency` bounding the network calls in flight. A handler that throws (a
 * bug, not a network failure) leaves its target to the sweep, which reconciles, never re-sends.
 */
export async function startWorker(
  boss: PgBoss,
  deps: EngineDeps,
  opts: { concurrency: number; sweepIntervalMs?: number },
) {
  const batchSize = Math.min(25, opts.concurrency);
  await boss.work<PublishJob>(
    queues.publish,
    { batchSize, localConcurrency: Math.ceil(opts.concurrency / batchSize), pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          publishTarget(deps, job.data).catch((err: unknown) => {
            console.error('publish job failed', job.data.targetId, err);
          }),
        ),
      );
    },
  );
  await boss.work<PublishJob>(
    queues.reconcile,
    { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await reconcileTarget(deps, job.data);
    },
  );
  // Every worker sweeps; the conditional update makes concurrent sweeps harmless.
  if (!opts.sweepIntervalMs) return () => undefined;
  const timer = setInterval(() => {
    sweepStale(deps).catch((err: unknown) => console.error('sweep failed', err));
  }, opts.sweepIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
