import {
  networks,
  type EngagementTotals,
  type MyStats,
  type Network,
  type TargetStatus,
} from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../auth/sessions.js';
import { reportRange } from './range.js';
import { rowsOf } from '../../db/bulk.js';
import { reportZone, type ReportsDeps } from './service.js';

type Figure = number | string | null;
const figure = (value: Figure) => (value === null ? null : Number(value));
const totals = (row: Partial<Record<keyof EngagementTotals, Figure>> | undefined): EngagementTotals => ({
  impressions: figure(row?.impressions ?? null),
  likes: figure(row?.likes ?? null),
  comments: figure(row?.comments ?? null),
  shares: figure(row?.shares ?? null),
  clicks: figure(row?.clicks ?? null),
});

interface PostRow {
  target_id: string;
  network: Network;
  account_name: string;
  text: string;
  status: TargetStatus;
  time: Date | string | null;
  url: string | null;
  impressions: Figure;
  likes: Figure;
  comments: Figure;
  shares: Figure;
  clicks: Figure;
}

/** How many of the member's clicked posts My Results lists. */
const clickedPostsShown = 10;

interface ClickedRow {
  target_id: string;
  network: Network;
  account_name: string;
  text: string;
  time: Date | string | null;
  url: string | null;
  clicks: Figure;
  unique_clicks: Figure;
  previews: Figure;
}

const clickCounts = (r: { clicks: Figure; unique_clicks: Figure; previews: Figure } | undefined) => ({
  clicks: Number(r?.clicks ?? 0),
  uniqueClicks: Number(r?.unique_clicks ?? 0),
  previews: Number(r?.previews ?? 0),
});

const presentPost = (r: PostRow) => ({
  targetId: r.target_id,
  network: r.network,
  accountName: r.account_name,
  text: r.text,
  status: r.status,
  time: r.time === null ? null : new Date(r.time).toISOString(),
  url: r.url,
  metrics: totals(r),
});

/** The signed-in member's own results ('My Results'): never anyone else's posts. */
export async function myStats(
  deps: ReportsDeps,
  actor: Actor,
  q: { from?: string | undefined; to?: string | undefined; tz?: string | undefined },
): Promise<MyStats> {
  const now = deps.now?.() ?? new Date();
  const range = reportRange(q, await reportZone(deps, actor, q.tz), now);
  const mine = sql`p.user_id = ${actor.userId} and p.portal_id = ${actor.portalId}`;
  const publishedIn = (start: SQL, end: SQL) =>
    sql`t.status = 'published' and t.published_at >= ${start} and t.published_at < ${end}`;
  const sums = (start: SQL, end: SQL) => sql`
    select count(*) as published, sum(m.impressions) as impressions, sum(m.likes) as likes,
      sum(m.comments) as comments, sum(m.shares) as shares, sum(m.clicks) as clicks
    from post_targets t join posts p on p.id = t.post_id left join post_metrics m on m.target_id = t.id
    where ${mine} and ${publishedIn(start, end)}`;
  const postColumns = sql`t.id as target_id, t.network, t.account_name, left(coalesce(t.body_override, p.body), 280) as text,
    t.status, coalesce(t.published_at, t.due_at) as time, t.remote_url as url,
    m.impressions, m.likes, m.comments, m.shares, m.clicks`;
  // Clicks on the member's short links in the range (issue 30), per link; deleted posts' links too.
  const clickedLinks = sql`select c.code, sum(c.clicks)::int as clicks, sum(c.unique_clicks)::int as unique_clicks,
      sum(c.previews)::int as previews
    from short_link_clicks c join short_links l on l.code = c.code
    where l.user_id = ${actor.userId} and l.portal_id = ${actor.portalId}
      and c.hour >= ${range.start} and c.hour < ${range.end}
    group by c.code`;
  const [current, previous, byNetwork, perDay, best, recent, clickTotals, clicked] = await Promise.all([
    rowsOf<Record<string, Figure>>(deps.db, sums(range.start, range.end)),
    rowsOf<Record<string, Figure>>(deps.db, sums(range.previous.start, range.previous.end)),
    rowsOf<{ network: Network; n: Figure }>(
      deps.db,
      sql`select t.network, count(*) as n from post_targets t join posts p on p.id = t.post_id
        where ${mine} and ${publishedIn(range.start, range.end)} group by t.network`,
    ),
    rowsOf<{ day: string; published: Figure; likes: Figure; comments: Figure }>(
      deps.db,
      sql`with days as (select to_char(d, 'YYYY-MM-DD') as day
          from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d),
        mine as (select to_char(t.published_at at time zone ${range.timeZone}, 'YYYY-MM-DD') as day, m.likes, m.comments
          from post_targets t join posts p on p.id = t.post_id left join post_metrics m on m.target_id = t.id
          where ${mine} and ${publishedIn(range.start, range.end)})
        select days.day, count(mine.day) as published, coalesce(sum(mine.likes), 0) as likes,
          coalesce(sum(mine.comments), 0) as comments
        from days left join mine on mine.day = days.day group by days.day order by days.day`,
    ),
    rowsOf<PostRow>(
      deps.db,
      sql`select ${postColumns} from post_targets t join posts p on p.id = t.post_id
        join post_metrics m on m.target_id = t.id
        where ${mine} and ${publishedIn(range.start, range.end)} and m.likes is not null
        order by m.likes desc, t.published_at desc limit 5`,
    ),
    rowsOf<PostRow>(
      deps.db,
      sql`select ${postColumns} from post_targets t join posts p on p.id = t.post_id
        left join post_metrics m on m.target_id = t.id
        where ${mine} and t.status in ('published', 'failed', 'needs_reconnect', 'unknown', 'publishing')
          and coalesce(t.published_at, t.due_at) < ${range.end}
        order by coalesce(t.published_at, t.due_at) desc limit 10`,
    ),
    rowsOf<{ clicks: Figure; unique_clicks: Figure; previews: Figure }>(
      deps.db,
      sql`select coalesce(sum(n.clicks), 0) as clicks, coalesce(sum(n.unique_clicks), 0) as unique_clicks,
        coalesce(sum(n.previews), 0) as previews from (${clickedLinks}) n`,
    ),
    rowsOf<ClickedRow>(
      deps.db,
      sql`select l.target_id, l.network, l.account_name, l.text, t.published_at as time, t.remote_url as url,
          n.clicks, n.unique_clicks, n.previews
        from (${clickedLinks}) n join short_links l on l.code = n.code
        left join post_targets t on t.id = l.target_id
        where n.clicks > 0
        order by n.clicks desc, l.created_at desc limit ${clickedPostsShown}`,
    ),
  ]);
  const counts = new Map(byNetwork.map((r) => [r.network, Number(r.n)]));
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    published: { current: Number(current[0]?.published ?? 0), previous: Number(previous[0]?.published ?? 0) },
    byNetwork: networks.map((network) => ({ network, published: counts.get(network) ?? 0 })),
    engagement: { current: totals(current[0]), previous: totals(previous[0]) },
    perDay: perDay.map((d) => ({
      day: d.day,
      published: Number(d.published),
      likes: Number(d.likes),
      comments: Number(d.comments),
    })),
    best: best.map(presentPost),
    recent: recent.map(presentPost),
    linkClicks: clickCounts(clickTotals[0]),
    clickedPosts: clicked.map((r) => ({
      targetId: r.target_id,
      network: r.network,
      accountName: r.account_name,
      text: r.text,
      time: r.time === null ? null : new Date(r.time).toISOString(),
      url: r.url,
      linkClicks: clickCounts(r),
    })),
  };
}
