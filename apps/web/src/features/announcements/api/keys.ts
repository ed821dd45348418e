import type { AnnouncementSearchBody } from '@fitpost/contract';

/** React-query keys of the admins' announcement list; every change invalidates `all`. */
export const announcementKeys = {
  all: ['announcements'] as const,
  /** Pages of POST /api/announcement/search. */
  search: (body: AnnouncementSearchBody) => ['announcements', body] as const,
};
