import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { PgBoss } from 'pg-boss';
import { feeds } from '../../db/schema-library.js';
import { organisationSettings } from '../../db/schema-settings.js';
import { startPeriodic } from '../../jobs/periodic.js';
import { queues } from '../../jobs/queues.js';
import type { Logger } from '../../lib/logger.js';
import { clock, refreshFeed, type FeedsDeps } from './import.js';

/** Feeds one worker fetches at once. */
const concurrency = 4;
/** Feeds claimed per round; a round's feeds are marked fetched before they are, so no one else takes them. */
const claimSize = 8;
/** A job stops claiming after this long and leaves the rest to the next minute's job. */
const budgetMs = 45_000;

/**
 * Claims up to `limit` active feeds not fetched for `staleAfterMs`, oldest first, by stamping
 * them fetched now (skipping rows another worker holds). Returns the claimed rows.
 */
async function claimDueFeeds(deps: FeedsDeps, staleAfterMs: number, limit: number) {
  const now = clock(deps);
  // The portal's own interval (organisation settings), else the deployment's.
  const portalMinutes = sql`(select ${organisationSettings.feedRefreshMinutes} from ${organisationSettings} where ${organisationSettings.portalId} = ${feeds.portalId})`;
  const cutoff = sql`${now.toISOString()}::timestamptz - make_interval(secs => coalesce(${portalMinutes} * 60, ${staleAfterMs / 1000}))`;
  const due = deps.db
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(eq(feeds.isActive, true), or(isNull(feeds.lastFetchedAt), lt(feeds.lastFetchedAt, cutoff))))
    .orderBy(sql`${feeds.lastFetchedAt} asc nulls first`)
    .limit(limit)
    .for('update', { skipLocked: true });
  return deps.db
    .update(feeds)
    .set({ lastFetchedAt: now })
    .where(sql`${feeds.id} in (${due})`)
    .returning();
}

/**
 * Refreshes every active feed whose last fetch is older than `staleAfterMs`, a few at a time,
 * until none is due or the time budget is spent. Returns how many feeds it refreshed.
 */
export async function refreshDueFeeds(deps: FeedsDeps, opts: { staleAfterMs: number; budgetMs?: number }) {
  const started = Date.now();
  let refreshed = 0;
  while (Date.now() - started < (opts.budgetMs ?? budgetMs)) {
    const claimed = await claimDueFeeds(deps, opts.staleAfterMs, claimSize);
    if (claimed.length === 0) break;
    await pLimit(concurrency).map(claimed, (feed) => refreshFeed(deps, feed));
    refreshed += claimed.length;
  }
  return refreshed;
}

/**
 * The periodic refresh of active feeds (FITPOST_FEED_REFRESH_MINUTES): a refresh job about once a
 * minute across all workers (jobs/periodic.ts) refreshes the feeds that have become due, so each
 * feed is fetched about once an interval however many workers run. Returns a function that stops it.
 */
export function startFeedWorker(
  boss: PgBoss,
  deps: FeedsDeps,
  opts: { intervalMinutes: number; log: Logger },
) {
  const staleAfterMs = opts.intervalMinutes * 60_000;
  return startPeriodic(boss, queues.feedRefresh, { everyMs: 60_000, log: opts.log }, () =>
    refreshDueFeeds(deps, { staleAfterMs }),
  );
}
