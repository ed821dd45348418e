import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, type DrizzleTransactionLike, type PgBoss, type Queue } from 'pg-boss';
import type { Db } from '../db/client.js';

/** Every queue FitPost uses; handlers re-read their rows, so a job carries ids only. */
export const queues = {
  publish: 'publish',
  reconcile: 'publish-reconcile',
  feedRefresh: 'feed-refresh',
  autoPostFanout: 'autopost-fanout',
  sessionPrune: 'session-prune',
  engagement: 'engagement-metrics',
  email: 'email',
  tokenExpiry: 'token-expiry-warnings',
  claimRecheck: 'claim-recheck',
} as const;

/** A portal's stored health-claim warnings to check again after its rules changed (issue 30). */
export interface ClaimRecheckJob {
  portalId: number;
}

export interface FanoutJob {
  autoPostId: string;
  version: number;
}

export interface PublishJob {
  targetId: string;
  version: number;
}

/**
 * Queues are created once; FitPost's handlers decide retries themselves (they know whether a
 * request reached the network), so pg-boss never retries a publish on its own.
 */
export async function ensureQueues(boss: PgBoss) {
  for (const name of Object.values(queues)) {
    if (!(await boss.getQueue(name)))
      await boss.createQueue(name, { retryLimit: 0, expireInSeconds: 300, ...queueOptions[name] });
  }
}

/**
 * Queues that differ. A recheck repeats harmlessly, so it is retried; and it is `stately` by
 * portal: one waiting and one running per portal at most, so a burst of rule changes costs at
 * most one more pass (the waiting one reads the rules in force when it runs).
 */
const queueOptions: Partial<Record<string, Omit<Queue, 'name'>>> = {
  [queues.claimRecheck]: { policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 1800 },
};

/** Queues a recheck of the portal's stored health-claim warnings inside the caller's transaction (outbox). */
export function enqueueClaimRecheckIn(boss: PgBoss, tx: Db) {
  const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
  return (portalId: number) =>
    boss.send(queues.claimRecheck, { portalId } satisfies ClaimRecheckJob, {
      db,
      singletonKey: `portal-${portalId}`,
    });
}

/** Sends a job inside the caller's transaction (outbox): it exists if and only if the rows commit. */
export function enqueueIn(boss: PgBoss, tx: Db) {
  // Both drivers' execute() resolve to { rows }, which is what pg-boss reads; the generic Db type
  // only knows "some result", hence the cast at this boundary.
  const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
  return (queue: string, data: object, startAfter?: Date) =>
    boss.send(queue, data, { db, ...(startAfter ? { startAfter } : {}) });
}

/** Sends many jobs of one queue inside the caller's transaction, in one statement (outbox). */
export function enqueueManyIn(boss: PgBoss, tx: Db) {
  const db = fromDrizzle(tx as unknown as DrizzleTransactionLike, sql);
  return (queue: string, jobs: { data: object; startAfter?: Date }[]) =>
    jobs.length === 0 ? Promise.resolve(null) : boss.insert(queue, jobs, { db });
}

/** The schema pg-boss keeps its tables in (jobs/boss.ts passes it, so the two agree). */
export const jobSchema = 'pgboss';

/**
 * Where pg-boss keeps a queue's jobs, as a table reference for queries that look at them (the
 * sweep's check for targets whose job was lost). Read from pg-boss's queue row once per queue.
 */
export function jobTables(boss: PgBoss) {
  const known = new Map<string, Promise<SQL>>();
  return (queue: string) => {
    let table = known.get(queue);
    if (!table) {
      table = boss.getQueue(queue).then((row) => {
        if (!row) throw new Error(`Queue ${queue} does not exist`);
        return sql`${sql.identifier(jobSchema)}.${sql.identifier(row.table)}`;
      });
      table.catch(() => known.delete(queue));
      known.set(queue, table);
    }
    return table;
  };
}
