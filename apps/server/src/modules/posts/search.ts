import {
  calendarLimits,
  type CalendarPosts,
  type calendarQuery,
  type postSearchQuery,
} from '@fitpost/contract';
import { and, asc, count, desc, eq, exists, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { anyOf } from '../../db/bulk.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import type { Actor } from '../auth/sessions.js';
import { derivePostStatus, excerpt, postStatusSql, presentPost } from './presenter.js';

type SearchQuery = z.output<typeof postSearchQuery>;

/**
 * The caller's posts, filtered by status (any of several), network, library item and date range,
 * ordered by scheduled time (drafts without a time last), paged. The status is derived from the
 * targets, so the database computes it per post before filtering and paging.
 */
export async function listPosts(db: Db, actor: Actor, q: SearchQuery) {
  const where: SQL[] = [eq(posts.userId, actor.userId)];
  if (q.from) where.push(gte(posts.scheduledAt, new Date(q.from)));
  if (q.to) where.push(lte(posts.scheduledAt, new Date(q.to)));
  if (q.contentId) where.push(eq(posts.contentId, q.contentId));
  if (q.network) {
    where.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(postTargets)
          .where(and(eq(postTargets.postId, posts.id), eq(postTargets.network, q.network))),
      ),
    );
  }
  const matching = db
    .select({
      id: posts.id,
      scheduledAt: posts.scheduledAt,
      createdAt: posts.createdAt,
      status: postStatusSql().as('status'),
    })
    .from(posts)
    .where(and(...where))
    .as('matching');
  const statusFilter = q.status ? inArray(matching.status, q.status) : undefined;
  const byTime =
    q.order === 'asc'
      ? sql`${matching.scheduledAt} asc nulls last`
      : sql`${matching.scheduledAt} desc nulls last`;
  // The total rides along with the page (one pass over the member's posts); only a page past the
  // end, which has no rows to carry it, needs a count of its own.
  const page = await db
    .select({ id: matching.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matching)
    .where(statusFilter)
    .orderBy(byTime, desc(matching.createdAt), asc(matching.id))
    .limit(q.pagesize)
    .offset((q.page - 1) * q.pagesize);
  let total = page[0]?.total ?? 0;
  if (page.length === 0 && q.page > 1) {
    const [counted] = await db.select({ n: count() }).from(matching).where(statusFilter);
    total = counted?.n ?? 0;
  }
  const items = await loadPosts(
    db,
    page.map((p) => p.id),
  );
  return { items, total, page: q.page, pageSize: q.pagesize };
}

/** Posts with their targets, in the order of `ids`. */
async function loadPosts(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  const [rows, targets] = await Promise.all([
    db.select().from(posts).where(anyOf(posts.id, ids)),
    db
      .select()
      .from(postTargets)
      .where(anyOf(postTargets.postId, ids))
      .orderBy(postTargets.network, postTargets.id),
  ]);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const byPost = Map.groupBy(targets, (t) => t.postId);
  return ids.flatMap((id) => {
    const post = byId.get(id);
    return post ? [presentPost(post, byPost.get(id) ?? [])] : [];
  });
}

/**
 * The caller's posts scheduled in [from, to) in the calendar's compact shape, earliest first.
 * Two index range scans: posts by (user, scheduled time), then their targets by post.
 */
export async function calendarPosts(
  db: Db,
  actor: Actor,
  q: z.output<typeof calendarQuery>,
): Promise<CalendarPosts> {
  // A few more characters than the excerpt needs, so the body never travels whole.
  const head = sql<string>`left(${posts.body}, ${calendarLimits.excerptLength * 4})`;
  const rows = await db
    .select({
      id: posts.id,
      head,
      hasMedia: sql<boolean>`${posts.mediaId} is not null`,
      scheduledAt: posts.scheduledAt,
    })
    .from(posts)
    .where(
      and(
        eq(posts.userId, actor.userId),
        gte(posts.scheduledAt, new Date(q.from)),
        lt(posts.scheduledAt, new Date(q.to)),
      ),
    )
    .orderBy(asc(posts.scheduledAt), asc(posts.id))
    .limit(calendarLimits.maxPosts + 1);
  const shown = rows.slice(0, calendarLimits.maxPosts);
  const targets = shown.length
    ? await db
        .select({
          id: postTargets.id,
          postId: postTargets.postId,
          network: postTargets.network,
          accountName: postTargets.accountName,
          status: postTargets.status,
          remoteUrl: postTargets.remoteUrl,
        })
        .from(postTargets)
        .where(
          anyOf(
            postTargets.postId,
            shown.map((p) => p.id),
          ),
        )
        .orderBy(postTargets.network, postTargets.id)
    : [];
  const byPost = Map.groupBy(targets, (t) => t.postId);
  return {
    items: shown.flatMap((p) => {
      // The range filter already keeps out posts without a time.
      if (!p.scheduledAt) return [];
      const own = byPost.get(p.id) ?? [];
      return {
        id: p.id,
        excerpt: excerpt(p.head, calendarLimits.excerptLength),
        hasMedia: p.hasMedia,
        scheduledAt: p.scheduledAt.toISOString(),
        status: derivePostStatus(own),
        targets: own.map((t) => ({
          id: t.id,
          network: t.network,
          accountName: t.accountName,
          status: t.status,
          remoteUrl: t.remoteUrl,
        })),
      };
    }),
    truncated: rows.length > calendarLimits.maxPosts,
  };
}
