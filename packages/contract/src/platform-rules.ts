// A separate entry point (`@fitpost/contract/platform-rules`): twitter-text is large, and only the
// server and the composer need it, not every screen that imports the contract.
import twitterText from 'twitter-text';
import { mergeFieldMaxLength, mergeFieldNames, type MergeFieldName } from './merge-fields.js';
import { networkServiceNames, type Network } from './names.js';
import { formatCount } from './constants.js';

/** Character limits per network, as each network counts them. */
export const textLimits: Record<Network, number> = {
  x: 280,
  linkedin: 3000,
  facebook: 63_206,
  instagram: 2200,
};

/** Networks that cannot publish a post without an image. */
export const imageRequired: Record<Network, boolean> = {
  x: false,
  linkedin: false,
  facebook: false,
  instagram: true,
};

/**
 * The length of `text` as `network` counts it: X weighs characters (most CJK and emoji count 2,
 * every URL 23) with twitter-text; the others count UTF-16 code units, as their APIs do.
 */
export function textLength(network: Network, text: string): number {
  if (network === 'x') return twitterText.parseTweet(text).weightedLength;
  return text.length;
}

/** A plain-words problem with `text` on `network`, or null when it fits. */
export function textProblem(network: Network, text: string, hasImage: boolean): string | null {
  const names = networkServiceNames;
  const length = textLength(network, text);
  if (length > textLimits[network]) {
    return `${names[network]} allows ${formatCount(textLimits[network])} characters; this post has ${formatCount(length)}.`;
  }
  if (imageRequired[network] && !hasImage) return `${names[network]} needs an image with every post.`;
  return null;
}

/**
 * A member's merge values cut so X, too, counts each within its field's limit (X weighs most CJK
 * characters and emoji 2), so `longestMergeText` stays the longest on every network.
 */
export function fitMergeValuesForX(values: Record<MergeFieldName, string>): Record<MergeFieldName, string> {
  const out = { ...values };
  for (const name of mergeFieldNames) {
    const max = mergeFieldMaxLength[name];
    let value = out[name];
    if (textLength('x', value) <= max) continue;
    const chars = [...value];
    while (chars.length > 0 && textLength('x', chars.join('')) > max) chars.pop();
    value = chars.join('').trim();
    out[name] = value;
  }
  return out;
}

/** Whether X counts `value` within `max` (the member's details are checked with this too). */
export const fitsXWithin = (value: string, max: number) => textLength('x', value) <= max;
