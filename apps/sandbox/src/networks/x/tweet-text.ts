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
