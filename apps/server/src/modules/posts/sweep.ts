import { and, eq, lt, sql } from 'drizzle-orm';
import { postTargets } from '../../db/schema-posts.js';
import { queues } from '../../jobs/queues.js';
import type { EngineDeps } from './engine-deps.js';
import { clock } from './outcomes.js';

/** Overdue targets a sweep looks at, oldest first, so one sweep stays short. */
const lostJobsPerSweep = 500;

/**
 * The targets among `candidates` with no live publish job for their version: none waiting (created,
 * retry), and none fetched since `cutoff`. A worker claims the targets of the jobs it fetches at
 * once, so a job still active long after it was fetched, for a target still `scheduled`, belongs to
 * a worker that died between the two; pg-boss would only expire it minutes later.
 */
async function withoutLiveJob(deps: EngineDeps, candidates: { id: string; version: number }[], cutoff: Date) {
  const jobs = await deps.jobTable(queues.publish);
  // Both drivers resolve execute() to { rows }; the generic Db type only knows "some result".
  const result: unknown = await deps.db.execute(sql`
    select j.data->>'targetId' as target_id, (j.data->>'version')::int as version
    from ${jobs} as j
    where j.name = ${queues.publish}
      and (j.state < 'active' or (j.state = 'active' and j.started_on > ${cutoff.toISOString()}::timestamptz))
      and j.data->>'targetId' in (${sql.join(
        candidates.map((c) => sql`${c.id}`),
        sql`, `,
      )})`);
  const { rows } = result as { rows: { target_id: string; version: number }[] };
  const queued = new Set(rows.map((r) => `${r.target_id}:${r.version}`));
  return candidates.filter((c) => !queued.has(`${c.id}:${c.version}`));
}

/**
 * Repairs what a dead worker left behind. Targets stuck in `publishing` (it died mid-call) become
 * `unknown` and are reconciled, never re-sent blindly; `unknown` targets nobody asked about for a
 * while (their reconcile job died too) are asked about again. Targets still `scheduled` long after they
 * were due (their job was fetched by the dead worker) get a fresh job under a new version, so any
 * old job that does turn up finds nothing to do.
 */
export async function sweepStale(deps: EngineDeps) {
  const now = clock(deps);
  const cutoff = new Date(now.getTime() - deps.settings.staleAfterMs);
  const stale = await deps.db
    .update(postTargets)
    .set({
      status: 'unknown',
      error: 'The publishing worker stopped mid-send; checking with the network.',
      updatedAt: now,
    })
    .where(and(eq(postTargets.status, 'publishing'), lt(postTargets.startedAt, cutoff)))
    .returning({ id: postTargets.id, version: postTargets.version });
  for (const t of stale)
    await deps.enqueueIn(deps.db)(queues.reconcile, { targetId: t.id, version: t.version });
  // A scheduled target past its time whose job is gone (a worker fetched it and died before
  // claiming it) gets a new one. A target merely waiting in a backlog still has its job queued and is
  // left alone: re-sending every queued job of a 30,000-target Auto-Post stalled an embedded
  // database for minutes (docs/benchmarks.md, fan-out). Two cheap statements rather than one
  // anti-join, whose plan without fresh statistics scanned the job table once per target.
  const candidates = await deps.db
    .select({ id: postTargets.id, version: postTargets.version })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.status, 'scheduled'),
        lt(postTargets.dueAt, cutoff),
        lt(postTargets.updatedAt, cutoff),
      ),
    )
    .orderBy(postTargets.dueAt)
    .limit(lostJobsPerSweep);
  const lost = candidates.length ? await withoutLiveJob(deps, candidates, cutoff) : [];
  const overdue = lost.length
    ? await deps.db
        .update(postTargets)
        .set({ version: sql`${postTargets.version} + 1`, updatedAt: now })
        .where(
          and(
            eq(postTargets.status, 'scheduled'),
            sql`(${postTargets.id}, ${postTargets.version}) in (${sql.join(
              lost.map((t) => sql`(${t.id}::uuid, ${t.version}::int)`),
              sql`, `,
            )})`,
          ),
        )
        .returning({ id: postTargets.id, version: postTargets.version })
    : [];
  for (const t of overdue)
    await deps.enqueueIn(deps.db)(queues.publish, { targetId: t.id, version: t.version });
  // An `unknown` target whose reconcile job died with its worker would wait for nothing: ask again.
  const undecided = await deps.db
    .update(postTargets)
    .set({ updatedAt: now })
    .where(and(eq(postTargets.status, 'unknown'), lt(postTargets.updatedAt, cutoff)))
    .returning({ id: postTargets.id, version: postTargets.version });
  for (const t of undecided)
    await deps.enqueueIn(deps.db)(queues.reconcile, { targetId: t.id, version: t.version });
  return stale.length + overdue.length + undecided.length;
}
