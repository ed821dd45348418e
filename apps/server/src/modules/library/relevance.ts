import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentSearch } from '../../db/schema-library.js';
import { col } from '../../db/sql-helpers.js';

const s = contentSearch;

/** The search words as a `to_tsquery` text: each must be the start of a word. */
export function prefixQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:*`).join(' & ');
}

/**
 * Search rows by date, newest first (or oldest): exactly as `content_search_newest_idx` (portal,
 * published_at desc nulls last, content_id) orders, or its reverse, and as Browse Library orders
 * the items themselves (`content_id` is the item's id).
 */
export function searchByDate(newestFirst = true): SQL[] {
  return newestFirst
    ? [sql`${col(s.publishedAt)} desc nulls last`, asc(s.contentId)]
    : [sql`${col(s.publishedAt)} asc nulls first`, desc(s.contentId)];
}

/**
 * How many of the newest matches a ranked page is cut from (at least twice the page's end). A
 * common word's best group (every word in the title or a tag) is a fifth or more of its matches,
 * so Browse Library's first page of 24 is often among its newest 100, and a filtered search's few
 * matches are all there; otherwise the best group is looked up. Between the two: a window of 200
 * cost a two-word search (sparse matches, read off the date index) 24 ms of database CPU against
 * 18 ms with 48, and a keyword with brand and tag the reverse (docs/benchmarks.md).
 */
export const relevanceWindow = 100;

interface RankedPage {
  db: Db;
  /** `to_tsquery(…)` of the search words. */
  tsQuery: SQL;
  /** The whole search over `content_search` (access, filters, words): the matches. */
  matches: SQL;
  /** Best match first (the default); false: the weakest first. */
  best: boolean;
  offset: number;
  limit: number;
}

/**
 * The ids of one page by relevance: first the items with every word in their title or tag names
 * (their heading: what `ts_rank` weighs most), then those with some word only in the caption,
 * newest first within each — without ranking every match. It reads the newest matches (off the
 * browse index for a common word, through the words' index for a rare one) with each one's
 * group. When they hold the page — the best group is well represented among recent matches, or
 * they are all the matches there are — the page is cut from them; otherwise the best group is
 * sparse, and its newest members are found through their own index (`content_search_heading_idx`)
 * before the window's newest caption-only matches. Everything is read from the narrow search rows.
 * The weakest first (asked for by no screen) orders every match.
 */
export async function rankedPageIds({
  db,
  tsQuery,
  matches,
  best,
  offset,
  limit,
}: RankedPage): Promise<string[]> {
  const top = sql<boolean>`${col(s.heading)} @@ ${tsQuery}`;
  const wanted = offset + limit;
  const ids = (rows: readonly { id: string }[]) => rows.slice(offset, wanted).map((r) => r.id);
  const read = (where: SQL) => db.select({ id: s.contentId, top }).from(s).where(where);
  if (!best) {
    const rows = await read(matches)
      .orderBy(top, ...searchByDate())
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  }
  const size = Math.max(relevanceWindow, 2 * wanted);
  const window = await read(matches)
    .orderBy(...searchByDate())
    .limit(size);
  const tops = window.filter((r) => r.top);
  const rest = window.filter((r) => !r.top);
  if (tops.length >= wanted || window.length < size) return ids([...tops, ...rest]);
  // Few heading matches among many: the newest of them all, then the window's caption-only ones
  // (the newest there are, and at least a page's end of them: the window is twice that).
  const heading = await read(sql`${matches} and ${top}`)
    .orderBy(...searchByDate())
    .limit(wanted);
  return ids([...heading, ...rest]);
}
