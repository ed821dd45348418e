import type { Network } from '@fitpost/contract';
import { textLength, textLimits, textProblem } from '@fitpost/contract/platform-rules';

/** One network's character count for the composer's counter. */
export interface NetworkCount {
  network: Network;
  /** As the network counts: X weighted by twitter-text (links 23, emoji 2), the others in UTF-16 units. */
  length: number;
  limit: number;
  over: boolean;
}

export function networkCount(network: Network, text: string): NetworkCount {
  const length = textLength(network, text);
  const limit = textLimits[network];
  return { network, length, limit, over: length > limit };
}

/** What stops the post going out on `network` (too long, needs an image), in plain words, or null. */
export function networkProblem(network: Network, text: string, hasImage: boolean): string | null {
  return textProblem(network, text, hasImage);
}
