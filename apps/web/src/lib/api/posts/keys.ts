import type { CalendarQuery } from '@fitpost/contract';
import type { Network, PostStatus } from '@fitpost/contract';

/** The list's query string (contract `postSearchQuery`), as the screens build it. */
export interface PostListQuery {
  status: PostStatus[];
  network?: Network;
  /** Posts made from this library item. */
  contentId?: string;
  /** Instants (ISO 8601): scheduled on or after `from`, on or before `to`. */
  from?: string;
  to?: string;
  order: 'asc' | 'desc';
  page: number;
  pagesize: number;
}

/**
 * React-query keys of the member's posts, shared by every screen that shows them (Schedule a Post,
 * the calendar, the dashboard, the composer, the Auto-Post panels). Everything sits under
 * `postKeys.all`, and every change to a post invalidates that root, so a change made on one screen
 * shows on every other at once.
 */
export const postKeys = {
  all: ['posts'] as const,
  /** Pages of `GET /api/posts` (the list, the dashboard's next posts, a content item's posts). */
  lists: ['posts', 'list'] as const,
  list: (query: PostListQuery) => ['posts', 'list', query] as const,
  /** Ranges of `GET /api/posts/calendar`. */
  calendars: ['posts', 'calendar'] as const,
  calendar: (range: CalendarQuery) => ['posts', 'calendar', range.from, range.to] as const,
  /** One post in full: `GET /api/posts/{id}`. */
  detail: (id: string) => ['posts', 'detail', id] as const,
  /** How many posts match a filter (`GET /api/posts` asked for its total only). */
  total: (filter: string) => ['posts', 'total', filter] as const,
};
