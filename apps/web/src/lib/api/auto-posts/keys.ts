import type { CalendarQuery } from '@fitpost/contract';

/**
 * React-query keys of Auto-Posts, shared by the admin's screens, the member's dashboard panels, the
 * calendar and the opt-in. Everything sits under `autoPostKeys.all`, which every change invalidates.
 */
export const autoPostKeys = {
  all: ['auto-posts'] as const,
  /** The admin's lists: GET /api/autoposts?from. */
  lists: ['auto-posts', 'list'] as const,
  list: (from: string) => ['auto-posts', 'list', from] as const,
  /** One Auto-Post with its progress: GET /api/autoposts/{id}. */
  detail: (id: string) => ['auto-posts', 'detail', id] as const,
  /** Members' own versions of it: GET /api/autoposts/{id}/preview[?userId] (a sample, or one member). */
  preview: (id: string, userId: string | null) =>
    ['auto-posts', 'detail', id, 'preview', userId ?? 'sample'] as const,
  /** The member's upcoming Auto-Posts: GET /api/autoposts/upcoming, the next ones or a calendar range. */
  upcomings: ['auto-posts', 'upcoming'] as const,
  upcoming: (range?: CalendarQuery) =>
    range
      ? (['auto-posts', 'upcoming', range.from, range.to] as const)
      : (['auto-posts', 'upcoming', 'next'] as const),
  /** Opted-in members lacking each merge field: GET /api/autoposts/member-details?networks. */
  memberDetailGaps: (networks: readonly string[]) => ['auto-posts', 'member-details', ...networks] as const,
  /** The member's opt-in per account: GET /api/autoposts/settings. */
  settings: ['auto-posts', 'settings'] as const,
};
