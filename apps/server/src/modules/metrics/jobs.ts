import type { PgBoss } from 'pg-boss';
import { startPeriodic } from '../../jobs/periodic.js';
import { queues } from '../../jobs/queues.js';
import type { Logger } from '../../lib/logger.js';
import { collectDueMetrics, type MetricsDeps } from './collect.js';

/**
 * Collects published posts' figures about once every `everyMs` across all workers (jobs/periodic.ts);
 * each run takes what has become due. Returns a function that stops it.
 */
export function startEngagementWorker(
  boss: PgBoss,
  deps: MetricsDeps,
  opts: { everyMs: number; log: Logger },
) {
  return startPeriodic(
    boss,
    queues.engagement,
    { everyMs: opts.everyMs, log: opts.log, pollingIntervalSeconds: Math.min(5, opts.everyMs / 1000) },
    () => collectDueMetrics(deps),
  );
}
