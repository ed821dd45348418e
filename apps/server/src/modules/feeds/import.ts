import { createHash } from 'node:crypto';
import { feedErrorCodes, libraryLimits, type FeedErrorCode, type FeedFetchStatus } from '@fitpost/contract';
import { eq, sql } from 'drizzle-orm';
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

/** Rows per insert statement: 13 values each stays far below PostgreSQL's 65,535 parameters. */
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
 * Stores the items not seen before (by guid within the feed); returns how many were new. The new
 * items' health claims are stored like an admin's item's (issue 30), so the admin's list can
 * filter on them: checked once they are known to be new, so a feed read again costs no checks,
 * and written by one more statement only when some item has a claim.
 */
async function importItems(db: Db, feed: FeedRow, items: FetchedFeedItem[], now: Date) {
  const rows = contentRows(feed, items, now);
  const inserted: { id: string; feedGuid: string | null }[] = [];
  for (let i = 0; i < rows.length; i += insertChunk) {
    inserted.push(
      ...(await db
        .insert(contentItems)
        .values(rows.slice(i, i + insertChunk))
        .onConflictDoNothing({ target: [contentItems.feedId, contentItems.feedGuid] })
        .returning({ id: contentItems.id, feedGuid: contentItems.feedGuid })),
    );
  }
  if (inserted.length > 0) await storeClaimWarnings(db, feed.portalId, rows, inserted);
  return inserted.length;
}

/**
 * The health-claim warnings of the items just inserted, with the portal's rules read (and held,
 * claimSettingsOf's `lock`) in the import's transaction: a change of rules either waits for the
 * import and then rechecks its items, or came first and is what they were checked with.
 */
async function storeClaimWarnings(
  db: Db,
  portalId: number,
  rows: ReturnType<typeof contentRows>,
  inserted: { id: string; feedGuid: string | null }[],
) {
  const settings = await claimSettingsOf(db, portalId, { lock: true });
  const bodyOf = new Map(rows.map((row) => [row.feedGuid, row.body]));
  const flagged = inserted.flatMap(({ id, feedGuid }) => {
    const warnings = warningsWith(settings, [bodyOf.get(feedGuid ?? '') ?? '']);
    return warnings.length > 0 ? [{ id, warnings }] : [];
  });
  if (flagged.length === 0) return;
  await db.execute(sql`update ${contentItems} c set claim_warnings = x.warnings
    from jsonb_to_recordset(${JSON.stringify(flagged)}::jsonb) as x(id uuid, warnings jsonb)
    where c.id = x.id`);
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
