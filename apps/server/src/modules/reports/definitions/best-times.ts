import { weekdayNames } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { hasEngagementFigures, localHour, localWeekday, postEngagement } from '../../../db/engagement-sql.js';
import { col, engagementIn, wordOf, type ReportDefinition } from './sql.js';

const weekdayWords = Object.fromEntries(weekdayNames.map((name, i) => [String(i + 1), name]));

/**
 * Best Times (issue 29): every weekday × hour of the week on the admin's clocks (168 rows, Monday
 * 00:00 first), with the published posts that have figures, their engagement (likes + comments +
 * shares + link clicks, as the contract defines it) and the engagement per post. One grouped
 * index-only read of the range's figures (`post_metrics_portal_published_idx`), joined to the
 * week's grid so a quiet hour is a row of zeros, not a gap.
 */
export const bestTimes: ReportDefinition = {
  columns: [
    col('day', 'Day', 'text'),
    col('hour', 'Hour', 'text'),
    col('posts', 'Posts'),
    col('engagement', 'Engagement'),
    col('perPost', 'Engagement per post'),
  ],
  chart: null,
  sort: 'day',
  desc: false,
  // The week's order, not the words' alphabet.
  orderBy: { day: 'slot', hour: 'slot' },
  query: (ctx) => {
    const zone = ctx.range.timeZone;
    return sql`
      with cells as (
        select ${localWeekday(zone)} as d, ${localHour(zone)} as h, count(*) as posts, sum(${postEngagement}) as engagement
        from post_metrics m
        where ${engagementIn(ctx)} and ${hasEngagementFigures}
        group by 1, 2
      )
      select ${wordOf(sql`g.d::text`, weekdayWords)} as day, lpad(g.h::text, 2, '0') || ':00' as hour,
        coalesce(cells.posts, 0)::int as posts, coalesce(cells.engagement, 0)::float8 as engagement,
        case when cells.posts > 0 then round((cells.engagement / cells.posts)::numeric, 1)::float8 end as "perPost",
        g.d * 100 + g.h as slot
      from (select d, h from generate_series(1, 7) d cross join generate_series(0, 23) h) g
        left join cells on cells.d = g.d and cells.h = g.h`;
  },
};
