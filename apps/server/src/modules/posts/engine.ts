import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { socialConnections } from '../../db/schema.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { PlatformError } from '../../platforms/index.js';
import { markNeedsReconnect } from '../social/connections.js';
import { queues, type PublishJob } from '../../jobs/queues.js';
import {
  blockedUntil,
  clock,
  closedWindows,
  finish,
  handleFailure,
  recordPublished,
  retryLater,
  type TargetRow,
} from './outcomes.js';
import { metrics } from '../../lib/metrics.js';
import type { EngineDeps } from './engine-deps.js';
import { publishVia, reconcileVia, type ConnectionRow } from './send.js';
import { linkSent, linkToSend } from '../links/issue.js';

type PublishOutcome =
  'skipped' | 'deferred' | 'published' | 'retrying' | 'failed' | 'needs_reconnect' | 'unknown';

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

/** How long an ambiguous send may stay undecided before the member is asked to check. */
const undecidedGiveUpMs = 24 * 3600_000;

/**
 * Publishes the targets of a batch of jobs, each at most once towards its network. The batch is
 * claimed in one conditional update (only `scheduled` targets of the job's version, due now) and
 * loaded in one query, and rate-limit windows are read once for all of it; then every target is
 * sent on its own, and its outcome written before its promise settles. A failure before the
 * request was sent, a 429 or a 5xx is retried with backoff; a timeout after sending is `unknown`
 * and reconciled; auth failures flag the connection; content failures are final, with the
 * network's reason.
 *
 * Returns one promise per job, in the jobs' order, so a caller can complete each job as soon as
 * its own target is done rather than waiting for the slowest of the batch.
 */
export async function startPublishing(
  deps: EngineDeps,
  jobs: PublishJob[],
): Promise<Promise<PublishOutcome>[]> {
  const now = clock(deps);
  if (jobs.length === 0) return [];
  const claimed = await deps.db
    .update(postTargets)
    .set({ status: 'publishing', startedAt: now, attempts: sql`${postTargets.attempts} + 1`, updatedAt: now })
    .where(
      and(
        sql`(${postTargets.id}, ${postTargets.version}) in (${sql.join(
          jobs.map((j) => sql`(${j.targetId}::uuid, ${j.version}::int)`),
          sql`, `,
        )})`,
        eq(postTargets.status, 'scheduled'),
        // A clock a little ahead of the scheduler's is fine; a job for a moved schedule is not.
        sql`${postTargets.dueAt} <= ${new Date(now.getTime() + 5000).toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (claimed.length === 0) return jobs.map(() => Promise.resolve('skipped' as const));

  const [loaded, windows] = await Promise.all([
    deps.db
      .select({ targetId: postTargets.id, post: posts, connection: socialConnections })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .leftJoin(socialConnections, eq(socialConnections.id, postTargets.connectionId))
      .where(
        inArray(
          postTargets.id,
          claimed.map((t) => t.id),
        ),
      ),
    closedWindows(deps.db, claimed, now),
  ]);
  const byId = new Map(loaded.map((r) => [r.targetId, r]));
  const running = new Map<string, Promise<PublishOutcome>>();
  for (const target of claimed) {
    const until = blockedUntil(windows, target);
    const row = byId.get(target.id);
    const outcome: Promise<PublishOutcome> = until
      ? retryLater(deps, target, until, null, { countAttempt: false }).then(() => 'deferred' as const)
      : row
        ? sendTarget(deps, target, row.post, row.connection)
        : Promise.resolve('skipped' as const);
    running.set(
      target.id,
      outcome.then((status) => {
        if (status !== 'skipped') metrics.publishOutcomes.inc({ network: target.network, status });
        return status;
      }),
    );
  }
  // A job whose target was not claimed (moved, canceled, already done, or the same job twice in
  // one batch) has nothing to do.
  return jobs.map((j) => {
    const outcome = running.get(j.targetId);
    running.delete(j.targetId);
    return outcome ?? Promise.resolve('skipped' as const);
  });
}

/** Publishes a batch and waits for every target's outcome. */
export async function publishTargets(deps: EngineDeps, jobs: PublishJob[]) {
  return Promise.all(await startPublishing(deps, jobs));
}

/** Publishes one target (see startPublishing). */
export async function publishTarget(deps: EngineDeps, job: PublishJob) {
  const [outcome] = await publishTargets(deps, [job]);
  return outcome ?? 'skipped';
}

/**
 * The link a target sends: its own (an Auto-Post's UTM-tagged link), else the post's — as FitPost's
 * short link when the organisation tracks links (links/issue.ts). `sent`: the one an earlier,
 * ambiguous send used, to look for it on the network (never writes a new one).
 */
async function linkOf(
  deps: EngineDeps,
  target: TargetRow,
  post: typeof posts.$inferSelect,
  mode: 'send' | 'sent',
): Promise<{ link?: string }> {
  const destination = target.linkOverride ?? post.link;
  if (!destination) return {};
  if (!deps.shortLinks) return { link: destination };
  const { publicUrl } = deps.shortLinks;
  if (mode === 'sent') return { link: await linkSent(deps.db, publicUrl, target.id, destination) };
  const link = await linkToSend(deps.db, publicUrl, {
    targetId: target.id,
    postId: post.id,
    contentId: post.contentId,
    portalId: post.portalId,
    userId: post.userId,
    network: target.network,
    accountName: target.accountName,
    text: target.bodyOverride ?? post.body,
    destination,
  });
  return { link };
}

async function sendTarget(
  deps: EngineDeps,
  target: TargetRow,
  post: typeof posts.$inferSelect,
  connection: ConnectionRow | null,
): Promise<PublishOutcome> {
  if (!connection || connection.status !== 'connected') {
    await finish(deps, target, 'needs_reconnect', {
      error: 'The account is no longer connected. Reconnect it in Settings → Social Platforms, then retry.',
    });
    return 'needs_reconnect';
  }
  const media = post.mediaId ? await deps.loadMedia(post.mediaId, post.userId) : undefined;
  if (media === null) {
    await finish(deps, target, 'failed', {
      error: 'The post’s image no longer exists. Add it again and retry.',
    });
    return 'failed';
  }
  try {
    const result = await publishVia(deps, connection, {
      text: target.bodyOverride ?? post.body,
      accountId: connection.accountId,
      ...(await linkOf(deps, target, post, 'send')),
      ...(media ? { media } : {}),
    });
    const at = clock(deps);
    await recordPublished(deps.db, {
      id: target.id,
      remoteId: result.remoteId,
      remoteUrl: result.url ?? null,
      at,
    });
    metrics.publishLateness.observe(
      { network: target.network },
      Math.max(0, at.getTime() - target.dueAt.getTime()) / 1000,
    );
    return 'published';
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    return handleFailure(deps, target, connection.id, err);
  }
}

/**
 * Decides an ambiguous send by looking at the account: found → published with the remote id;
 * not found → scheduled again (it is now known not to have landed); the network unreachable →
 * asked again later. Never re-sends blindly.
 */
export async function reconcileTarget(deps: EngineDeps, job: PublishJob) {
  const [row] = await deps.db
    .select({ target: postTargets, post: posts, connection: socialConnections })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .leftJoin(socialConnections, eq(socialConnections.id, postTargets.connectionId))
    .where(and(eq(postTargets.id, job.targetId), eq(postTargets.status, 'unknown')));
  if (!row) return 'skipped' as const;
  const outcome = await reconcileRow(deps, job, row);
  metrics.reconcileOutcomes.inc({ network: row.target.network, status: outcome });
  return outcome;
}

async function reconcileRow(
  deps: EngineDeps,
  job: PublishJob,
  {
    target,
    post,
    connection,
  }: { target: TargetRow; post: typeof posts.$inferSelect; connection: ConnectionRow | null },
) {
  const now = clock(deps);
  if (!connection) {
    await finish(
      deps,
      target,
      'failed',
      { error: 'The account was disconnected before FitPost could confirm the post.' },
      'unknown',
    );
    return 'failed' as const;
  }
  try {
    const found = await reconcileVia(deps, connection, {
      text: target.bodyOverride ?? post.body,
      accountId: connection.accountId,
      ...(await linkOf(deps, target, post, 'sent')),
      since: target.startedAt ?? target.dueAt,
    });
    if (found.found) {
      await finish(
        deps,
        target,
        'published',
        { remoteId: found.remoteId, remoteUrl: found.url ?? null },
        'unknown',
      );
      return 'published' as const;
    }
    if (target.attempts >= deps.settings.maxAttempts) {
      await finish(deps, target, 'failed', { error: 'The network never confirmed the post.' }, 'unknown');
      return 'failed' as const;
    }
    await retryLater(deps, target, now, null, { from: 'unknown' });
    return 'rescheduled' as const;
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    if (err.kind === 'auth') {
      await markNeedsReconnect(deps, connection.id, err.message);
    }
    // Some networks cannot be asked (LinkedIn lists posts only for approved partners): after a day
    // of not knowing, say so plainly rather than asking forever or re-sending blindly.
    const since = (target.startedAt ?? target.dueAt).getTime();
    if (now.getTime() - since > undecidedGiveUpMs) {
      await finish(
        deps,
        target,
        'failed',
        {
          error: `FitPost could not confirm whether this post reached ${target.accountName}. Check the account before retrying, so it is not posted twice.`,
        },
        'unknown',
      );
      return 'failed' as const;
    }
    // Still undecided: ask again later; the target stays `unknown` meanwhile (touched, so the
    // sweep knows someone is still asking).
    await deps.db.update(postTargets).set({ updatedAt: now }).where(eq(postTargets.id, target.id));
    await deps.enqueueIn(deps.db)(
      queues.reconcile,
      job,
      new Date(now.getTime() + deps.settings.reconcileAfterMs * 4),
    );
    return 'undecided' as const;
  }
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
