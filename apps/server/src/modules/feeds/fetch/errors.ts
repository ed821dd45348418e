import type { FeedErrorCode } from '@fitpost/contract';
import type { AddressKind } from './address-policy.js';

/** The contract's feed error codes (stored on the feed, shown by the web app). */
export type FeedFetchErrorCode = FeedErrorCode;

/**
 * Why a feed could not be fetched. `code` is stable (stored on the feed, shown by the web app);
 * `message` is user-facing English that says what went wrong with *this* feed.
 */
export class FeedFetchError extends Error {
  readonly code: FeedFetchErrorCode;

  constructor(code: FeedFetchErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FeedFetchError';
    this.code = code;
  }
}

const BLOCKED_WHERE: Record<Exclude<AddressKind, 'public'>, string> = {
  loopback: 'this server itself (a loopback address)',
  private: 'a private network',
  link_local: 'a link-local network address',
  metadata: "a cloud provider's internal metadata service",
  unspecified: 'an unspecified address (0.0.0.0 or ::)',
  multicast: 'a multicast address',
  reserved: 'a reserved, non-public address',
};

/** The refusal for an address FitPost will not connect to; `redirected` when a redirect led there. */
export function blockedAddress(kind: Exclude<AddressKind, 'public'>, redirected: boolean): FeedFetchError {
  const what = redirected ? 'This feed redirects to an address that points' : "This feed's address points";
  return new FeedFetchError(
    'feed.blocked_address',
    `${what} to ${BLOCKED_WHERE[kind]}, which FitPost does not fetch.`,
  );
}
