import {
  postStatus,
  type CalendarPost,
  type Network,
  type PostStatus,
  type TargetStatus,
} from '@fitpost/contract';
import type { EventInput } from '@fullcalendar/react';
import { toWallTime } from '@/lib/zoned-time';

/**
 * What the calendar draws. Today: the member's own posts. Extension point for issue 6: the portal's
 * upcoming Auto-Posts the member will receive join this union as `{ kind: 'autoPost', … }` (from
 * their own endpoint), are mapped by `toCalendarEvent` like posts, and their details offer
 * 'Auto-Post' (keep it automatic) and 'Custom Post' (make this occurrence the member's own post).
 */
export type CalendarEntry = { kind: 'post'; post: CalendarPost };

/** How a status looks: its words and a colour white text reads on (≥ 4.5:1, WCAG AA). */
export interface StatusLook {
  label: string;
  color: string;
}

export const statusLooks: Record<PostStatus, StatusLook> = {
  scheduled: { label: 'Scheduled', color: '#1d4ed8' },
  publishing: { label: 'Publishing', color: '#9a3412' },
  posted: { label: 'Posted', color: '#15803d' },
  partly_posted: { label: 'Partly posted', color: '#0f766e' },
  failed: { label: 'Failed', color: '#b91c1c' },
  draft: { label: 'Draft', color: '#4b5563' },
  cancelled: { label: 'Cancelled', color: '#4b5563' },
};

/** Statuses the calendar leaves out: a cancelled post will not happen, so it has no place on it. */
const hiddenStatuses: ReadonlySet<PostStatus> = new Set(['cancelled']);

export const networkNames: Record<Network, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The distinct networks a post goes to, in a stable order. */
export function postNetworks(post: Pick<CalendarPost, 'targets'>): Network[] {
  const order: Network[] = ['x', 'linkedin', 'facebook', 'instagram'];
  const used = new Set(post.targets.map((target) => target.network));
  return order.filter((network) => used.has(network));
}

/** "X and LinkedIn", "X, LinkedIn and Facebook", or "no network yet". */
export function networkList(networks: Network[]): string {
  const names = networks.map((network) => networkNames[network]);
  if (names.length === 0) return 'no network yet';
  if (names.length === 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The event's visible title: the post's opening words, or what it is when it has only a graphic. */
export function postTitle(post: Pick<CalendarPost, 'excerpt' | 'hasMedia'>): string {
  const text = post.excerpt.replace(/\s+/g, ' ').trim();
  if (text) return text;
  return post.hasMedia ? 'Image post' : 'Empty post';
}

/** An instant's time of day in `zone`, as the product writes it: "9:05 AM". */
export function clockTime(instant: string, zone: string): string {
  const [hours = 0, minutes = 0] = toWallTime(instant, zone).time.split(':').map(Number);
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Is `day` (`YYYY-MM-DD`) before today in `zone`? Nothing can be posted on it any more. */
export function isPastDay(day: string, zone: string, now: Date = new Date()): boolean {
  return day < toWallTime(now, zone).date;
}

/** The data an event carries, read back in the calendar's handlers. */
export interface CalendarEventProps {
  entry: CalendarEntry;
}

/** One calendar event for an entry, coloured by status. Times are instants; the calendar shows them in the member's zone. */
export function toCalendarEvent(entry: CalendarEntry): EventInput {
  const { post } = entry;
  const look = statusLooks[post.status];
  const props: CalendarEventProps = { entry };
  return {
    id: post.id,
    title: postTitle(post),
    start: post.scheduledAt,
    allDay: false,
    color: look.color,
    contrastColor: '#ffffff',
    extendedProps: props,
  };
}

/** The member's posts as calendar entries (hidden statuses left out). */
export function postEntries(posts: CalendarPost[]): CalendarEntry[] {
  return posts
    .filter((post) => !hiddenStatuses.has(post.status))
    .map((post): CalendarEntry => ({ kind: 'post', post }));
}

/** The statuses the calendar can show, for its legend. */
export const shownStatuses: PostStatus[] = postStatus.options.filter((status) => !hiddenStatuses.has(status));

/**
 * May this post be moved at all? While some account still waits for it, or while it is a draft (no
 * accounts yet: it just takes the new time). The server checks the same.
 */
export function canReschedule(post: Pick<CalendarPost, 'targets'>): boolean {
  return post.targets.length === 0 || post.targets.some((target) => target.status === 'scheduled');
}

/** The refusals, in the server's words (it refuses the same moves with the same reasons). */
export const refusals = {
  past: 'The scheduled time has passed. Choose a time in the future.',
  publishing: 'This post is being published right now, so it can no longer be moved.',
  published:
    'This post has already been published, so it can no longer be moved. Duplicate it to post it again.',
  cancelled: 'This post was cancelled. Edit it to schedule it again.',
  failed: 'This post failed to publish. Retry it, or edit it to choose a new time.',
} as const;

function whyNotMovable(statuses: TargetStatus[]): string {
  if (statuses.some((status) => status === 'publishing' || status === 'unknown')) return refusals.publishing;
  if (statuses.includes('published')) return refusals.published;
  if (statuses.every((status) => status === 'cancelled')) return refusals.cancelled;
  return refusals.failed;
}

/**
 * Why moving `post` to `when` is refused, or null when it may go there. A refused drag is reverted
 * at once, without a round trip.
 */
export function rescheduleRefusal(post: Pick<CalendarPost, 'targets'>, when: Date, now: Date): string | null {
  if (when.getTime() <= now.getTime()) return refusals.past;
  if (!canReschedule(post)) return whyNotMovable(post.targets.map((target) => target.status));
  return null;
}
