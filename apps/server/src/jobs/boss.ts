import { PgBoss, fromPglite } from 'pg-boss';
import type { Database } from '../db/client.js';
import type { Logger } from '../lib/logger.js';
import { ensureQueues, jobSchema } from './queues.js';

export interface Jobs {
  readonly boss: PgBoss;
  start(): Promise<void>;
  stop(): Promise<void>;
  isRunning(): boolean;
}

/**
 * The job engine: pg-boss on the same database as everything else (PGlite in embedded mode,
 * PostgreSQL at scale), so jobs are written in the same transactions as the rows they act on.
 * API-only processes only send jobs: they run no maintenance or schedules.
 */
export function createJobs(database: Database, opts: { worker: boolean; log?: Logger }): Jobs {
  const role = { supervise: opts.worker, schedule: opts.worker, schema: jobSchema };
  const boss =
    database.raw.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.raw.client), backend: 'pglite', ...role })
      : new PgBoss({ connectionString: database.raw.url, max: 4, application_name: 'fitpost-jobs', ...role });
  let running = false;
  // pg-boss reports its own failures (a lost connection, a failed maintenance run) as events.
  boss.on('error', (err: unknown) => opts.log?.error({ err }, 'job engine error'));
  return {
    boss,
    async start() {
      await boss.start();
      await ensureQueues(boss);
      running = true;
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    isRunning: () => running,
  };
}
