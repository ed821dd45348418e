/**
 * The metrics job (architecture §8): enrols published targets of the last 30 days, claims the ones due,
 * asks each account's network for their figures in batches, keeps a snapshot of every answer and the latest
 * figures per target, and schedules the next fetch (schedule.ts). Rate limits are kept in `rate_limits`
 * like publishing's, so every worker waits them out; a refused token marks the connection as the publishing
 * engine does.
 */
import { and, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { postMetrics, postMetricSnapshots } from '../../db/schema-metrics.js';
import { postTargets, rateLimits } from '../../db/schema-posts.js';
import { socialConnections } from '../../db/schema.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { PlatformError, type Platforms, type PostMetrics } from '../../platforms/index.js';
import { markNeedsReconnect } from '../social/connections.js';
import { freshCredentials } from '../social/credentials.js';
import { blockKey } from '../posts/outcomes.js';
import { METRICS_RETRY_MS, METRICS_WINDOW_MS, nextFetchAt } from './schedule.js';
import type { EmailOutbox } from '../email/outbox.js';

export interface MetricsDeps {
  db: Db;
  cipher: TokenCipher;
  platforms: Platforms;
  /** Where a refused token's reconnect email is queued; absent or null: no email. */
  emails?: EmailOutbox | null;
  now?: () => Date;
}

type ConnectionRow = typeof socialConnections.$inferSelect;

/** Targets claimed per round. */
const CLAIM_SIZE = 500;
/** A claimed target nobody finished (the worker died) is due again after this long. */
const LEASE_MS = 10 * 60_000;
/** When a network said "slow down" without saying for how long. */
const DEFAULT_BLOCK_MS = 15 * 60_000;
/** A run stops claiming after this long and leaves the rest to the next. */
const BUDGET_MS = 45_000;

interface CollectResult {
  /** True when the run left everything for later because publishing was behind (publishingBehind). */
  yielded: boolean;
  enrolled: number;
  asked: number;
  answered: number;
  deferred: number;
  failed: number;
}

const clock = (deps: MetricsDeps) => deps.now?.() ?? new Date();

/** A post still waiting this long after its time means the publishers are behind, not just busy. */
const BEHIND_AFTER_MS = 30_000;
/** …unless it has waited longer than this: then it is stuck, and must not hold figures up for good. */
const BEHIND_WINDOW_MS = 15 * 60_000;

/**
 * Whether publishing is behind: a post due between 15 minutes and 30 seconds ago still waits. Figures can
 * wait a few minutes; a post that is late cannot, and on PGlite both share one connection (a 30,000-target
 * Auto-Post publishes about a fifth faster when the job stands aside, docs/benchmarks.md). One look-up on
 * `post_targets_status_due_idx`.
 */
async function publishingBehind(deps: MetricsDeps, now: Date): Promise<boolean> {
  const [late] = await deps.db
    .select({ id: postTargets.id })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.status, 'scheduled'),
        gt(postTargets.dueAt, new Date(now.getTime() - BEHIND_WINDOW_MS)),
        lte(postTargets.dueAt, new Date(now.getTime() - BEHIND_AFTER_MS)),
      ),
    )
    .limit(1);
  return late !== undefined;
}

const unknownFigure = (name: string) => sql<number | null>`null::int`.as(name);

/** Starts following targets published in the last 30 days that the job does not know yet. */
async function enrol(deps: MetricsDeps, now: Date): Promise<number> {
  const since = new Date(now.getTime() - METRICS_WINDOW_MS);
  const fresh = deps.db
    .select({
      // Every column of post_metrics, in order, as insert … select wants them.
      targetId: postTargets.id,
      portalId: postTargets.portalId,
      userId: postTargets.userId,
      network: postTargets.network,
      publishedAt: postTargets.publishedAt,
      impressions: unknownFigure('impressions'),
      likes: unknownFigure('likes'),
      comments: unknownFigure('comments'),
      shares: unknownFigure('shares'),
      clicks: unknownFigure('clicks'),
      fetchedAt: sql<Date | null>`null::timestamptz`.as('fetched_at'),
      nextFetchAt: postTargets.publishedAt,
      fetches: sql<number>`0`.as('fetches'),
    })
    .from(postTargets)
    .where(
      and(
        eq(postTargets.status, 'published'),
        gt(postTargets.publishedAt, since),
        isNotNull(postTargets.remoteId),
        sql`not exists (select 1 from ${postMetrics} m where m.target_id = ${postTargets.id})`,
      ),
    )
    .orderBy(postTargets.publishedAt)
    .limit(5000);
  const rows = await deps.db
    .insert(postMetrics)
    .select(fresh)
    .onConflictDoNothing()
    .returning({ targetId: postMetrics.targetId });
  return rows.length;
}

/** Claims up to CLAIM_SIZE due targets by moving their next fetch a lease ahead (skipping rows others hold). */
async function claim(deps: MetricsDeps, now: Date) {
  const due = deps.db
    .select({ id: postMetrics.targetId })
    .from(postMetrics)
    .where(lte(postMetrics.nextFetchAt, now))
    .orderBy(postMetrics.nextFetchAt)
    .limit(CLAIM_SIZE)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(postMetrics)
    .set({ nextFetchAt: new Date(now.getTime() + LEASE_MS) })
    .where(sql`${postMetrics.targetId} in (${due})`)
    .returning({ targetId: postMetrics.targetId });
  if (claimed.length === 0) return [];
  return deps.db
    .select({
      targetId: postTargets.id,
      remoteId: postTargets.remoteId,
      publishedAt: postTargets.publishedAt,
      connection: socialConnections,
    })
    .from(postTargets)
    .leftJoin(socialConnections, eq(socialConnections.id, postTargets.connectionId))
    .where(
      inArray(
        postTargets.id,
        claimed.map((row) => row.targetId),
      ),
    );
}

type Claimed = Awaited<ReturnType<typeof claim>>[number];

/** The account's figures for `remoteIds`, through its network's adapter. */
async function metricsVia(deps: MetricsDeps, c: ConnectionRow, remoteIds: string[]) {
  const { accessToken, tokenSecret } = await freshCredentials(deps, c);
  const base = { accountId: c.accountId, remoteIds };
  switch (c.network) {
    case 'x':
      return deps.platforms.x.metrics({ ...base, credentials: { token: accessToken, tokenSecret } });
    case 'linkedin':
      return deps.platforms.linkedin.metrics({ ...base, credentials: { accessToken } });
    case 'facebook':
      return deps.platforms.facebook.metrics({ ...base, credentials: { accessToken } });
    case 'instagram':
      return deps.platforms.instagram.metrics({ ...base, credentials: { accessToken } });
  }
}

const accountKey = (connectionId: string) => `metrics:account:${connectionId}`;

/** Moves the targets' next fetch to `at` (or their schedule's, when `at` is omitted), counting a fetch if asked. */
async function reschedule(deps: MetricsDeps, rows: Claimed[], now: Date, at?: Date, counted = false) {
  for (const row of rows) {
    const next = at ?? (row.publishedAt ? nextFetchAt(row.publishedAt, now) : null);
    await deps.db
      .update(postMetrics)
      .set({ nextFetchAt: next, ...(counted ? { fetches: sql`${postMetrics.fetches} + 1` } : {}) })
      .where(eq(postMetrics.targetId, row.targetId));
  }
}

/** Keeps the answer: a snapshot per post the network knew, the latest figures, and the next fetch. */
async function store(deps: MetricsDeps, rows: Claimed[], found: Map<string, PostMetrics>, now: Date) {
  const snapshots = rows.flatMap((row) => {
    const figures = row.remoteId === null ? undefined : found.get(row.remoteId);
    return figures && row.connection
      ? [{ targetId: row.targetId, portalId: row.connection.portalId, takenAt: now, ...figures }]
      : [];
  });
  await deps.db.transaction(async (tx) => {
    if (snapshots.length > 0) await tx.insert(postMetricSnapshots).values(snapshots);
    for (const row of rows) {
      const figures = row.remoteId === null ? undefined : found.get(row.remoteId);
      const next = row.publishedAt ? nextFetchAt(row.publishedAt, now) : null;
      await tx
        .update(postMetrics)
        .set({
          nextFetchAt: next,
          fetches: sql`${postMetrics.fetches} + 1`,
          // A post the network no longer shows keeps the figures it last had.
          ...(figures ? { ...figures, fetchedAt: now } : {}),
        })
        .where(eq(postMetrics.targetId, row.targetId));
    }
  });
  return snapshots.length;
}

/** Asks one account's network about its claimed targets, batch by batch. */
async function collectAccount(
  deps: MetricsDeps,
  connection: ConnectionRow,
  rows: Claimed[],
  now: Date,
  result: CollectResult,
) {
  const [blocked] = await deps.db
    .select({ until: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(
      and(
        eq(rateLimits.key, accountKey(connection.id)),
        sql`${rateLimits.blockedUntil} > ${now.toISOString()}::timestamptz`,
      ),
    );
  if (blocked) {
    await reschedule(deps, rows, now, blocked.until);
    result.deferred += rows.length;
    return;
  }
  const size = deps.platforms[connection.network].metricsBatchSize;
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    const ids = batch.flatMap((row) => (row.remoteId ? [row.remoteId] : []));
    try {
      result.asked += batch.length;
      const found = await metricsVia(deps, connection, ids);
      result.answered += await store(deps, batch, found, now);
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      const rest = rows.slice(start);
      if (error.kind === 'rate_limited') {
        const until = new Date(now.getTime() + (error.retryAfterMs ?? DEFAULT_BLOCK_MS));
        await blockKey(deps.db, accountKey(connection.id), until);
        await reschedule(deps, rest, now, until);
        result.deferred += rest.length;
        return;
      }
      if (error.kind === 'auth') {
        await markNeedsReconnect(deps, connection.id, error.message);
        await reschedule(deps, rest, now, undefined, true);
        result.failed += rest.length;
        return;
      }
      await reschedule(deps, batch, now, new Date(now.getTime() + METRICS_RETRY_MS), true);
      result.failed += batch.length;
    }
  }
}

/**
 * One run: enrols newly published targets, then claims due ones and asks their networks, until none is due
 * or the time budget is spent. Targets whose account is gone or needs reconnecting are not asked; they keep
 * their schedule and are asked again once it works.
 */
export async function collectDueMetrics(deps: MetricsDeps, opts: { budgetMs?: number } = {}) {
  const started = Date.now();
  const result: CollectResult = {
    yielded: false,
    enrolled: 0,
    asked: 0,
    answered: 0,
    deferred: 0,
    failed: 0,
  };
  if (await publishingBehind(deps, clock(deps))) return { ...result, yielded: true };
  result.enrolled = await enrol(deps, clock(deps));
  while (Date.now() - started < (opts.budgetMs ?? BUDGET_MS)) {
    const now = clock(deps);
    // A long run looks again between rounds: an Auto-Post's moment may have come meanwhile.
    if (await publishingBehind(deps, now)) {
      result.yielded = true;
      break;
    }
    const claimed = await claim(deps, now);
    if (claimed.length === 0) break;
    const byAccount = new Map<string, { connection: ConnectionRow; rows: Claimed[] }>();
    const idle: Claimed[] = [];
    for (const row of claimed) {
      if (!row.connection || row.connection.status !== 'connected' || !row.remoteId) {
        idle.push(row);
        continue;
      }
      const group = byAccount.get(row.connection.id) ?? { connection: row.connection, rows: [] };
      group.rows.push(row);
      byAccount.set(row.connection.id, group);
    }
    await reschedule(deps, idle, now);
    for (const { connection, rows } of byAccount.values()) {
      await collectAccount(deps, connection, rows, now, result);
    }
  }
  return result;
}
