import { notificationTexts } from '@fitpost/contract';
import { and, eq, sql } from 'drizzle-orm';
import { anyOf } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { posts, postTargets, rateLimits } from '../../db/schema-posts.js';
import { groupCommit, HOT_WRITE_LINGER_MS, type GroupCommit } from '../../lib/group-commit.js';
import type { PlatformError } from '../../platforms/index.js';
import { queues } from '../../jobs/queues.js';
import { markNeedsReconnect } from '../social/connections.js';
import { notify } from '../notifications/notify.js';
import type { EngineDeps } from './engine-deps.js';

/** How a target's outcome is written down: every write is conditional on the state it leaves. */
export type TargetRow = typeof postTargets.$inferSelect;

export const clock = (deps: Pick<EngineDeps, 'now'>) => deps.now?.() ?? new Date();

interface PublishedRow {
  id: string;
  remoteId: string;
  remoteUrl: string | null;
  at: Date;
}

// One writer per database handle, so every deps object over the same database shares it.
const writers = new WeakMap<Db, GroupCommit<PublishedRow>>();

/**
 * Records successful sends. This is the hot path (one per published target), so concurrent
 * successes are written together in one statement (group commit) instead of one round trip each;
 * each caller still waits until its own row is durable before its job is completed.
 */
export function recordPublished(db: Db, row: PublishedRow) {
  let writer = writers.get(db);
  if (!writer) {
    writer = groupCommit<PublishedRow>((rows) => writePublished(db, rows), {
      maxBatch: 500,
      lingerMs: HOT_WRITE_LINGER_MS,
    });
    writers.set(db, writer);
  }
  return writer.add(row);
}

async function writePublished(db: Db, rows: PublishedRow[]) {
  // One array parameter per column (as db/bulk.ts does): the statement's size is the same for 1 row or 500.
  const column = <T>(pick: (r: PublishedRow) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    update ${postTargets} as t
    set status = 'published', remote_id = v.remote_id, remote_url = v.remote_url, error = null,
        published_at = v.at, updated_at = v.at
    from unnest(${column((r) => r.id)}::uuid[], ${column((r) => r.remoteId)}::text[],
                ${column((r) => r.remoteUrl)}::text[], ${column((r) => r.at.toISOString())}::timestamptz[])
      as v(id, remote_id, remote_url, at)
    where t.id = v.id and t.status = 'publishing'`);
}

/** Ends a target that did not publish (or was decided by reconciling), telling the member on failure. */
export async function finish(
  deps: EngineDeps,
  target: TargetRow,
  status: 'published' | 'failed' | 'needs_reconnect',
  fields: { remoteId?: string; remoteUrl?: string | null; error?: string },
  from: 'publishing' | 'unknown' = 'publishing',
) {
  const now = clock(deps);
  await deps.db.transaction(async (tx) => {
    const [done] = await tx
      .update(postTargets)
      .set({
        status,
        remoteId: fields.remoteId ?? null,
        remoteUrl: fields.remoteUrl ?? null,
        error: fields.error ?? null,
        publishedAt: status === 'published' ? now : null,
        updatedAt: now,
      })
      .where(and(eq(postTargets.id, target.id), eq(postTargets.status, from)))
      .returning({ postId: postTargets.postId });
    if (done && status === 'failed') {
      const [post] = await tx.select({ userId: posts.userId }).from(posts).where(eq(posts.id, done.postId));
      if (post) {
        await notify(tx, deps.emails, {
          userId: post.userId,
          kind: 'post.failed',
          title: notificationTexts.postFailedTitle(target.accountName),
          body: fields.error ?? notificationTexts.postFailedFallback,
          postId: done.postId,
          network: target.network,
        });
      }
    }
  });
}

/** Puts a target back to `scheduled` at `at` under a new version, with its job, in one transaction. */
export async function retryLater(
  deps: EngineDeps,
  target: TargetRow,
  at: Date,
  error: string | null,
  opts: { countAttempt?: boolean; from?: 'publishing' | 'unknown' } = {},
) {
  const now = clock(deps);
  await deps.db.transaction(async (tx) => {
    const [moved] = await tx
      .update(postTargets)
      .set({
        status: 'scheduled',
        dueAt: at,
        version: sql`${postTargets.version} + 1`,
        error,
        updatedAt: now,
        ...(opts.countAttempt === false ? { attempts: sql`${postTargets.attempts} - 1` } : {}),
      })
      .where(and(eq(postTargets.id, target.id), eq(postTargets.status, opts.from ?? 'publishing')))
      .returning({ version: postTargets.version });
    if (moved) await deps.enqueueIn(tx)(queues.publish, { targetId: target.id, version: moved.version }, at);
  });
}

/**
 * What a failed send leads to: retry with backoff (honouring the network's reset time, remembered
 * for every worker), reconnect, a final failure with the network's reason, or `unknown` and a
 * reconcile job when the request may have landed.
 */
export async function handleFailure(
  deps: EngineDeps,
  target: TargetRow,
  connectionId: string,
  err: PlatformError,
) {
  const now = clock(deps);
  switch (err.kind) {
    case 'retry':
    case 'rate_limited': {
      if (err.kind === 'rate_limited' && err.retryAfterMs) {
        await blockKey(deps.db, `account:${connectionId}`, new Date(now.getTime() + err.retryAfterMs));
      }
      if (target.attempts >= deps.settings.maxAttempts) {
        await finish(deps, target, 'failed', {
          error: `${err.message} (gave up after ${target.attempts} attempts)`,
        });
        return 'failed' as const;
      }
      const backoff = deps.settings.backoffMs * 2 ** (target.attempts - 1);
      await retryLater(
        deps,
        target,
        new Date(now.getTime() + Math.max(backoff, err.retryAfterMs ?? 0)),
        err.message,
      );
      return 'retrying' as const;
    }
    case 'auth':
      await markNeedsReconnect(deps, connectionId, err.message);
      await finish(deps, target, 'needs_reconnect', { error: err.message });
      return 'needs_reconnect' as const;
    case 'content':
      await finish(deps, target, 'failed', { error: err.message });
      return 'failed' as const;
    case 'unknown':
      await deps.db.transaction(async (tx) => {
        await tx
          .update(postTargets)
          .set({ status: 'unknown', error: err.message, updatedAt: now })
          .where(and(eq(postTargets.id, target.id), eq(postTargets.status, 'publishing')));
        await deps.enqueueIn(tx)(
          queues.reconcile,
          { targetId: target.id, version: target.version },
          new Date(now.getTime() + deps.settings.reconcileAfterMs),
        );
      });
      return 'unknown' as const;
  }
}

/** The rate-limit keys a target is subject to: its whole network, then its account. */
const limitKeys = (target: Pick<TargetRow, 'network' | 'connectionId'>) => [
  `network:${target.network}`,
  ...(target.connectionId ? [`account:${target.connectionId}`] : []),
];

/** For many targets at once: the windows still closed now, by key (one statement). */
export async function closedWindows(
  db: Db,
  targets: Pick<TargetRow, 'network' | 'connectionId'>[],
  now: Date,
) {
  const keys = [...new Set(targets.flatMap(limitKeys))];
  if (keys.length === 0) return new Map<string, Date>();
  const rows = await db
    .select({ key: rateLimits.key, until: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(
      and(anyOf(rateLimits.key, keys), sql`${rateLimits.blockedUntil} > ${now.toISOString()}::timestamptz`),
    );
  return new Map(rows.map((r) => [r.key, r.until]));
}

/** The latest closed window among a target's keys, or null when it may be sent now. */
export function blockedUntil(
  windows: Map<string, Date>,
  target: Pick<TargetRow, 'network' | 'connectionId'>,
) {
  let latest: Date | null = null;
  for (const key of limitKeys(target)) {
    const until = windows.get(key);
    if (until && (!latest || until > latest)) latest = until;
  }
  return latest;
}

/** Remembers a rate-limit window so every worker waits it out. */
export async function blockKey(db: Db, key: string, until: Date) {
  await db
    .insert(rateLimits)
    .values({ key, blockedUntil: until })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { blockedUntil: sql`greatest(${rateLimits.blockedUntil}, excluded.blocked_until)` },
    });
}
