/**
 * The feed fetcher: the one way FitPost fetches a member-supplied feed URL. Everything the feeds
 * module needs is exported here; the files beside it are its internals.
 */
export type { FeedFetchOptions, FeedFetchResult, FetchedFeedItem } from './types.js';
export { FeedFetchError, type FeedFetchErrorCode } from './errors.js';
export { fetchFeed, fetchFeedImage } from './fetch-feed.js';
