import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { PublishJob } from '../jobs/queues.js';
import { publishTarget, type EngineDeps, type PublishOutcome } from '../modules/posts/engine.js';
import type { TestApp } from './harness.js';

/** The engine's claim (engine.startPublishing) while it waits for another transaction's row lock. */
async function claimWaitsForLock(t: TestApp) {
  const result: unknown = await t.db.execute(sql`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'
      and query like 'update "post_targets" set "status"%'`);
  const { rows } = result as { rows: { n: number }[] };
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Runs the engine's claim of `job` from outside the current transaction, at the very moment an
 * edit or a delete has checked its targets and not yet changed them (their `afterTargetCheck`
 * seam). Returns once the claim is either done — it got in between the check and the act, the
 * race this guards against — or waiting for the transaction's row locks, the only other
 * possibility. PGlite runs one transaction at a time, so a claim started during one waits for it
 * by construction; PostgreSQL shows the wait in pg_stat_activity.
 */
export async function claimInWindow(
  t: TestApp,
  engine: EngineDeps,
  job: PublishJob,
): Promise<{ claim: Promise<PublishOutcome>; claimedInWindow: boolean }> {
  const claim = publishTarget(engine, job);
  const raw = t.database.raw;
  if (raw.kind === 'pglite') {
    if (raw.client.isInTransaction()) return { claim, claimedInWindow: false };
    await claim;
    return { claim, claimedInWindow: true };
  }
  let settled = false;
  claim.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (;;) {
    if (settled) return { claim, claimedInWindow: true };
    if (await claimWaitsForLock(t)) return { claim, claimedInWindow: false };
    await sleep(10);
  }
}
