import { createHash } from 'node:crypto';
import { feedErrorCodes, libraryLimits, type FeedErrorCode, type FeedFetchStatus } from '@fitpost/contract';
import { and, eq } from 'drizzle-orm';
import { anyOf } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { contentItems, feeds } from '../../db/schema-library.js';
import { metrics } from '../../lib/metrics.js';
import { claimSettingsOf, warningsWith } from '../organisation/health-claims.js';
import { fetchFeed, FeedFetchError, type FetchedFeedItem } from './fetch/index.js';

export interface FeedsDeps {
  db: Db;
  /** How the fetcher may reach feeds (FITPOST_FEEDS_ALLOW_LOOPBACK) and how long it waits. */
  fetch: { allowLoopback: boolean; timeoutMs?: number };
  now?: () => Date;
  /** Where failures that are FitPost's own fault (not the feed's) are reported. */
  logError?: (message: string, err: unknown) => void;
}

export type FeedRow = typeof feeds.$inferSelect;

/** What one refresh of one feed gave (GET /api/feed/consume reports one per feed). */
interface FeedRefreshOutcome {
  feedId: string;
  name: string;
  isSystem: boolean;
  status: FeedFetchStatus;
  imported: number;
  errorCode: FeedErrorCode | null;
  error: string | null;
}

export const clock = (deps: Pick<FeedsDeps, 'now'>) => deps.now?.() ?? new Date();

/** Rows per insert statement: 14 values each stays far below PostgreSQL's 65,535 parameters. */
const insertChunk = 500;
/** Longer guids are stored as their SHA-256, so the (feed, guid) index never sees an oversized key. */
const maxGuidLength = 500;

const untitled = 'Untitled';
const shortenTitle = (title: string) =>
  title.length > libraryLimits.titleMaxLength
    ? `${title.slice(0, libraryLimits.titleMaxLength - 1)}…`
    : title;

/** The key an item is deduplicated on within its feed. */
function itemKey(item: Pick<FetchedFeedItem, 'guid'>): string {
  return item.guid.length > maxGuidLength
    ? `sha256:${createHash('sha256').update(item.guid).digest('hex')}`
    : item.guid;
}

/**
 * Turns fetched items into content rows of `feed`: private to the member who owns the feed, or the
 * portal's for a system feed. A date in the future is clamped to now, so no feed can pin its items
 * to the top of the library.
 */
function contentRows(feed: FeedRow, items: FetchedFeedItem[], now: Date) {
  const seen = new Set<string>();
  return items.flatMap((item) => {
    const key = itemKey(item);
    if (!key || seen.has(key)) return [];
    seen.add(key);
    const title = item.title.trim() || item.summary.trim().slice(0, 80) || untitled;
    const published = item.publishedAt && item.publishedAt.getTime() < now.getTime() ? item.publishedAt : now;
    return [
      {
        portalId: feed.portalId,
        type: 'feed' as const,
        title: shortenTitle(title),
        body: item.summary,
        imageUrl: item.imageUrl,
        link: item.link,
        feedId: feed.id,
        feedGuid: key,
        ownerId: feed.isSystem ? null : feed.userId,
        publishedAt: published,
        createdAt: now,
        updatedAt: now,
      },
    ];
  });
}

/**
 * Stores the items not seen before (by guid within the feed); returns how many were new. The feed's
 * known guids are read first (its unique index), so only new items are checked for health claims
 * (issue 30: stored like an admin's item's, for the admin's "has warnings" filter) and inserted: a
 * feed read again costs one index read. The insert still skips a guid another refresh stored
 * meanwhile. The portal's rules are read and held (claimSettingsOf's `lock`) in the import's
 * transaction: a change of rules either waits for the import and then rechecks its items, or came
 * first and is what they were checked with.
 */
async function importItems(db: Db, feed: FeedRow, items: FetchedFeedItem[], now: Date) {
  const rows = contentRows(feed, items, now);
  if (rows.length === 0) return 0;
  const known = await db
    .select({ guid: contentItems.feedGuid })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.feedId, feed.id),
        anyOf(
          contentItems.feedGuid,
          rows.map((row) => row.feedGuid),
        ),
      ),
    );
  const seen = new Set(known.map((row) => row.guid));
  const fresh = rows.filter((row) => !seen.has(row.feedGuid));
  if (fresh.length === 0) return 0;
  const settings = await claimSettingsOf(db, feed.portalId, { lock: true });
  const checked = fresh.map((row) => ({ ...row, claimWarnings: warningsWith(settings, [row.body]) }));
  let imported = 0;
  for (let i = 0; i < checked.length; i += insertChunk) {
    const inserted = await db
      .insert(contentItems)
      .values(checked.slice(i, i + insertChunk))
      .onConflictDoNothing({ target: [contentItems.feedId, contentItems.feedGuid] })
      .returning({ id: contentItems.id });
    imported += inserted.length;
  }
  return imported;
}

const isFeedErrorCode = (code: string): code is FeedErrorCode =>
  (feedErrorCodes as readonly string[]).includes(code);

const ownFault = 'FitPost could not read this feed because of a problem on our side. Please try again later.';

/**
 * Fetches one feed (conditional GET with what the last fetch stored), imports its new items and
 * records the outcome on the feed — status, time, error, ETag and Last-Modified — in one
 * transaction with the items. A failure is stored on the feed and returned; it never throws.
 */
export async function refreshFeed(deps: FeedsDeps, feed: FeedRow): Promise<FeedRefreshOutcome> {
  const outcome = (
    status: FeedFetchStatus,
    imported: number,
    errorCode: FeedErrorCode | null,
    error: string | null,
  ) => {
    metrics.feedRefreshes.inc({ status, error_code: errorCode ?? '' });
    return { feedId: feed.id, name: feed.name, isSystem: feed.isSystem, status, imported, errorCode, error };
  };
  try {
    const result = await fetchFeed(feed.url, {
      ...deps.fetch,
      etag: feed.etag,
      lastModified: feed.lastModified,
    });
    const now = clock(deps);
    const fetched = { lastFetchedAt: now, lastErrorCode: null, lastError: null };
    if (result.status === 'not_modified') {
      await deps.db
        .update(feeds)
        .set({ ...fetched, lastStatus: 'not_modified' })
        .where(eq(feeds.id, feed.id));
      return outcome('not_modified', 0, null, null);
    }
    const imported = await deps.db.transaction(async (tx) => {
      const count = await importItems(tx, feed, result.items, now);
      await tx
        .update(feeds)
        .set({ ...fetched, lastStatus: 'ok', etag: result.etag, lastModified: result.lastModified })
        .where(eq(feeds.id, feed.id));
      return count;
    });
    return outcome('ok', imported, null, null);
  } catch (err) {
    const known = err instanceof FeedFetchError && isFeedErrorCode(err.code);
    if (!known) deps.logError?.(`feed ${feed.id} refresh failed`, err);
    const errorCode = known ? err.code : null;
    const error = known ? err.message : ownFault;
    await deps.db
      .update(feeds)
      .set({ lastFetchedAt: clock(deps), lastStatus: 'error', lastErrorCode: errorCode, lastError: error })
      .where(eq(feeds.id, feed.id));
    return outcome('error', 0, errorCode, error);
  }
}
