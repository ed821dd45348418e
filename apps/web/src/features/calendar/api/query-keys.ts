/** A range of instants the calendar shows: `[from, to)`, ISO 8601 with offset. */
export interface CalendarRange {
  from: string;
  to: string;
}

/** React-query keys of the calendar feature, so a reschedule updates exactly what it changes. */
export const calendarKeys = {
  all: ['calendar'] as const,
  ranges: ['calendar', 'posts'] as const,
  range: (range: CalendarRange) => ['calendar', 'posts', range.from, range.to] as const,
  post: (postId: string) => ['calendar', 'post', postId] as const,
  /** The portal's upcoming Auto-Posts for this member, per range like the posts. */
  autoPosts: ['calendar', 'autoposts'] as const,
  autoPostRange: (range: CalendarRange) => ['calendar', 'autoposts', range.from, range.to] as const,
};
