import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notifications, socialConnections } from '../../db/schema.js';
import { posts, postTargets, rateLimits } from '../../db/schema-posts.js';
import type { TokenCipher } from '../../lib/crypto.js';
import { PlatformError, type Platforms, type PublishMedia } from '../../platforms/index.js';
import { markNeedsReconnect, tokenAad } from '../social/connections.js';
import { queues, type PublishJob } from '../../jobs/queues.js';

type Enqueue = (queue: string, data: object, startAfter?: Date) => Promise<unknown>;

export interface EngineDeps {
  db: Db;
  cipher: TokenCipher;
  platforms: Platforms;
  /** Sends a job within the given transaction (see jobs/queues.ts enqueueIn). */
  enqueueIn: (tx: Db) => Enqueue;
  /** Resolves a post's graphic for publishing; null when it no longer exists. */
  loadMedia: (mediaId: string, userId: string) => Promise<PublishMedia | null>;
  settings: EngineSettings;
  now?: () => Date;
}

export interface EngineSettings {
  /** Attempts per target before it is failed for good. */
  maxAttempts: number;
  /** First retry delay; doubles per attempt unless the network said how long to wait. */
  backoffMs: number;
  /** A target left `publishing` this long (a worker died mid-call) is treated as unknown. */
  staleAfterMs: number;
  /** Wait before asking the network whether an ambiguous send landed. */
  reconcileAfterMs: number;
}

type TargetRow = typeof postTargets.$inferSelect;

/** How long an ambiguous send may stay undecided before the member is asked to check. */
const undecidedGiveUpMs = 24 * 3600_000;

const clock = (deps: EngineDeps) => deps.now?.() ?? new Date();

/**
 * Publishes one target, at most once towards the network: the target is claimed with a
 * conditional update (only a `scheduled` target of the job's version, due now), the network is
 * called, and the outcome is written before anything else. A failure before the request was sent,
 * a 429 or a 5xx is retried with backoff; a timeout after sending is `unknown` and reconciled;
 * auth failures flag the connection; content failures are final, with the network's reason.
 */
export async function publishTarget(deps: EngineDeps, job: PublishJob) {
  const now = clock(deps);
  const [target] = await deps.db
    .update(postTargets)
    .set({ status: 'publishing', startedAt: now, attempts: sql`${postTargets.attempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(postTargets.id, job.targetId),
        eq(postTargets.version, job.version),
        eq(postTargets.status, 'scheduled'),
        // A clock a little ahead of the scheduler's is fine; a job for a moved schedule is not.
        sql`${postTargets.dueAt} <= ${new Date(now.getTime() + 5000).toISOString()}::timestamptz`,
      ),
    )
    .returning();
  if (!target) return 'skipped' as const;

  const blockedUntil = await rateLimitedUntil(deps.db, target, now);
  if (blockedUntil) {
    await retryLater(deps, target, blockedUntil, null, { countAttempt: false });
    return 'deferred' as const;
  }

  const [row] = await deps.db
    .select({ post: posts, connection: socialConnections })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .leftJoin(socialConnections, eq(socialConnections.id, postTargets.connectionId))
    .where(eq(postTargets.id, target.id));
  if (!row) return 'skipped' as const;
  const { post, connection } = row;
  if (!connection || connection.status !== 'connected') {
    await finish(deps, target, 'needs_reconnect', {
      error: 'The account is no longer connected. Reconnect it in Settings → Social Platforms, then retry.',
    });
    return 'needs_reconnect' as const;
  }
  const media = post.mediaId ? await deps.loadMedia(post.mediaId, post.userId) : undefined;
  if (media === null) {
    await finish(deps, target, 'failed', {
      error: 'The post’s image no longer exists. Add it again and retry.',
    });
    return 'failed' as const;
  }

  try {
    const result = await publishVia(deps, connection, {
      text: post.body,
      accountId: connection.accountId,
      ...(post.link ? { link: post.link } : {}),
      ...(media ? { media } : {}),
    });
    await finish(deps, target, 'published', { remoteId: result.remoteId, remoteUrl: result.url ?? null });
    return 'published' as const;
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    return handleFailure(deps, target, connection.id, err);
  }
}

async function handleFailure(deps: EngineDeps, target: TargetRow, connectionId: string, err: PlatformError) {
  const now = clock(deps);
  switch (err.kind) {
    case 'retry':
    case 'rate_limited': {
      if (err.kind === 'rate_limited' && err.retryAfterMs) {
        await blockAccount(deps.db, connectionId, new Date(now.getTime() + err.retryAfterMs));
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
      await markNeedsReconnect(deps.db, connectionId, err.message);
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

/**
 * Decides an ambiguous send by looking at the account: found → published with the remote id;
 * not found → scheduled again (it is now known not to have landed); the network unreachable →
 * asked again later. Never re-sends blindly.
 */
export async function reconcileTarget(deps: EngineDeps, job: PublishJob) {
  const now = clock(deps);
  const [row] = await deps.db
    .select({ target: postTargets, post: posts, connection: socialConnections })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .leftJoin(socialConnections, eq(socialConnections.id, postTargets.connectionId))
    .where(and(eq(postTargets.id, job.targetId), eq(postTargets.status, 'unknown')));
  if (!row) return 'skipped' as const;
  const { target, post, connection } = row;
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
      text: post.body,
      accountId: connection.accountId,
      ...(post.link ? { link: post.link } : {}),
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
      await markNeedsReconnect(deps.db, connection.id, err.message);
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
    // Still undecided: ask again later; the target stays `unknown` meanwhile.
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
 * `unknown` and are reconciled, never re-sent blindly. Targets still `scheduled` long after they
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
  const overdue = await deps.db
    .update(postTargets)
    .set({ version: sql`${postTargets.version} + 1`, updatedAt: now })
    .where(
      and(
        eq(postTargets.status, 'scheduled'),
        lt(postTargets.dueAt, cutoff),
        lt(postTargets.updatedAt, cutoff),
      ),
    )
    .returning({ id: postTargets.id, version: postTargets.version });
  for (const t of overdue)
    await deps.enqueueIn(deps.db)(queues.publish, { targetId: t.id, version: t.version });
  return stale.length + overdue.length;
}

async function finish(
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
        await tx.insert(notifications).values({
          userId: post.userId,
          kind: 'post.failed',
          title: `A post to ${target.accountName} failed`,
          body: fields.error ?? 'The network refused the post.',
        });
      }
    }
  });
}

async function retryLater(
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

const limitKeys = (target: TargetRow, connectionId: string | null) => [
  `network:${target.network}`,
  ...(connectionId ? [`account:${connectionId}`] : []),
];

async function rateLimitedUntil(db: Db, target: TargetRow, now: Date): Promise<Date | null> {
  const rows = await db
    .select({ until: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} in (${sql.join(
        limitKeys(target, target.connectionId).map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  const latest = rows
    .map((r) => r.until)
    .filter((d) => d > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return latest ?? null;
}

/** Remembers a rate-limit window for the account so every worker waits it out. */
async function blockAccount(db: Db, connectionId: string, until: Date) {
  await db
    .insert(rateLimits)
    .values({ key: `account:${connectionId}`, blockedUntil: until })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: { blockedUntil: sql`greatest(${rateLimits.blockedUntil}, excluded.blocked_until)` },
    });
}

type ConnectionRow = typeof socialConnections.$inferSelect;

function credentialsOf(deps: EngineDeps, c: ConnectionRow) {
  const accessToken = deps.cipher.decrypt(c.accessToken, tokenAad(c, 'access'));
  const tokenSecret = c.tokenSecret ? deps.cipher.decrypt(c.tokenSecret, tokenAad(c, 'secret')) : '';
  return { accessToken, tokenSecret };
}

function publishVia(
  deps: EngineDeps,
  c: ConnectionRow,
  target: { text: string; accountId: string; link?: string; media?: PublishMedia },
) {
  const { accessToken, tokenSecret } = credentialsOf(deps, c);
  switch (c.network) {
    case 'x':
      return deps.platforms.x.publish({ ...target, credentials: { token: accessToken, tokenSecret } });
    case 'linkedin':
      return deps.platforms.linkedin.publish({ ...target, credentials: { accessToken } });
    case 'facebook':
      return deps.platforms.facebook.publish({ ...target, credentials: { accessToken } });
    case 'instagram':
      return deps.platforms.instagram.publish({ ...target, credentials: { accessToken } });
  }
}

function reconcileVia(
  deps: EngineDeps,
  c: ConnectionRow,
  target: { text: string; accountId: string; link?: string; since: Date },
) {
  const { accessToken, tokenSecret } = credentialsOf(deps, c);
  const { since, ...rest } = target;
  switch (c.network) {
    case 'x':
      return deps.platforms.x.reconcile(
        { ...rest, credentials: { token: accessToken, tokenSecret } },
        { since },
      );
    case 'linkedin':
      return deps.platforms.linkedin.reconcile({ ...rest, credentials: { accessToken } }, { since });
    case 'facebook':
      return deps.platforms.facebook.reconcile({ ...rest, credentials: { accessToken } }, { since });
    case 'instagram':
      return deps.platforms.instagram.reconcile({ ...rest, credentials: { accessToken } }, { since });
  }
}
