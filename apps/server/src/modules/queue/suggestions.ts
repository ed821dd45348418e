import {
  defaultSuggestedTimes,
  networks,
  suggestionLimits,
  type Network,
  type QueueSuggestions,
  type SuggestedSlot,
} from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/bulk.js';
import { hasEngagementFigures, localHour, localWeekday, postEngagement } from '../../db/engagement-sql.js';
import type { Actor } from '../auth/sessions.js';
import { memberZone } from '../organisation/time-zone.js';
import type { QueueDeps } from './service.js';

/** One weekday × hour of one network: the member's posts and engagement there, and the portal's. */
interface Cell {
  network: Network;
  day: number;
  hour: number;
  ownPosts: number;
  ownEngagement: number;
  allPosts: number;
  allEngagement: number;
}

/**
 * The portal's published posts with figures of the last `lookbackDays`, summed per network,
 * weekday and hour on the member's clocks, the member's own apart (FILTER), in one statement: at
 * most 4 × 168 rows leave the database. It is one index-only range of
 * `post_metrics_portal_published_idx` (portal, time, then every column read).
 */
async function cellsOf(deps: QueueDeps, actor: Actor, zone: string, now: Date): Promise<Cell[]> {
  const since = new Date(now.getTime() - suggestionLimits.lookbackDays * 86_400_000);
  const rows = await rowsOf<Record<keyof Cell, string | number>>(
    deps.db,
    sql`select m.network, ${localWeekday(zone)} as day, ${localHour(zone)} as hour,
        count(*) filter (where m.user_id = ${actor.userId}) as "ownPosts",
        coalesce(sum(${postEngagement}) filter (where m.user_id = ${actor.userId}), 0) as "ownEngagement",
        count(*) as "allPosts", sum(${postEngagement}) as "allEngagement"
      from post_metrics m
      where m.portal_id = ${actor.portalId} and m.published_at >= ${since.toISOString()}::timestamptz
        and m.published_at < ${now.toISOString()}::timestamptz and ${hasEngagementFigures}
      group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    network: r.network as Network,
    day: Number(r.day),
    hour: Number(r.hour),
    ownPosts: Number(r.ownPosts),
    ownEngagement: Number(r.ownEngagement),
    allPosts: Number(r.allPosts),
    allEngagement: Number(r.allEngagement),
  }));
}

const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The best `perNetwork` hours of each network, scored as the contract defines: the cell's
 * engagement per post smoothed towards the network's average by k imaginary average posts, over
 * that average (1 = an average hour). Ties go to the cell with more posts, then the earlier hour.
 */
function bestHours(
  cells: readonly { network: Network; day: number; hour: number; posts: number; engagement: number }[],
): SuggestedSlot[] {
  const k = suggestionLimits.smoothingPosts;
  return networks.flatMap((network) => {
    const mine = cells.filter((c) => c.network === network && c.posts > 0);
    const posts = mine.reduce((n, c) => n + c.posts, 0);
    if (posts === 0) return [];
    const average = mine.reduce((n, c) => n + c.engagement, 0) / posts;
    return mine
      .map((c) => ({
        cell: c,
        score: average > 0 ? (c.engagement + k * average) / (c.posts + k) / average : 1,
      }))
      .sort(
        (a, b) =>
          b.score - a.score ||
          b.cell.posts - a.cell.posts ||
          a.cell.day - b.cell.day ||
          a.cell.hour - b.cell.hour,
      )
      .slice(0, suggestionLimits.perNetwork)
      .map(({ cell, score }) => ({
        day: cell.day,
        time: hourText(cell.hour),
        network,
        score: Math.round(score * 100) / 100,
      }));
  });
}

/**
 * GET /api/queue/suggestions: the member's best weekly hours per network, in their zone, from
 * their own posts' figures when they have `minOwnPosts`, else their organisation's (the portal's
 * members, the member's own among them) when it has `minOrganisationPosts`, else FitPost's
 * defaults. Only the caller's portal is ever read.
 */
export async function suggestTimes(deps: QueueDeps, actor: Actor): Promise<QueueSuggestions> {
  const now = deps.now?.() ?? new Date();
  const timeZone = await memberZone(deps.db, actor.userId, deps.timeZone);
  const cells = await cellsOf(deps, actor, timeZone, now);
  const own = cells.reduce((n, c) => n + c.ownPosts, 0);
  if (own >= suggestionLimits.minOwnPosts) {
    const slots = bestHours(cells.map((c) => ({ ...c, posts: c.ownPosts, engagement: c.ownEngagement })));
    return { basis: 'mine', posts: own, timeZone, slots };
  }
  const all = cells.reduce((n, c) => n + c.allPosts, 0);
  if (all >= suggestionLimits.minOrganisationPosts) {
    const slots = bestHours(cells.map((c) => ({ ...c, posts: c.allPosts, engagement: c.allEngagement })));
    return { basis: 'organisation', posts: all, timeZone, slots };
  }
  const slots = networks.flatMap((network) =>
    defaultSuggestedTimes[network].map((s) => ({ ...s, network, score: null })),
  );
  return { basis: 'default', posts: 0, timeZone, slots };
}
