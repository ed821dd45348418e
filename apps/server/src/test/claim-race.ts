import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { PublishJob } from '../jobs/queues.js';
import { publishTarget } from '../modules/posts/engine.js';
import type { EngineDeps } from '../modules/posts/engine-deps.js';
import type { TestApp } from './harness.js';

/** Whether a statement matching `pattern` (SQL LIKE) waits for another transaction's lock. */
async function waitsForLock(t: TestApp, pattern: string) {
  const result: unknown = await t.db.execute(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and query like ${pattern}`);
  const { rows } = result as { rows: { n: number }[] };
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Starts `act` (whose first statement matches `firstStatement`, SQL LIKE) from outside the current
 * transaction, at the very moment an edit or a delete has checked its rows and not yet changed
 * them (the services' `afterTargetCheck` seam). Returns once `act` is either done — it got in
 * between the check and the change, the race this guards against — or waiting for the
 * transaction's row locks, the only other possibility. PGlite runs one transaction at a time, so
 * anything started during one waits for it by construction; PostgreSQL shows the wait in
 * pg_stat_activity.
 */
export async function runInWindow<T>(
  t: TestApp,
  act: () => Promise<T>,
  firstStatement: string,
): Promise<{ done: Promise<T>; ranInWindow: boolean }> {
  const done = act();
  const raw = t.database.raw;
  if (raw.kind === 'pglite') {
    if (raw.client.isInTransaction()) return { done, ranInWindow: false };
    await done;
    return { done, ranInWindow: true };
  }
  let settled = false;
  done.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    if (settled) return { done, ranInWindow: true };
    if (await waitsForLock(t, firstStatement)) return { done, ranInWindow: false };
    await sleep(10);
  }
}

/** The engine's claim of `job` (engine.startPublishing's conditional update) inside the window. */
export const claimInWindow = (t: TestApp, engine: EngineDeps, job: PublishJob) =>
  runInWindow(t, () => publishTarget(engine, job), 'update "post_targets" set "status"%');
