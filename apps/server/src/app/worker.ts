import type { PgBoss } from 'pg-boss';
import { reconcileTarget } from '../modules/posts/engine.js';
import { sweepStale } from '../modules/posts/sweep.js';
import type { EngineDeps } from '../modules/posts/engine-deps.js';
import { runFanout, sweepFanouts, type FanoutDeps } from '../modules/autoposts/fanout.js';
import type { Logger } from '../lib/logger.js';
import { metrics } from '../lib/metrics.js';
import { startPublishPump } from '../modules/posts/publish-pump.js';
import { queues, type FanoutJob, type PublishJob } from '../jobs/queues.js';

/**
 * Starts the publishing handlers: the publish pump (see modules/posts/publish-pump.ts), the reconcile queue and
 * the periodic sweep. Returns a function that stops them, waiting for publishes in flight.
 */
export async function startWorker(
  boss: PgBoss,
  deps: EngineDeps,
  opts: {
    concurrency: number;
    sweepIntervalMs?: number;
    idleMs?: number;
    fanout?: FanoutDeps;
    log: Logger;
    /** How long stopping waits for the sends in flight (default 10 s). */
    shutdownTimeoutMs?: number;
  },
) {
  const { log } = opts;
  let stopping = false;
  // A fan-out pauses between batches once the worker stops; its job is sent again for another worker.
  const fanout = opts.fanout && { ...opts.fanout, isStopping: () => stopping };
  const pump = startPublishPump(boss, deps, {
    log,
    concurrency: opts.concurrency,
    ...(opts.idleMs ? { idleMs: opts.idleMs } : {}),
  });
  // Reconciles are few but come in bursts (a killed worker leaves every send it had in flight
  // ambiguous), so they are fetched in batches and asked side by side.
  await boss.work<PublishJob>(
    queues.reconcile,
    { batchSize: 20, localConcurrency: 1, pollingIntervalSeconds: 0.5 },
    async (jobs) => {
      await Promise.all(
        jobs.map((job) =>
          reconcileTarget(deps, job.data).catch((err: unknown) => {
            log.error({ err, jobId: job.id, targetId: job.data.targetId }, 'reconcile job failed');
          }),
        ),
      );
    },
  );

  if (fanout)
    await boss.work<FanoutJob>(
      queues.autoPostFanout,
      { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => {
        if (!job) return;
        const jobLog = log.child({ jobId: job.id, autoPostId: job.data.autoPostId });
        const result = await runFanout(fanout, job.data);
        metrics.fanoutRuns.inc({ result: result.status });
        jobLog.info({ ...result }, `Auto-Post fan-out ${result.status}`);
        if (result.status === 'paused') await boss.send(queues.autoPostFanout, job.data);
      },
    );
  // Every worker sweeps; the conditional updates make concurrent sweeps harmless. A sweep still
  // running when the next is due (a busy embedded database) lets that one pass rather than pile up.
  let sweeping = false;
  const sweep = async () => {
    await sweepStale(deps).catch((err: unknown) => log.error({ err }, 'sweep failed'));
    if (fanout)
      await sweepFanouts(fanout).catch((err: unknown) => log.error({ err }, 'fan-out sweep failed'));
  };
  const timer = opts.sweepIntervalMs
    ? setInterval(() => {
        if (sweeping) return;
        sweeping = true;
        void sweep().finally(() => (sweeping = false));
      }, opts.sweepIntervalMs)
    : null;
  timer?.unref();
  return async () => {
    stopping = true;
    if (timer) clearInterval(timer);
    // Stop claiming everywhere at once, then wait for what is in hand.
    await Promise.all([
      boss.offWork(queues.reconcile, { wait: true }),
      fanout ? boss.offWork(queues.autoPostFanout, { wait: true }) : null,
      pump.stop(opts.shutdownTimeoutMs),
    ]);
  };
}
