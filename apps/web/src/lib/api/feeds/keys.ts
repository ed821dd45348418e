export interface FeedListQuery {
  portalid?: number;
  /** Absent: the caller's own feeds and the portal's system feeds; the all-zero id: system feeds only. */
  userid?: string;
  active?: boolean;
}

/** React-query keys of the feeds feature. */
export const feedKeys = {
  all: ['feeds'] as const,
  list: (query: FeedListQuery) => ['feeds', 'list', query] as const,
};
