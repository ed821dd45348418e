import type { PgBoss } from 'pg-boss';
import type { Logger } from '../lib/logger.js';

/**
 * Runs `task` about once every `everyMs` across all workers: each worker sends a job to `queue`
 * every `everyMs`, and pg-boss's singleton slot keeps that to one job per period in all, whichever
 * worker sends it first and whichever picks it up. Returns a function that stops the ticks.
 */
export async function startPeriodic(
  boss: PgBoss,
  queue: string,
  opts: { everyMs: number; log: Logger; pollingIntervalSeconds?: number },
  task: () => Promise<unknown>,
) {
  await boss.work(
    queue,
    { batchSize: 1, localConcurrency: 1, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 5 },
    async ([job]) => {
      const result = await task();
      opts.log.debug({ jobId: job?.id, queue, result }, `${queue} done`);
    },
  );
  const singletonSeconds = Math.max(1, Math.round(opts.everyMs / 1000));
  const tick = () => {
    boss
      .send(queue, {}, { singletonKey: queue, singletonSeconds })
      .catch((err: unknown) => opts.log.error({ err, queue }, `could not queue ${queue}`));
  };
  tick();
  const timer = setInterval(tick, opts.everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await boss.offWork(queue, { wait: true });
  };
}
