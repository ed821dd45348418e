import type { ReportRoute } from './report-routes.js';

/**
 * The API's paths, for the web app's calls (and the server's tests). Zod-free, like names.ts,
 * messages.ts and constants.ts: the web app's first screen calls some of these without loading zod
 * or building a schema (docs/architecture.md §2). What each answers is in the topic's module.
 */

/** Announcements (announcements.ts). */
export const announcementApi = {
  announcements: '/api/announcement',
  announcement: (id: string) => `/api/announcement/${id}`,
  /** GET: one announcement of the portal named second (spec §7's second parameter). */
  announcementOf: (id: string, portalId: number) => `/api/announcement/${id}/${portalId}`,
  /** POST `{ portalId, ids }`, no auth: the portal's announcements active now, less the seen ones. */
  active: '/api/announcement/active',
  /** POST: the admin's search (keyword, active, page, pagesize, sort, desc). */
  search: '/api/announcement/search',
} as const;

/** Email preferences and unsubscribing (email.ts). */
export const emailApi = {
  preferences: '/api/email/preferences',
  unsubscribe: '/api/email/unsubscribe',
  /** The web page an email's "unsubscribe" link opens (it asks before it unsubscribes). */
  unsubscribePage: '/unsubscribe',
} as const;

/** The content library (library/api.ts): brands, content, tags, favourites, feeds. */
export const libraryApi = {
  brands: '/api/brand',
  brand: (id: string) => `/api/brand/${id}`,
  content: '/api/content',
  contentItem: (id: string) => `/api/content/${id}`,
  tags: '/api/tag',
  tag: (id: string) => `/api/tag/${id}`,
  /** POST `{ ids, searchable? }`: the Tags screen's 'Toggle Searchable'. */
  tagsSearchable: '/api/tag/searchable',
  favorites: '/api/favorite',
  favorite: (contentId: string) => `/api/favorite/${contentId}`,
  feeds: '/api/feed',
  feed: (id: string) => `/api/feed/${id}`,
  /** GET: refreshes the member's feeds and the portal's system feeds (spec §4, §7). */
  feedConsume: (userId: string) => `/api/feed/consume/${userId}`,
} as const;

/** Messages between admins and members (message-threads.ts). */
export const messageApi = {
  /** GET: inbox or sent, paged. POST: compose. */
  messages: '/api/message',
  /** GET: a thread with its replies (marks it read for the caller); for an admin also a sent message. */
  message: (id: string) => `/api/message/${id}`,
  /** POST `{ body }`: answer in a thread. */
  reply: (id: string) => `/api/message/${id}/reply`,
  /** GET: the bell's counts. */
  unread: '/api/message/unread',
} as const;

/** Reports and My Results (reports.ts). */
export const reportApi = {
  report: (route: ReportRoute) => `/api/report/${route}`,
  myStats: '/api/stats/me',
} as const;
