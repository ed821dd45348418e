import { randomBytes } from 'node:crypto';

import twitterText from 'twitter-text';

/** X's limit for a post's text, in weighted characters ("Counting characters"). */
export const MAX_TWEET_WEIGHT = 280;

/**
 * Counts text the way X does: twitter-text's default configuration is v3, where most CJK characters and
 * emoji weigh 2, everything else 1, and every URL counts as 23 (its t.co length), whatever its real length.
 */
export function tweetWeight(text: string): { weightedLength: number; valid: boolean } {
  const parsed = twitterText.parseTweet(text);
  return { weightedLength: parsed.weightedLength, valid: parsed.valid };
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** A t.co link, as X wraps every URL it shows ("Counting characters": each is 23 characters long). */
function tcoLink(): string {
  return `https://t.co/${randomBytes(5).toString('hex')}`;
}

/**
 * A post's text as X's API returns it when read back: every URL replaced by its t.co link, a t.co link to the
 * attached media appended, and `&`, `<`, `>` HTML-escaped (X API v2 data dictionary, Post object `text`).
 */
export function displayText(text: string, mediaCount: number): string {
  let shown = '';
  let from = 0;
  for (const { indices } of twitterText.extractUrlsWithIndices(text)) {
    shown += escapeEntities(text.slice(from, indices[0])) + tcoLink();
    from = indices[1];
  }
  shown += escapeEntities(text.slice(from));
  return mediaCount > 0 ? `${shown}${shown === '' ? '' : ' '}${tcoLink()}` : shown;
}

function escapeEntities(text: string): string {
  return text.replace(/[&<>]/g, (character) => ENTITIES[character] ?? character);
}
