import type { contentSearchQuery } from '@fitpost/contract';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/bulk.js';
import { contentItems, contentSearch, contentTags, favorites, tags } from '../../db/schema-library.js';
import { col } from '../../db/sql-helpers.js';
import type { Actor } from '../auth/sessions.js';
import { contentActiveAt, contentVisibleTo } from './access.js';

export type ContentSearch = z.output<typeof contentSearchQuery>;

/** The table a search statement reads: the items themselves, or their narrow search rows. */
export type SearchTable = typeof contentItems | typeof contentSearch;
const idOf = (t: SearchTable) => ('contentId' in t ? t.contentId : t.id);

/** The parts of a library search's WHERE over one table. */
export interface SearchWhere {
  /** Who may see what: the caller's portal, not another member's feed item, inside its window. */
  access: SQL;
  /** Every filter asked for but the keyword: brand, type, feed, recommended, warnings, favourites, tags. */
  filters: SQL[];
}

/** Builds the WHERE of a library search over `t` (both tables carry every column it reads). */
export function searchWhere(actor: Actor, q: ContentSearch, now: Date, t: SearchTable): SearchWhere {
  const id = col(idOf(t));
  const access = [contentVisibleTo(actor, t)];
  if (q.include === 'active') access.push(contentActiveAt(now, t));
  const filters: SQL[] = [];
  if (q.brandId) filters.push(eq(t.brandId, q.brandId));
  if (q.type) filters.push(eq(t.type, q.type));
  if (q.feedId) filters.push(eq(t.feedId, q.feedId));
  if (q.recommended !== undefined) filters.push(eq(t.recommended, q.recommended));
  if (q.hasWarnings !== undefined) {
    const warned =
      'hasWarnings' in t ? sql`${col(t.hasWarnings)}` : sql`${col(t.claimWarnings)} <> '[]'::jsonb`;
    filters.push(q.hasWarnings ? warned : sql`not ${warned}`);
  }
  if (q.favorites !== undefined) {
    const isFavorite = sql`exists(select 1 from ${favorites} where ${col(favorites.userId)} = ${actor.userId} and ${col(favorites.contentId)} = ${id})`;
    filters.push(q.favorites ? isFavorite : sql`not ${isFavorite}`);
  }
  // Members filter by searchable tags only; a hidden tag simply matches nothing for them.
  const searchableOnly = actor.isAdmin ? sql`` : sql` and ${col(tags.searchable)}`;
  for (const tagId of q.tagIds ?? []) {
    filters.push(
      sql`exists(select 1 from ${contentTags} join ${tags} on ${col(tags.id)} = ${col(contentTags.tagId)} where ${col(contentTags.contentId)} = ${id} and ${col(contentTags.tagId)} = ${tagId}${searchableOnly})`,
    );
  }
  return { access: sql.join(access, sql` and `), filters };
}

/** SQL condition: the item's words match the keyword query (`to_tsquery`), read from `content_search`. */
export function keywordMatch(tsQuery: SQL, t: SearchTable): SQL {
  const s = contentSearch;
  return t === s
    ? sql`${col(s.words)} @@ ${tsQuery}`
    : sql`${col(contentItems.id)} in (select ${col(s.contentId)} from ${s} where ${col(s.words)} @@ ${tsQuery})`;
}

/** `a and b and …`, true when there is nothing. */
export const allOf = (parts: SQL[]): SQL => (parts.length ? sql.join(parts, sql` and `) : sql`true`);

/** The WHERE over `content_search` of a keyword search: access, filters and the words. */
export function searchMatches(actor: Actor, q: ContentSearch, now: Date, tsQuery: SQL): SQL {
  const { access, filters } = searchWhere(actor, q, now, contentSearch);
  return allOf([access, ...filters, keywordMatch(tsQuery, contentSearch)]);
}

/**
 * How many items a search matches. With a keyword, over the narrow search rows (the words' index
 * finds a rare word's few; a common word's many are read from rows a third the size of the
 * items'). Without one, as two counts over two small partial indexes (migration 0027): the items
 * open to everyone at any time (of the portal, owned by no member, with no window: nearly all of
 * a library, so no condition on the caller or the clock is evaluated for them), plus the others
 * the caller may see now — instead of a whole pass over the items.
 */
export async function countMatches(
  db: Db,
  actor: Actor,
  q: ContentSearch,
  now: Date,
  tsQuery: SQL | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    // Two planner settings for this statement alone. PostgreSQL prices a prefix search in the
    // words' index as if it read much of the index, and a random page read at four sequential ones,
    // so it read every search row for all but the rarest words; the library's rows are in memory,
    // where a random read costs about what a sequential one does (1.1, the usual setting for cached
    // data), and with that it takes the index for any word but the commonest: two to four times
    // less work. And a count of a few milliseconds is not worth starting parallel workers for:
    // with two, a common word's count took 42 ms against 14 ms alone (docs/benchmarks.md).
    await tx.execute(
      sql`select set_config('random_page_cost', '1.1', true), set_config('max_parallel_workers_per_gather', '0', true)`,
    );
    if (tsQuery) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(contentSearch)
        .where(searchMatches(actor, q, now, tsQuery));
      return row?.n ?? 0;
    }
    const c = contentItems;
    const { access, filters } = searchWhere(actor, q, now, c);
    const openToAll = sql`${col(c.ownerId)} is null and ${col(c.activeFrom)} is null and ${col(c.activeUntil)} is null`;
    const [row] = await rowsOf<{ n: number }>(
      tx,
      sql`select (select count(*)::int from ${c} where ${col(c.portalId)} = ${actor.portalId} and ${openToAll} and ${allOf(filters)})
        + (select count(*)::int from ${c} where not (${openToAll}) and ${access} and ${allOf(filters)}) as n`,
    );
    return Number(row?.n ?? 0);
  });
}
