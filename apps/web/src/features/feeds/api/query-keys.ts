import type { FeedListQuery } from './get-feeds';

/** React-query keys of the feeds feature. */
export const feedKeys = {
  all: ['feeds'] as const,
  list: (query: FeedListQuery) => ['feeds', 'list', query] as const,
};
