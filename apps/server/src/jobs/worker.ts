import type { PgBoss } from 'pg-boss';
import { reconcileTarget, sweepStale, type EngineDeps } from '../modules/posts/engine.js';
import { runFanout, sweepFanouts, type FanoutDeps } from '../modules/autoposts/fanout.js';
import type { Logger } from '../lib/logger.js';
import { startPublishPump } from './publish-pump.js';
import { queues, type FanoutJob, type PublishJob } from './queues.js';

/**
 * Starts the publishing handlers: the publish pump (see publish-pump.ts), the reconcile queue and
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
  },
) {
  const { fanout, log } = opts;
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
        jobLog.info({ ...result }, `Auto-Post fan-out ${result.status}`);
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
    if (timer) clearInterval(timer);
    await boss.offWork(queues.reconcile);
    if (fanout) await boss.offWork(queues.autoPostFanout);
    await pump.stop();
  };
}
