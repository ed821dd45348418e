import { setTimeout as sleep } from 'node:timers/promises';
import type { PgBoss } from 'pg-boss';
import { startPublishing } from './engine.js';
import type { EngineDeps } from './engine-deps.js';
import { groupCommit, HOT_WRITE_LINGER_MS } from '../../lib/group-commit.js';
import type { Logger } from '../../lib/logger.js';
import { queues, type PublishJob } from '../../jobs/queues.js';

interface PumpOptions {
  /** Network calls in flight at most. */
  concurrency: number;
  /** Jobs fetched per round trip at most. */
  maxFetch?: number;
  /** Wait between polls when the queue is empty. */
  idleMs?: number;
  log: Logger;
}

/**
 * Keeps up to `concurrency` publishes in flight. pg-boss's own `work()` completes a fetched batch
 * only when its slowest job ends, which left most slots idle under load; this loop refills slots as
 * soon as they free up, claims each fetched batch in one statement (engine.startPublishing), and
 * completes jobs one by one as their targets finish — written together (group commit), so a busy
 * worker makes few round trips per publish. A slot frees as soon as its target's outcome is
 * written: the job's completion, which follows, holds no network call. A handler that throws (a
 * bug, not a network failure) leaves its target to the sweep, which reconciles, never re-sends.
 */
export function startPublishPump(boss: PgBoss, deps: EngineDeps, opts: PumpOptions) {
  const maxFetch = opts.maxFetch ?? 100;
  const idleMs = opts.idleMs ?? 500;
  const { log } = opts;
  let inFlight = 0;
  /** Jobs whose outcome is written and whose completion is not yet. */
  let completing = 0;
  let running = true;
  let wake: (() => void) | null = null;
  const completions = groupCommit<string>((ids) => boss.complete(queues.publish, ids).then(() => undefined), {
    maxBatch: 1000,
    lingerMs: HOT_WRITE_LINGER_MS,
  });

  /** Puts fetched, unclaimed jobs back in the queue at once (failed, then retried), rather than letting them expire. */
  const releaseJobs = async (ids: string[]) => {
    try {
      await boss.fail(queues.publish, ids);
      await boss.retry(queues.publish, ids);
      log.info({ jobs: ids.length }, 'released publish jobs fetched while stopping');
    } catch (err) {
      log.error({ err, jobs: ids.length }, 'releasing publish jobs failed; they return when they expire');
    }
  };

  const release = () => {
    inFlight -= 1;
    wake?.();
  };

  async function dispatch(jobs: { id: string; data: PublishJob }[]) {
    let outcomes: Promise<unknown>[];
    try {
      outcomes = await startPublishing(
        deps,
        jobs.map((j) => j.data),
      );
    } catch (err) {
      log.error({ err, jobs: jobs.length }, 'publish batch failed to start');
      outcomes = jobs.map(() => Promise.resolve());
    }
    outcomes.forEach((outcome, i) => {
      const job = jobs[i];
      if (!job) return;
      void outcome
        .catch((err: unknown) =>
          log.error({ err, jobId: job.id, targetId: job.data.targetId }, 'publish job failed'),
        )
        .then(() => {
          completing += 1;
          release();
          return completions.add(job.id).finally(() => (completing -= 1));
        })
        .catch((err: unknown) => log.error({ err, jobId: job.id }, 'completing a publish job failed'));
    });
  }

  const loop = (async () => {
    while (running) {
      const free = opts.concurrency - inFlight;
      // Refill when a worthwhile number of slots is free, so fetches stay batched under load.
      if (free < Math.min(maxFetch, Math.ceil(opts.concurrency / 4))) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      let jobs: { id: string; data: PublishJob }[] = [];
      try {
        jobs = await boss.fetch<PublishJob>(queues.publish, { batchSize: Math.min(free, maxFetch) });
      } catch (err) {
        if (running) log.error({ err }, 'fetching publish jobs failed');
      }
      if (jobs.length === 0) {
        if (running) await sleep(idleMs);
        continue;
      }
      // Fetched just as the worker began to stop: hand them back unclaimed for another worker.
      if (!running) {
        await releaseJobs(jobs.map((j) => j.id));
        break;
      }
      inFlight += jobs.length;
      void dispatch(jobs);
    }
  })();

  return {
    /** Stops fetching and waits (bounded) for the publishes in flight to be written down. */
    async stop(timeoutMs = 10_000) {
      running = false;
      wake?.();
      await loop;
      const deadline = Date.now() + timeoutMs;
      while ((inFlight > 0 || completing > 0) && Date.now() < deadline) await sleep(20);
      if (inFlight > 0)
        log.warn({ inFlight }, 'stopped with publishes still in flight; the sweep will reconcile them');
    },
  };
}
