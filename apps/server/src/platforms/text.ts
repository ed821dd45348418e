/** A post's text as sent to a network, and recognising it again among the account's posts (reconcile). */

/** The text plus the link, for networks without a link field; a link the text already contains is not repeated. */
export function composeText(text: string, link: string | undefined): string {
  if (!link || text.includes(link)) return text;
  return text.trim() === '' ? link : `${text}\n\n${link}`;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * What survives every network's rewriting of a post's text: X shortens links to t.co, appends a link to the
 * media and HTML-escapes `&<>`; LinkedIn stores escaped "little" text; any of them may normalise Unicode or
 * whitespace. So: entities decoded, URLs removed, Unicode NFC, whitespace collapsed, case folded.
 */
export function normalizeForMatch(text: string): string {
  return text
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/https?:\/\/\S+/gi, ' ')
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** One of the account's recent posts, as reconcile reads it back. */
export interface RecentPost {
  remoteId: string;
  text: string;
  /** Epoch ms. */
  createdAt: number;
  url?: string;
}

/** Clocks differ between FitPost and the networks; a post a little "before" the attempt still counts. */
export const CLOCK_SKEW_MS = 2 * 60 * 1000;

/** The earliest post at or after `since` (less the skew) whose text matches `expected`. */
export function findPost(
  posts: readonly RecentPost[],
  expected: string,
  since: Date,
): RecentPost | undefined {
  const wanted = normalizeForMatch(expected);
  const from = since.getTime() - CLOCK_SKEW_MS;
  return posts
    .filter((post) => post.createdAt >= from && normalizeForMatch(post.text) === wanted)
    .sort((a, b) => a.createdAt - b.createdAt)[0];
}

/** Parses the networks' timestamps, including Graph's `2026-01-31T09:15:00+0000` (no colon in the offset). */
export function parseTime(value: string): number {
  return Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
}
