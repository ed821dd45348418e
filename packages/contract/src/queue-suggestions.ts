import { z } from 'zod';
import type { Network } from './names.js';
import { network } from './social.js';
import { sortSlots, type QueueSlot } from './queue.js';

/**
 * Suggested posting times (issue 29): the weekly hours when a member's audience answers best, per
 * network, from published posts' engagement. What "engagement" and "score" mean is decided here,
 * once, for the suggestions and the Best Times report alike.
 *
 * - **Engagement of a post**: likes + comments + shares + link clicks, as the network last told
 *   them (impressions are left out: they count who saw a post, not who answered it, and most
 *   networks do not give them for a member's post). A figure the network does not give counts 0;
 *   a post for which it gives none of the four has no figures and is not counted at all.
 * - **Score of a weekday × hour** (in the member's zone): the cell's engagement per post, smoothed
 *   towards the network's average by `smoothingPosts` imaginary average posts, divided by that
 *   average: `((engagement + k × average) / (posts + k)) / average`. 1 is an average hour, 1.5 half
 *   as good again; a cell of one lucky post cannot top a cell of ten steady ones.
 */
export const suggestionLimits = {
  /** Posts with figures a member needs before their own are the basis. */
  minOwnPosts: 20,
  /** Posts with figures the organisation needs before its members' are the basis. */
  minOrganisationPosts: 20,
  /** How far back published posts are read: the audience of the last three months. */
  lookbackDays: 90,
  /** Suggested hours per network. */
  perNetwork: 5,
  /** The smoothing's k: imaginary average posts added to every cell. */
  smoothingPosts: 3,
} as const;

const suggestionBases = ['mine', 'organisation', 'default'] as const;
const suggestionBasis = z.enum(suggestionBases);

const suggestedSlot = z
  .object({
    /** 1 Monday … 7 Sunday (ISO 8601), in the member's zone. */
    day: z.number().int().min(1).max(7),
    /** The hour, `HH:00`, 24-hour, in the member's zone. */
    time: z.string().regex(/^([01]\d|2[0-3]):00$/),
    network,
    /** Smoothed engagement per post against the network's average (1 = average); null for defaults. */
    score: z.number().nullable(),
  })
  .meta({ id: 'SuggestedSlot' });
export type SuggestedSlot = z.infer<typeof suggestedSlot>;

/** GET /api/queue/suggestions. */
export const queueSuggestions = z
  .object({
    basis: suggestionBasis,
    /** Published posts with figures behind the suggestions (0 for the defaults). */
    posts: z.number().int().min(0),
    /** The zone `day` and `time` are in: the member's. */
    timeZone: z.string(),
    slots: z.array(suggestedSlot),
  })
  .meta({ id: 'QueueSuggestions' });
export type QueueSuggestions = z.infer<typeof queueSuggestions>;

/**
 * FitPost's defaults while a portal has no figures: weekday late mornings and lunchtimes for the
 * professional and news networks, weekday lunchtimes and evenings for Facebook and Instagram — the
 * hours the yearly "best time to post" studies of social media tools (Sprout Social, Hootsuite,
 * Buffer) most often name. Starting points only: the portal's own figures replace them as soon as
 * there are enough.
 */
const at = (days: number[], hours: number[]) =>
  days.flatMap((day) => hours.map((h) => ({ day, time: `${String(h).padStart(2, '0')}:00` })));
export const defaultSuggestedTimes: Record<Network, { day: number; time: string }[]> = {
  x: at([2, 3, 4], [9, 12]),
  linkedin: at([2, 3, 4], [10, 12]),
  facebook: at([1, 3, 5], [12, 19]),
  instagram: at([2, 4, 6], [11, 19]),
};

/** How the screen names the basis, honestly: whose posts the times come from. */
export function suggestionBasisText(s: Pick<QueueSuggestions, 'basis' | 'posts'>): string {
  if (s.basis === 'mine')
    return `From your ${s.posts.toLocaleString('en-US')} ${s.posts === 1 ? 'post' : 'posts'}`;
  if (s.basis === 'organisation') return "From your organization's posts";
  return 'Suggested defaults';
}

/** The suggestions as a week of queue slots: each day and hour once, whatever the network. */
export function suggestedQueueSlots(slots: readonly SuggestedSlot[]): QueueSlot[] {
  const week = new Map<string, QueueSlot>();
  for (const s of slots) week.set(`${s.day} ${s.time}`, { weekday: s.day, time: s.time });
  return sortSlots([...week.values()]);
}
