import {
  libraryMessages,
  systemUserId,
  type Feed,
  type FeedConsumeResult,
  type feedListQuery,
  type feedUpsert,
} from '@fitpost/contract';
import { and, asc, desc, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { users } from '../../db/schema.js';
import { contentItems, feeds } from '../../db/schema-library.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { col } from '../../db/sql-helpers.js';
import { clock, refreshFeed, type FeedRow, type FeedsDeps } from './import.js';

type Upsert = z.output<typeof feedUpsert>;
type ListQuery = z.output<typeof feedListQuery>;

/** Feeds fetched at once by one consume call. */
const consumeConcurrency = 4;
/**
 * A system feed fetched this recently is not fetched again when a member signs in: every member
 * of a portal shares it, and sign-ins must not hammer its server. Admins always refresh it.
 */
const systemFeedFreshMs = 5 * 60_000;

const itemCount = sql<number>`(select count(*)::int from ${contentItems} where ${col(contentItems.feedId)} = ${col(feeds.id)})`;

function feedQuery(deps: FeedsDeps) {
  return deps.db.select({ ...getTableColumns(feeds), itemCount }).from(feeds);
}

/** A feed as spec §3 names it, plus its last fetch: an allowlist (never the ETag and such). */
function presentFeed(row: FeedRow & { itemCount: number }): Feed {
  return {
    id: row.id,
    portalId: row.portalId,
    name: row.name,
    url: row.url,
    description: row.description,
    isActive: row.isActive,
    userId: row.userId ?? systemUserId,
    isSystem: row.isSystem,
    thumbnailUrl: row.thumbnailUrl,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastErrorCode: row.lastErrorCode,
    lastError: row.lastError,
    itemCount: row.itemCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Whether `userId` is a member of the caller's portal. */
async function portalMember(deps: FeedsDeps, actor: Actor, userId: string) {
  const [found] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.portalId, actor.portalId)));
  return Boolean(found);
}

/**
 * GET /api/feed (spec §7): without `userid`, the caller's feeds and the portal's system feeds;
 * with the all-zero id, system feeds; with a member's id, that member's (themself, or an admin).
 */
export async function listFeeds(deps: FeedsDeps, actor: Actor, q: ListQuery): Promise<Feed[]> {
  if (q.portalid !== undefined && q.portalid !== actor.portalId)
    throw forbidden(libraryMessages.feedOtherPortal);
  const where: (SQL | undefined)[] = [eq(feeds.portalId, actor.portalId)];
  if (q.userid === undefined) where.push(or(eq(feeds.isSystem, true), eq(feeds.userId, actor.userId)));
  else if (q.userid === systemUserId) where.push(eq(feeds.isSystem, true));
  else {
    if (q.userid !== actor.userId && !actor.isAdmin) throw forbidden(libraryMessages.feedOtherMember);
    where.push(eq(feeds.userId, q.userid));
  }
  if (q.active !== undefined) where.push(eq(feeds.isActive, q.active));
  const rows = await feedQuery(deps)
    .where(and(...where))
    .orderBy(desc(feeds.isSystem), asc(sql`lower(${feeds.name})`), asc(feeds.id));
  return rows.map(presentFeed);
}

async function getFeed(deps: FeedsDeps, id: string) {
  const [row] = await feedQuery(deps).where(eq(feeds.id, id));
  if (!row) throw notFound('Feed');
  return presentFeed(row);
}

/**
 * Who the feed belongs to after this upsert: null for a system feed (admins only), else a member
 * of the portal — the caller, or for admins anyone in their portal.
 */
async function resolveOwner(deps: FeedsDeps, actor: Actor, input: Upsert): Promise<string | null> {
  if (input.isSystem) {
    requireAdmin(actor, libraryMessages.systemFeedAdminOnly);
    if (input.userId !== undefined && input.userId !== systemUserId)
      throw new AppError('validation', libraryMessages.systemFeedUser);
    return null;
  }
  const owner = input.userId ?? actor.userId;
  if (owner === actor.userId) return owner;
  if (owner === systemUserId) throw new AppError('validation', libraryMessages.systemFeedUser);
  requireAdmin(actor, libraryMessages.feedOtherMember);
  if (!(await portalMember(deps, actor, owner))) throw notFound('User');
  return owner;
}

/**
 * A feed the caller may change: their own, or (admins) any of the portal's. A member asking for a
 * system feed is told it is for admins; anyone else's feed is "not found".
 */
async function loadManageable(deps: FeedsDeps, actor: Actor, id: string): Promise<FeedRow> {
  const [row] = await deps.db
    .select()
    .from(feeds)
    .where(and(eq(feeds.id, id), eq(feeds.portalId, actor.portalId)));
  if (!row) throw notFound('Feed');
  if (actor.isAdmin || row.userId === actor.userId) return row;
  if (row.isSystem) throw forbidden(libraryMessages.systemFeedAdminOnly);
  throw notFound('Feed');
}

/** Adds a feed: a member's own, or (admins) a system feed for the whole portal. */
export async function createFeed(deps: FeedsDeps, actor: Actor, input: Upsert): Promise<Feed> {
  if (input.id) throw new AppError('validation', libraryMessages.idOnCreate);
  const owner = await resolveOwner(deps, actor, input);
  const now = clock(deps);
  const [row] = await deps.db
    .insert(feeds)
    .values({
      portalId: actor.portalId,
      userId: owner,
      isSystem: input.isSystem,
      name: input.name,
      url: input.url,
      description: input.description,
      isActive: input.isActive,
      thumbnailUrl: input.thumbnailUrl,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: feeds.id });
  if (!row) throw new Error('feed insert returned no row');
  return getFeed(deps, row.id);
}

/**
 * Changes a feed. A new address forgets the old one's ETag and Last-Modified; a change of owner
 * (member ↔ system) moves the visibility of the items already imported with it.
 */
export async function updateFeed(deps: FeedsDeps, actor: Actor, id: string, input: Upsert): Promise<Feed> {
  if (input.id && input.id !== id) throw new AppError('validation', libraryMessages.idMismatch);
  const existing = await loadManageable(deps, actor, id);
  const owner = await resolveOwner(deps, actor, input);
  const urlChanged = existing.url !== input.url;
  await deps.db.transaction(async (tx) => {
    await tx
      .update(feeds)
      .set({
        userId: owner,
        isSystem: input.isSystem,
        name: input.name,
        url: input.url,
        description: input.description,
        isActive: input.isActive,
        thumbnailUrl: input.thumbnailUrl,
        updatedAt: clock(deps),
        ...(urlChanged ? { etag: null, lastModified: null } : {}),
      })
      .where(eq(feeds.id, id));
    if (owner !== existing.userId)
      await tx.update(contentItems).set({ ownerId: owner }).where(eq(contentItems.feedId, id));
  });
  return getFeed(deps, id);
}

/** Deletes a feed and the content imported from it. */
export async function deleteFeed(deps: FeedsDeps, actor: Actor, id: string) {
  await loadManageable(deps, actor, id);
  await deps.db.delete(feeds).where(eq(feeds.id, id));
}

/**
 * GET /api/feed/consume/{userId} (spec §4, §7): refreshes that member's active feeds and their
 * portal's active system feeds, importing new items. Only the member themself or an admin of the
 * portal may ask. Each feed's failure is reported (and stored on it), never thrown.
 */
export async function consumeFeeds(
  deps: FeedsDeps,
  actor: Actor,
  userId: string,
): Promise<FeedConsumeResult> {
  if (userId !== actor.userId) {
    requireAdmin(actor, libraryMessages.consumeOtherMember);
    if (!(await portalMember(deps, actor, userId))) throw notFound('User');
  }
  const rows = await deps.db
    .select()
    .from(feeds)
    .where(
      and(
        eq(feeds.portalId, actor.portalId),
        eq(feeds.isActive, true),
        or(eq(feeds.userId, userId), and(eq(feeds.isSystem, true), isNull(feeds.userId))),
      ),
    )
    .orderBy(desc(feeds.isSystem), asc(feeds.name));
  const freshSince = clock(deps).getTime() - systemFeedFreshMs;
  const outcomes = await pLimit(consumeConcurrency).map(rows, (feed) => {
    const fresh = feed.isSystem && !actor.isAdmin && (feed.lastFetchedAt?.getTime() ?? 0) > freshSince;
    // A fresh failure is tried again: the feed's server may be back.
    if (fresh && feed.lastStatus && feed.lastStatus !== 'error') {
      return Promise.resolve({
        feedId: feed.id,
        name: feed.name,
        isSystem: true,
        status: feed.lastStatus,
        imported: 0,
        errorCode: feed.lastErrorCode,
        error: feed.lastError,
      });
    }
    return refreshFeed(deps, feed);
  });
  return { feeds: outcomes, imported: outcomes.reduce((sum, o) => sum + o.imported, 0) };
}
