import { networkServiceNames } from '@fitpost/contract';
import type { NetworkId } from './types.js';

/**
 * What the publishing engine does with a failure:
 * - `retry`        nothing was published; try again with backoff (unreachable, 5xx, timeout before sending).
 * - `rate_limited` nothing was published; wait `retryAfterMs` (when known) before trying again.
 * - `auth`         the connection no longer works; mark it needs_reconnect and tell the member.
 * - `content`      the network refused this post; mark it failed with `message`. Retrying will not help.
 * - `unknown`      the request went out and no answer came back: it may have been published. Never re-send
 *                  blindly; reconcile. Also thrown when an answer cannot be understood.
 */
export type PlatformErrorKind = 'retry' | 'rate_limited' | 'auth' | 'content' | 'unknown';

interface PlatformErrorOptions {
  network: NetworkId;
  kind: PlatformErrorKind;
  /** Plain words for the member. */
  message: string;
  /** The network's own code: HTTP status, X problem type, LinkedIn code, Graph `code/subcode`, or a socket error code. */
  code?: string;
  status?: number;
  retryAfterMs?: number;
  /** The network's own explanation, for logs. */
  detail?: string;
  cause?: unknown;
}

/** What a network's error mapping knows before it decides the kind and the words. */
export type ErrorBase = Omit<PlatformErrorOptions, 'kind' | 'message'>;

/** Every failure of a network call. `message` is fit to show the member; `detail` is for logs. */
export class PlatformError extends Error {
  readonly network: NetworkId;
  readonly kind: PlatformErrorKind;
  readonly code: string | undefined;
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;
  readonly detail: string | undefined;

  constructor(options: PlatformErrorOptions) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlatformError';
    this.network = options.network;
    this.kind = options.kind;
    this.code = options.code;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.detail = options.detail;
  }
}

/** The network's name as members know it, in a sentence (the contract's `networkServiceNames`). */
export function networkName(network: NetworkId): string {
  return networkServiceNames[network];
}

/** The member-facing sentences shared by every network; network-specific refusals are written beside their mapping. */
export const messages = {
  unreachable: (network: NetworkId) =>
    `FitPost could not reach ${networkName(network)}. It will try again shortly.`,
  noAnswer: (network: NetworkId) =>
    `${networkName(network)} did not answer in time. FitPost will try again shortly.`,
  outcomeUnknown: (network: NetworkId) =>
    `${networkName(network)} did not confirm the post in time. FitPost is checking whether it was published before trying again.`,
  unavailable: (network: NetworkId) =>
    `${networkName(network)} is having problems right now. FitPost will try again shortly.`,
  rateLimited: (network: NetworkId) =>
    `${networkName(network)} asked FitPost to slow down. Your post will go out as soon as ${networkName(network)} allows.`,
  expired: (network: NetworkId) =>
    `Your ${networkName(network)} connection has expired; reconnect it in Settings.`,
  revoked: (network: NetworkId) =>
    `${networkName(network)} no longer lets FitPost post for you (access was removed); reconnect it in Settings.`,
  permission: (network: NetworkId) =>
    `FitPost is missing a ${networkName(network)} permission it needs; reconnect ${networkName(network)} in Settings and allow everything FitPost asks for.`,
  duplicate: (network: NetworkId) =>
    `${networkName(network)} refused the post because it duplicates one you already published.`,
  refused: (network: NetworkId, reason?: string) =>
    `${networkName(network)} refused the post${reason ? `: ${reason}` : '.'}`,
  unexpected: (network: NetworkId) =>
    `${networkName(network)} answered in a way FitPost did not expect. Please check ${networkName(network)} before posting again.`,
} as const;

/** A sentence from a network's error text: trimmed, one line, ending in a full stop, at most ~300 characters. */
export function reasonFrom(text: string | undefined): string | undefined {
  const line = text?.replace(/\s+/g, ' ').trim();
  if (!line) return undefined;
  const short = line.length > 300 ? `${line.slice(0, 297)}...` : line;
  return /[.!?]$/.test(short) ? short : `${short}.`;
}
