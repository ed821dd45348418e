import {
  libraryMessages,
  type ContentItem,
  type ContentPage,
  type ContentSortField,
} from '@fitpost/contract';
import { asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { media, users } from '../../db/schema.js';
import {
  brands,
  contentItems,
  contentSearch,
  contentTags,
  favorites,
  feeds,
  tags,
} from '../../db/schema-library.js';
import { posts, postTargets } from '../../db/schema-posts.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { feedImageUrl } from '../feeds/image-proxy.js';
import { mediaUrl } from '../media/service.js';
import { clock, contentActiveAt, contentVisibleTo, type LibraryDeps } from './access.js';
import {
  allOf,
  countMatches,
  keywordMatch,
  searchMatches,
  searchWhere,
  type ContentSearch,
} from './search-where.js';
import { col, valueList } from '../../db/sql-helpers.js';
import { anyOf } from '../../db/bulk.js';
import { prefixQuery, rankedPageIds, searchByDate } from './relevance.js';

export type { ContentSearch };

/** Target states that mean "waiting to go out" (the Scheduled label) and "went out" (Posted). */
const waitingStates = ['scheduled', 'publishing', 'unknown'] as const;

/** The keyword's words: letters and digits only, so no input can break `to_tsquery`'s syntax; at most 12. */
function keywordWords(text: string | undefined): string[] {
  const words = text?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, 12);
}

/**
 * The keyword as a prefix query over English stems: every word must match the start of a word
 * (`squ lun` finds "Squats and lunges"). Null when nothing searchable is left.
 */
export function keywordQuery(text: string | undefined): string | null {
  const words = keywordWords(text);
  return words.length > 0 ? prefixQuery(words) : null;
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

function ordering(q: ContentSearch, field: ContentSortField): SQL[] {
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
      // With a keyword, rankedPageIds orders by group; without one there is nothing to rank.
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
  const words = keywordWords(q.q);
  const tsQuery = words.length > 0 ? sql`to_tsquery('english', ${prefixQuery(words)})` : null;
  const { access, filters } = searchWhere(actor, q, now, c);
  const where = allOf([access, ...filters, ...(tsQuery ? [keywordMatch(tsQuery, c)] : [])]);
  const field = sortField(q, tsQuery);
  const offset = (q.page - 1) * q.pagesize;
  // The page's ids first, from narrow rows, then the cards for just those: the wide columns and
  // the caller's flags are read for one page, not for every match. The total is its own statement,
  // on another connection where there is a pool.
  const counted = countMatches(deps.db, actor, q, now, tsQuery);
  const pageIds = async () => {
    // A keyword's pages by relevance or date are read off the narrow search rows alone.
    if (tsQuery && (field === 'relevance' || field === 'date')) {
      const matches = searchMatches(actor, q, now, tsQuery);
      const down = q.desc ?? descendingByDefault[field];
      if (field === 'relevance')
        return rankedPageIds({ db: deps.db, tsQuery, matches, best: down, offset, limit: q.pagesize });
      const rows = await deps.db
        .select({ id: contentSearch.contentId })
        .from(contentSearch)
        .where(matches)
        .orderBy(...searchByDate(down))
        .limit(q.pagesize)
        .offset(offset);
      return rows.map((r) => r.id);
    }
    const ids = deps.db.select({ id: c.id }).from(c);
    const rows = await (field === 'brand' ? ids.leftJoin(brands, eq(brands.id, c.brandId)) : ids)
      .where(where)
      .orderBy(...ordering(q, field))
      .limit(q.pagesize)
      .offset(offset);
    return rows.map((r) => r.id);
  };
  const [page, total] = await Promise.all([pageIds(), counted]);
  const cards = page.length ? await cardQuery(deps, actor, now).where(anyOf(c.id, page)) : [];
  const byId = new Map(cards.map((card) => [card.id, card]));
  return {
    items: page.flatMap((id) => {
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
