import {
  libraryMessages,
  type ContentItem,
  type ContentPage,
  type ContentSortField,
  type contentSearchQuery,
} from '@fitpost/contract';
import { asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { media, users } from '../../db/schema.js';
import { brands, contentItems, contentTags, favorites, feeds, tags } from '../../db/schema-library.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { feedImageUrl } from '../feeds/image-proxy.js';
import { mediaUrl } from '../media/service.js';
import { clock, contentActiveAt, contentVisibleTo, type LibraryDeps } from './access.js';
import { col, valueList } from '../../db/sql-helpers.js';

export type ContentSearch = z.output<typeof contentSearchQuery>;

/** Target states that mean "waiting to go out" (the Scheduled label) and "went out" (Posted). */
const waitingStates = ['scheduled', 'publishing', 'unknown'] as const;

/**
 * The keyword as a prefix query over English stems: every word must match the start of a word
 * (`squ lun` finds "Squats and lunges"). Only letters and digits reach `to_tsquery`, so no input
 * can break its syntax. Null when nothing searchable is left.
 */
export function keywordQuery(text: string | undefined): string | null {
  const words = text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, 12);
  return unique.length > 0 ? unique.map((w) => `${w}:*`).join(' & ') : null;
}

const c = contentItems;

/** The caller's own flags, answered in the same statement as the items (no query per card). */
function callerFlags(actor: Actor) {
  const usedIn = (states: readonly string[]) =>
    sql<boolean>`exists(select 1 from ${posts} join ${postTargets} on ${col(postTargets.postId)} = ${col(posts.id)} where ${col(posts.userId)} = ${actor.userId} and ${col(posts.contentId)} = ${col(c.id)} and ${col(postTargets.status)} in ${valueList(states)})`;
  return {
    favorite: sql<boolean>`exists(select 1 from ${favorites} where ${col(favorites.userId)} = ${actor.userId} and ${col(favorites.contentId)} = ${col(c.id)})`,
    scheduled: usedIn(waitingStates),
    posted: usedIn(['published']),
  };
}

type TagRef = { id: string; name: string; searchable: boolean };

/** The item's tags as one JSON array; members see searchable ones only. */
function tagList(actor: Actor) {
  const onlySearchable = actor.isAdmin ? sql`` : sql` and ${col(tags.searchable)}`;
  return sql<
    TagRef[]
  >`coalesce((select json_agg(json_build_object('id', ${col(tags.id)}, 'name', ${col(tags.name)}, 'searchable', ${col(tags.searchable)}) order by lower(${col(tags.name)})) from ${contentTags} join ${tags} on ${col(tags.id)} = ${col(contentTags.tagId)} where ${col(contentTags.contentId)} = ${col(c.id)}${onlySearchable}), '[]'::json)`;
}

/** Builds the WHERE of a library search: visibility, window, and every filter asked for. */
function conditions(actor: Actor, q: ContentSearch, now: Date, tsQuery: SQL | null): SQL[] {
  const where: SQL[] = [contentVisibleTo(actor)];
  if (q.include === 'active') where.push(contentActiveAt(now));
  if (tsQuery) where.push(sql`${col(c.search)} @@ ${tsQuery}`);
  if (q.brandId) where.push(eq(c.brandId, q.brandId));
  if (q.type) where.push(eq(c.type, q.type));
  if (q.feedId) where.push(eq(c.feedId, q.feedId));
  if (q.recommended !== undefined) where.push(eq(c.recommended, q.recommended));
  if (q.hasWarnings !== undefined)
    where.push(
      q.hasWarnings ? sql`${c.claimWarnings} <> '[]'::jsonb` : sql`${c.claimWarnings} = '[]'::jsonb`,
    );
  if (q.favorites !== undefined) {
    const isFavorite = callerFlags(actor).favorite;
    where.push(q.favorites ? isFavorite : sql`not ${isFavorite}`);
  }
  // Members filter by searchable tags only; a hidden tag simply matches nothing for them.
  const searchableOnly = actor.isAdmin ? sql`` : sql` and ${col(tags.searchable)}`;
  for (const tagId of q.tagIds ?? []) {
    where.push(
      sql`exists(select 1 from ${contentTags} join ${tags} on ${col(tags.id)} = ${col(contentTags.tagId)} where ${col(contentTags.contentId)} = ${col(c.id)} and ${col(contentTags.tagId)} = ${tagId}${searchableOnly})`,
    );
  }
  return where;
}

/** Natural direction of each sort: dates and relevance newest/best first, names A→Z. */
const descendingByDefault: Record<ContentSortField, boolean> = {
  date: true,
  title: false,
  brand: false,
  recommended: true,
  relevance: true,
  updated: true,
};

/** The sort asked for; with a keyword and no sort, best match first. */
const sortField = (q: ContentSearch, tsQuery: SQL | null): ContentSortField =>
  q.sort ?? (tsQuery ? 'relevance' : 'date');

function ordering(q: ContentSearch, field: ContentSortField, tsQuery: SQL | null): SQL[] {
  const down = q.desc ?? descendingByDefault[field];
  const dir = (e: SQLWrapper) => (down ? desc(e) : asc(e));
  // Exactly the order of the (portal, published_at desc nulls last, id) index, nulls clause and
  // tie-break included, so the newest page is read straight off it (backwards for the oldest).
  const newest = [sql`${c.publishedAt} desc nulls last`, asc(c.id)];
  switch (field) {
    case 'title':
      return [dir(c.title), ...newest];
    case 'brand':
      return [down ? sql`${brands.name} desc nulls last` : sql`${brands.name} asc nulls last`, ...newest];
    case 'recommended':
      return [dir(sql`${c.recommended}`), ...newest];
    case 'relevance':
      if (tsQuery) return [dir(sql`ts_rank(${c.search}, ${tsQuery})`), ...newest];
      return newest;
    case 'date':
      return down ? newest : [sql`${c.publishedAt} asc nulls first`, desc(c.id)];
    case 'updated':
      return [dir(c.updatedAt), ...newest];
  }
}

/** The columns a content card needs, with the caller's flags, for one statement. */
function cardColumns(actor: Actor, now: Date) {
  return {
    id: c.id,
    type: c.type,
    title: c.title,
    body: c.body,
    mediaId: c.mediaId,
    mediaMimeType: media.mimeType,
    imageUrl: c.imageUrl,
    link: c.link,
    brandId: brands.id,
    brandName: brands.name,
    feedId: feeds.id,
    feedName: feeds.name,
    feedIsSystem: feeds.isSystem,
    activeFrom: c.activeFrom,
    activeUntil: c.activeUntil,
    active: sql<boolean>`${contentActiveAt(now)}`,
    recommended: c.recommended,
    claimWarnings: c.claimWarnings,
    createdById: users.id,
    createdByName: users.fullName,
    publishedAt: c.publishedAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    tags: tagList(actor),
    ...callerFlags(actor),
  };
}

/** An item as the caller sees it: an allowlist of fields. */
function presentCard(publicUrl: string, row: CardRow): ContentItem {
  // An outside picture (a feed item's) is loaded through FitPost, never from its publisher.
  const graphicUrl =
    row.mediaId && row.mediaMimeType
      ? mediaUrl(publicUrl, { id: row.mediaId, mimeType: row.mediaMimeType })
      : row.imageUrl && feedImageUrl(publicUrl, row.id);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    mediaId: row.mediaId,
    graphicUrl: graphicUrl ?? null,
    link: row.link,
    brand: row.brandId && row.brandName ? { id: row.brandId, name: row.brandName } : null,
    tags: row.tags,
    feed:
      row.feedId && row.feedName !== null && row.feedIsSystem !== null
        ? { id: row.feedId, name: row.feedName, isSystem: row.feedIsSystem }
        : null,
    activeFrom: row.activeFrom?.toISOString() ?? null,
    activeUntil: row.activeUntil?.toISOString() ?? null,
    active: row.active,
    recommended: row.recommended,
    createdBy:
      row.createdById && row.createdByName ? { id: row.createdById, fullName: row.createdByName } : null,
    publishedAt: row.publishedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    favorite: row.favorite,
    scheduled: row.scheduled,
    posted: row.posted,
    warnings: row.claimWarnings,
  };
}

type CardRow = Awaited<ReturnType<typeof cardQuery>>[number];

function cardQuery(deps: LibraryDeps, actor: Actor, now: Date) {
  return deps.db
    .select(cardColumns(actor, now))
    .from(c)
    .leftJoin(brands, eq(brands.id, c.brandId))
    .leftJoin(feeds, eq(feeds.id, c.feedId))
    .leftJoin(users, eq(users.id, c.createdBy))
    .leftJoin(media, eq(media.id, c.mediaId));
}

/**
 * Library search (Browse Library, Content Repository, favourites): keyword, brand, tags, type,
 * feed, recommended and favourites, paged and sorted, each card with the caller's Scheduled,
 * Posted and favourite flags. Members see the active window only.
 */
export async function searchContent(deps: LibraryDeps, actor: Actor, q: ContentSearch): Promise<ContentPage> {
  if (q.include === 'all' && !actor.isAdmin) throw forbidden(libraryMessages.allContentAdminOnly);
  const now = clock(deps);
  const keyword = keywordQuery(q.q);
  const tsQuery = keyword ? sql`to_tsquery('english', ${keyword})` : null;
  const where = sql.join(conditions(actor, q, now, tsQuery), sql` and `);
  const field = sortField(q, tsQuery);
  const order = ordering(q, field, tsQuery);
  // Ranking reads every match anyway, so that pass also counts them; other orders are read off an
  // index a page at a time and counted separately (an index-only scan).
  const countInPass = field === 'relevance' && tsQuery !== null;
  const countAll = () => deps.db.select({ n: count() }).from(c).where(where);
  // The page's ids first, from narrow rows, then the cards for just those: the wide columns and
  // the caller's flags are read for one page, not for every match.
  const ids = deps.db
    .select({ id: c.id, matches: countInPass ? sql<number>`(count(*) over ())::int` : sql<number>`0` })
    .from(c);
  const [page, counted] = await Promise.all([
    (field === 'brand' ? ids.leftJoin(brands, eq(brands.id, c.brandId)) : ids)
      .where(where)
      .orderBy(...order)
      .limit(q.pagesize)
      .offset((q.page - 1) * q.pagesize),
    countInPass ? null : countAll(),
  ]);
  let total = countInPass ? (page[0]?.matches ?? 0) : (counted?.[0]?.n ?? 0);
  // A ranked page past the end carries no count: ask for it.
  if (countInPass && page.length === 0 && q.page > 1) total = (await countAll())[0]?.n ?? 0;
  const cards = page.length
    ? await cardQuery(deps, actor, now).where(
        inArray(
          c.id,
          page.map((p) => p.id),
        ),
      )
    : [];
  const byId = new Map(cards.map((card) => [card.id, card]));
  return {
    items: page.flatMap(({ id }) => {
      const card = byId.get(id);
      return card ? [presentCard(deps.publicUrl, card)] : [];
    }),
    total,
    page: q.page,
    pageSize: q.pagesize,
  };
}

/** One item the caller may see (admins: also outside its active window); others are "not found". */
export async function getContent(deps: LibraryDeps, actor: Actor, id: string): Promise<ContentItem> {
  const now = clock(deps);
  const where = [contentVisibleTo(actor), eq(c.id, id)];
  if (!actor.isAdmin) where.push(contentActiveAt(now));
  const [row] = await cardQuery(deps, actor, now).where(sql.join(where, sql` and `));
  if (!row) throw notFound('Content');
  return presentCard(deps.publicUrl, row);
}
