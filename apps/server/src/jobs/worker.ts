import type { PgBoss } from 'pg-boss';
import { publishTarget, reconcileTarget, sweepStale, type EngineDeps } from '../modules/posts/engine.js';
import { queues, type PublishJob } from './queues.js';

/**
 * Registers the publishing handlers. Each job is handled on its own, so one slow network never
 * holds up another; a handler that throws (a bug, not a network failure) leaves its target to
 * the sweep, which reconciles instead of re-sending.
 */
export async function startWorker(
  boss: PgBoss,
  deps: EngineDeps,
  opts: { concurrency: number; sweepIntervalMs?: number },
) {
  await boss.work<PublishJob>(
    queues.publish,
    { batchSize: 1, localConcurrency: opts.concurrency, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await publishTarget(deps, job.data);
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
