import { and, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/bulk.js';
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
import { linkSent, linksToSend, trackingPortals } from '../links/issue.js';

// The sweep lives beside the engine (sweep.ts); callers and tests know it by the engine's name.
export { sweepStale } from './sweep.js';

type PublishOutcome =
  'skipped' | 'deferred' | 'published' | 'retrying' | 'failed' | 'needs_reconnect' | 'unknown';

/** How long an ambiguous send may stay undecided before the member is asked to check. */
const undecidedGiveUpMs = 24 * 3600_000;

/**
 * Publishes the targets of a batch of jobs, each at most once towards its network. The batch is
 * claimed in one conditional update (only `scheduled` targets of the job's version, due now) and
 * loaded in one query, rate-limit windows are read once for all of it, and the links of the
 * targets about to go out are written together; then every target is sent on its own, and its
 * outcome written before its promise settles. A failure before the request was sent, a 429 or a
 * 5xx is retried with backoff; a timeout after sending is `unknown` and reconciled; auth failures
 * flag the connection; content failures are final, with the network's reason.
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
  // The jobs' (target, version) pairs as two array parameters: a statement of fixed size to build.
  const ids = sql.param(jobs.map((j) => j.targetId));
  const claimed = await deps.db
    .update(postTargets)
    .set({ status: 'publishing', startedAt: now, attempts: sql`${postTargets.attempts} + 1`, updatedAt: now })
    .where(
      and(
        // Found by the primary key. The status and time are checked on the rows found (`is true`
        // keeps them off the status index): planned on statistics taken before a fan-out queued
        // thousands of targets, that index was chosen and every scheduled target read at each claim.
        sql`${postTargets.id} = any(${ids}::uuid[])`,
        sql`(${postTargets.id}, ${postTargets.version}) in (select * from unnest(${ids}::uuid[], ${sql.param(
          jobs.map((j) => j.version),
        )}::int[]))`,
        // A clock a little ahead of the scheduler's is fine; a job for a moved schedule is not.
        sql`(${postTargets.status} = 'scheduled' and ${postTargets.dueAt} <= ${new Date(
          now.getTime() + 5000,
        ).toISOString()}::timestamptz) is true`,
      ),
    )
    .returning();
  if (claimed.length === 0) return jobs.map(() => Promise.resolve('skipped' as const));

  // Three independent reads, side by side: the batch's rows, its rate-limit windows, and whether its
  // organisations track links.
  const [loaded, windows, tracking] = await Promise.all([
    deps.db
      .select({ targetId: postTargets.id, post: posts, connection: socialConnections })
      .from(postTargets)
      .innerJoin(posts, eq(posts.id, postTargets.postId))
      .leftJoin(socialConnections, eq(socialConnections.id, postTargets.connectionId))
      .where(
        anyOf(
          postTargets.id,
          claimed.map((t) => t.id),
        ),
      ),
    closedWindows(deps.db, claimed, now),
    deps.shortLinks
      ? trackingPortals(
          deps.db,
          claimed.map((t) => t.portalId),
        )
      : new Set<number>(),
  ]);
  const byId = new Map(loaded.map((r) => [r.targetId, r]));
  const links = await linksOf(
    deps,
    tracking,
    claimed.flatMap((target) => {
      const row = byId.get(target.id);
      const sendable = row?.connection?.status === 'connected' && !blockedUntil(windows, target);
      return sendable ? [{ target, post: row.post }] : [];
    }),
  );
  const running = new Map<string, Promise<PublishOutcome>>();
  for (const target of claimed) {
    const until = blockedUntil(windows, target);
    const row = byId.get(target.id);
    const outcome: Promise<PublishOutcome> = until
      ? retryLater(deps, target, until, null, { countAttempt: false }).then(() => 'deferred' as const)
      : row
        ? sendTarget(deps, target, row.post, row.connection, links.get(target.id))
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

type PostRow = typeof posts.$inferSelect;

/**
 * The links the targets about to go out send, by target id (absent: no link): each one's own (an
 * Auto-Post's UTM-tagged link), else the post's — as FitPost's short link when the organisation
 * tracks links (links/issue.ts), written for the whole batch at once.
 */
async function linksOf(
  deps: EngineDeps,
  tracking: ReadonlySet<number>,
  going: { target: TargetRow; post: PostRow }[],
) {
  const linked = going.flatMap(({ target, post }) => {
    const destination = target.linkOverride ?? post.link;
    return destination ? [{ target, post, destination }] : [];
  });
  if (!deps.shortLinks || !linked.some(({ post }) => tracking.has(post.portalId)))
    return new Map(linked.map(({ target, destination }) => [target.id, destination]));
  return linksToSend(
    deps.db,
    deps.shortLinks.publicUrl,
    linked.map(({ target, post, destination }) => ({
      targetId: target.id,
      postId: post.id,
      contentId: post.contentId,
      portalId: post.portalId,
      userId: post.userId,
      network: target.network,
      accountName: target.accountName,
      text: target.bodyOverride ?? post.body,
      destination,
    })),
    tracking,
  );
}

/**
 * The link an ambiguous send went out with, to look for it on the network: the short link written
 * for the target if there is one, else its own or the post's link.
 */
async function linkSentOf(deps: EngineDeps, target: TargetRow, post: PostRow): Promise<{ link?: string }> {
  const destination = target.linkOverride ?? post.link;
  if (!destination) return {};
  if (!deps.shortLinks) return { link: destination };
  return { link: await linkSent(deps.db, deps.shortLinks.publicUrl, target.id, destination) };
}

async function sendTarget(
  deps: EngineDeps,
  target: TargetRow,
  post: PostRow,
  connection: ConnectionRow | null,
  link: string | undefined,
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
      ...(link ? { link } : {}),
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
  { target, post, connection }: { target: TargetRow; post: PostRow; connection: ConnectionRow | null },
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
      ...(await linkSentOf(deps, target, post)),
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
