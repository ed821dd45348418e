import { enqueueIn, jobTables } from '../jobs/queues.js';
import type { EngineDeps } from '../modules/posts/engine-deps.js';
import type { TestApp } from './harness.js';

/** The publishing engine over a test app's database, queue and platforms, with quick retries. */
export function testEngineDeps(t: TestApp): EngineDeps {
  return {
    db: t.db,
    cipher: t.cipher,
    platforms: t.platforms,
    enqueueIn: (tx) => enqueueIn(t.jobs.boss, tx),
    jobTable: jobTables(t.jobs.boss),
    loadMedia: () => Promise.resolve(null),
    settings: { maxAttempts: 3, backoffMs: 10, staleAfterMs: 60_000, reconcileAfterMs: 10 },
  };
}
