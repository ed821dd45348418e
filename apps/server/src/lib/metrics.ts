import { sql, type SQL } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.js';
import { autoPosts } from '../db/schema-autopost.js';

/**
 * The process's Prometheus metrics (served at `/metrics`, see modules/health/routes.ts). One
 * registry per process: API and worker code record into the same objects, so a process running
 * both serves both.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'fitpost_' });

const registers = [registry];

export const metrics = {
  httpDuration: new Histogram({
    name: 'fitpost_http_request_duration_seconds',
    help: 'HTTP request duration by route template, method and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  }),
  publishLateness: new Histogram({
    name: 'fitpost_publish_lateness_seconds',
    help: 'Time from a target being due to the network accepting it, by network',
    labelNames: ['network'] as const,
    buckets: [0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
    registers,
  }),
  publishOutcomes: new Counter({
    name: 'fitpost_publish_outcomes_total',
    help: 'Outcomes of publish attempts by network and status (published, retrying, deferred, failed, needs_reconnect, unknown)',
    labelNames: ['network', 'status'] as const,
    registers,
  }),
  reconcileOutcomes: new Counter({
    name: 'fitpost_reconcile_outcomes_total',
    help: 'Outcomes of asking a network whether an ambiguous send landed, by network and status',
    labelNames: ['network', 'status'] as const,
    registers,
  }),
  fanoutMembers: new Counter({
    name: 'fitpost_fanout_members_total',
    help: 'Members an Auto-Post fan-out has handled',
    registers,
  }),
  fanoutTargets: new Counter({
    name: 'fitpost_fanout_targets_total',
    help: 'Targets (one per member account) Auto-Post fan-outs have created',
    registers,
  }),
  fanoutRuns: new Counter({
    name: 'fitpost_fanout_runs_total',
    help: 'Auto-Post fan-out job runs by result (done, stopped, skipped, paused)',
    labelNames: ['result'] as const,
    registers,
  }),
  feedRefreshes: new Counter({
    name: 'fitpost_feed_refreshes_total',
    help: 'Feed refreshes by outcome (ok, not_modified, error) and error code',
    labelNames: ['status', 'error_code'] as const,
    registers,
  }),
};

/** Reads of the gauges that live in the database, set by trackDatabaseGauges. */
let databaseGauges: { queueDepth: () => Promise<void>; fanouts: () => Promise<void> } | null = null;

const queueDepth = new Gauge({
  name: 'fitpost_queue_depth',
  help: 'Jobs waiting or running per queue and state (created, retry, active), read at scrape time',
  labelNames: ['queue', 'state'] as const,
  registers,
  collect: () => databaseGauges?.queueDepth(),
});
const fanoutsInProgress = new Gauge({
  name: 'fitpost_fanouts_in_progress',
  help: 'Auto-Posts fanning out now, and members they have reached so far',
  labelNames: ['measure'] as const,
  registers,
  collect: () => databaseGauges?.fanouts(),
});

/**
 * Lets the gauges that live in the database (queue depths, fan-outs in progress) be read at
 * scrape time from this process's database. A failing read leaves the last values.
 */
export function trackDatabaseGauges(
  db: Db,
  queues: readonly string[],
  jobTable: (queue: string) => Promise<SQL>,
  onError: (err: unknown) => void,
) {
  databaseGauges = {
    queueDepth: () => readQueueDepths().catch(onError),
    fanouts: () => readFanouts().catch(onError),
  };

  async function readQueueDepths() {
    const counts = await Promise.all(
      queues.map(async (queue) => {
        const table = await jobTable(queue);
        const result: unknown = await db.execute(sql`
          select state::text as state, count(*)::int as n from ${table}
          where name = ${queue} and state <= 'active' group by state`);
        return { queue, rows: (result as { rows: { state: string; n: number }[] }).rows };
      }),
    );
    queueDepth.reset();
    for (const { queue, rows } of counts) {
      for (const state of ['created', 'retry', 'active']) {
        queueDepth.set({ queue, state }, rows.find((r) => r.state === state)?.n ?? 0);
      }
    }
  }
  async function readFanouts() {
    const result: unknown = await db.execute(sql`
      select count(*)::int as running, coalesce(sum(${autoPosts.membersReached}), 0)::int as members
      from ${autoPosts} where ${autoPosts.status} = 'fanning_out'`);
    const [row] = (result as { rows: { running: number; members: number }[] }).rows;
    fanoutsInProgress.set({ measure: 'auto_posts' }, row?.running ?? 0);
    fanoutsInProgress.set({ measure: 'members_reached' }, row?.members ?? 0);
  }
}
