import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { TokenCipher } from '../lib/crypto.js';
import type { FanoutDeps } from '../modules/autoposts/fanout.js';
import { loadMediaForPublishing } from '../modules/media/service.js';
import type { EngineDeps } from '../modules/posts/engine.js';
import type { Platforms } from '../platforms/index.js';
import type { Jobs } from './boss.js';
import { enqueueIn, enqueueManyIn, jobTables } from './queues.js';

// The worker's composition root: the publishing engine's and the fan-out's dependencies, built
// from the process's parts (main.ts hands them to startWorker).

/** The publishing engine's dependencies from the process's parts. */
export function engineDeps(parts: {
  database: Database;
  jobs: Jobs;
  cipher: TokenCipher;
  platforms: Platforms;
  config: Config;
}): EngineDeps {
  const { config } = parts;
  return {
    db: parts.database.db,
    cipher: parts.cipher,
    platforms: parts.platforms,
    enqueueIn: (tx) => enqueueIn(parts.jobs.boss, tx),
    jobTable: jobTables(parts.jobs.boss),
    loadMedia: (mediaId, userId) =>
      loadMediaForPublishing({ db: parts.database.db, publicUrl: config.publicUrl }, mediaId, userId),
    settings: {
      maxAttempts: config.publish.maxAttempts,
      backoffMs: config.publish.backoffMs,
      staleAfterMs: config.publish.staleAfterMs,
      reconcileAfterMs: config.publish.reconcileAfterMs,
    },
  };
}

/** The Auto-Post fan-out's dependencies from the process's parts. */
export function fanoutDeps(parts: { database: Database; jobs: Jobs; config: Config }): FanoutDeps {
  return {
    db: parts.database.db,
    enqueueIn: (tx) => enqueueIn(parts.jobs.boss, tx),
    enqueueManyIn: (tx) => enqueueManyIn(parts.jobs.boss, tx),
    batchSize: parts.config.fanout.batchSize,
    staleAfterMs: parts.config.fanout.staleAfterMs,
  };
}
