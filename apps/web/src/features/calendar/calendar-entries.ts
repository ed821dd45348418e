import {
  networkNames,
  networks as allNetworks,
  postStatuses,
  postStatusLabels,
  rescheduleRefusals,
  whyNotMovable,
  type CalendarPost,
  type MemberAutoPost,
  type Network,
  type PostStatus,
} from '@fitpost/contract';
import type { EventInput } from '@fullcalendar/react';
import { formatClock, toWallTime } from '@/lib/zoned-time';

/** One of the member's own posts on the calendar. */
export type PostEntry = { kind: 'post'; post: CalendarPost };
/**
 * One of the portal's upcoming Auto-Posts this member will receive (or skipped). Its details offer
 * 'Auto-Post' (keep it automatic), 'Custom Post' (make this occurrence the member's own post) and
 * 'Skip this one'; it cannot be dragged, since its time is the organisation's.
 */
export type AutoPostEntry = { kind: 'autoPost'; autoPost: MemberAutoPost };

/** What the calendar draws: the member's own posts and the Auto-Posts coming to them. */
export type CalendarEntry = PostEntry | AutoPostEntry;

/** How a status looks: its words and a colour white text reads on (≥ 4.5:1, WCAG AA). */
export interface StatusLook {
  label: string;
  color: string;
}

const statusColors: Record<PostStatus, string> = {
  scheduled: '#1d4ed8',
  publishing: '#9a3412',
  posted: '#15803d',
  partly_posted: '#0f766e',
  failed: '#b91c1c',
  draft: '#4b5563',
  cancelled: '#4b5563',
};

/** Each post status's look: the contract's words on the calendar's colour. */
export const statusLooks = Object.fromEntries(
  postStatuses.map((status) => [status, { label: postStatusLabels[status], color: statusColors[status] }]),
) as Record<PostStatus, StatusLook>;

/** Statuses the calendar leaves out: a canceled post will not happen, so it has no place on it. */
const hiddenStatuses: ReadonlySet<PostStatus> = new Set(['cancelled']);

/** The distinct networks of some accounts, in a stable order. */
function distinctNetworks(accounts: { network: Network }[]): Network[] {
  const used = new Set(accounts.map((account) => account.network));
  return allNetworks.filter((network) => used.has(network));
}

/** The distinct networks a post goes to, in a stable order. */
export function postNetworks(post: Pick<CalendarPost, 'targets'>): Network[] {
  return distinctNetworks(post.targets);
}

/** The distinct networks an Auto-Post goes to for this member (none once skipped). */
export function autoPostNetworks(autoPost: Pick<MemberAutoPost, 'accounts'>): Network[] {
  return distinctNetworks(autoPost.accounts);
}

/** "X and LinkedIn", "X, LinkedIn and Facebook Page", or "no network yet". */
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

/** An Auto-Post's opening words (whole characters, never half an emoji), or what it is with only a graphic. */
export function autoPostTitle(autoPost: Pick<MemberAutoPost, 'body' | 'mediaUrl'>): string {
  const chars = Array.from(autoPost.body.replace(/\s+/g, ' ').trim());
  if (chars.length === 0) return autoPost.mediaUrl ? 'Image post' : 'Empty post';
  return chars.length > 120 ? `${chars.slice(0, 119).join('')}…` : chars.join('');
}

/**
 * How Auto-Posts look, apart from the member's posts: violet while they will be sent, and light grey
 * with dark grey words (≥ 4.5:1) and a dashed edge once the member skipped one.
 */
export const autoPostLooks = {
  auto: { label: 'Auto-Post', color: '#6d28d9', textColor: '#ffffff' },
  skip: { label: 'Skipped', color: '#f3f4f6', textColor: '#4b5563' },
} as const;

/** The messages after an Auto-Post choice that keeps the member on the calendar. */
export const choiceDoneTexts = {
  auto: 'It will be auto-posted for you.',
  skip: 'Skipped: this one will not be posted for you.',
} as const;

/** The look of an Auto-Post entry: its choice decides it. */
export function autoPostLook(autoPost: Pick<MemberAutoPost, 'choice'>) {
  return autoPost.choice === 'skip' ? autoPostLooks.skip : autoPostLooks.auto;
}

/** An instant's time of day in `zone`, as the product writes it: "9:05 AM". */
export function clockTime(instant: string, zone: string): string {
  return formatClock(toWallTime(instant, zone).time);
}

/** Is `day` (`YYYY-MM-DD`) before today in `zone`? Nothing can be posted on it any more. */
export function isPastDay(day: string, zone: string, now: Date = new Date()): boolean {
  return day < toWallTime(now, zone).date;
}

/** The data an event carries, read back in the calendar's handlers. */
interface CalendarEventProps {
  entry: CalendarEntry;
}

/** The event id of an entry: posts and Auto-Posts are told apart even if their ids ever met. */
export function entryKey(entry: CalendarEntry): string {
  return entry.kind === 'post' ? entry.post.id : `autopost-${entry.autoPost.id}`;
}

/**
 * One calendar event for an entry: a post coloured by status, an Auto-Post by its own look and never
 * draggable. Times are instants; the calendar shows them in the member's zone.
 */
export function toCalendarEvent(entry: CalendarEntry): EventInput {
  const props: CalendarEventProps = { entry };
  if (entry.kind === 'autoPost') {
    const { autoPost } = entry;
    const look = autoPostLook(autoPost);
    return {
      id: entryKey(entry),
      title: autoPostTitle(autoPost),
      start: autoPost.scheduledAt,
      allDay: false,
      color: look.color,
      contrastColor: look.textColor,
      editable: false,
      className:
        autoPost.choice === 'skip' ? 'calendar-autopost calendar-autopost-skipped' : 'calendar-autopost',
      extendedProps: props,
    };
  }
  const { post } = entry;
  const look = statusLooks[post.status];
  return {
    id: entryKey(entry),
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

/**
 * The Auto-Posts the calendar shows: those coming to the member's accounts, and those they skipped
 * (muted, so they can change their mind). Left out: a customised occurrence (the member's own post
 * already stands in its place), one that reaches none of their accounts (Auto-Post is off for them),
 * and one whose fan-out has started once it has made the member's post (same instant), which then
 * shows as a post.
 */
export function autoPostEntries(autoPosts: MemberAutoPost[], posts: CalendarPost[]): CalendarEntry[] {
  const postInstants = new Set(posts.map((post) => Date.parse(post.scheduledAt)));
  return autoPosts
    .filter((autoPost) => {
      if (autoPost.choice === 'custom') return false;
      if (autoPost.choice === 'auto' && autoPost.accounts.length === 0) return false;
      return !(autoPost.status === 'fanning_out' && postInstants.has(Date.parse(autoPost.scheduledAt)));
    })
    .map((autoPost): CalendarEntry => ({ kind: 'autoPost', autoPost }));
}

/** The statuses the calendar can show, for its legend. */
export const shownStatuses: PostStatus[] = postStatuses.filter((status) => !hiddenStatuses.has(status));

/**
 * May this post be moved at all? While some account still waits for it, or while it is a draft (no
 * accounts yet: it just takes the new time). The server checks the same.
 */
export function canReschedule(post: Pick<CalendarPost, 'targets'>): boolean {
  return post.targets.length === 0 || post.targets.some((target) => target.status === 'scheduled');
}

/**
 * Why moving `post` to `when` is refused, or null when it may go there. A refused drag is reverted
 * at once, without a round trip.
 */
export function rescheduleRefusal(post: Pick<CalendarPost, 'targets'>, when: Date, now: Date): string | null {
  if (when.getTime() <= now.getTime()) return rescheduleRefusals.past;
  if (!canReschedule(post)) return whyNotMovable(post.targets.map((target) => target.status));
  return null;
}

/** The hour a wall time `HH:mm` falls in. */
const hourOf = (time: string) => Number(time.slice(0, 2));
const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00:00`;

/**
 * The hours the week and day grids show, and where they open. The grid runs from the member's first
 * queue slot (08:00 without one) or an earlier post, to three hours after their last slot (20:00 at
 * least) or a later post, so no post falls outside it. It opens scrolled to that first slot (or
 * 08:00) whatever came earlier: a post at 02:00 elsewhere in the week does not push 10:00 out of view.
 */
export function timeGridHours(slotTimes: readonly string[], entryTimes: readonly string[]) {
  const slotHours = slotTimes.map(hourOf);
  const entryHours = entryTimes.map(hourOf);
  const opening = slotHours.length > 0 ? Math.min(...slotHours) : 8;
  const first = Math.min(opening, ...entryHours);
  const last = Math.max(20, ...slotHours.map((h) => h + 3), ...entryHours.map((h) => h + 1));
  return {
    slotMinTime: hourText(first),
    slotMaxTime: hourText(Math.min(24, last)),
    scrollTime: hourText(opening),
  };
}
