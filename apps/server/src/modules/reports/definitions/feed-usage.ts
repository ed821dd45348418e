import { feedFetchStatusLabels } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { col, localTime, publishedIn, type ReportDefinition, wordOf } from './sql.js';

export const feedUsage: ReportDefinition = {
  columns: [
    col('feed', 'Feed', 'text'),
    col('owner', 'Owner', 'text'),
    col('items', 'Items imported'),
    col('used', 'Items used in posts'),
    col('lastRefresh', 'Last refresh', 'datetime'),
    col('outcome', 'Outcome', 'text'),
  ],
  chart: { x: 'feed', bars: ['items', 'used'], stacked: false },
  sort: 'used',
  desc: true,
  query: (ctx) => sql`
      select f.name as feed, case when f.is_system then 'System' else coalesce(u.full_name, 'Member') end as owner,
        (select count(*) from content_items c where c.feed_id = f.id
          and c.created_at >= ${ctx.range.start} and c.created_at < ${ctx.range.end})::int as items,
        (select count(distinct c.id) from content_items c join posts p on p.content_id = c.id
          join post_targets t on t.post_id = p.id
          where c.feed_id = f.id and t.portal_id = ${ctx.portalId} and ${publishedIn(ctx)})::int as used,
        ${localTime(ctx, sql`f.last_fetched_at`)} as "lastRefresh",
        case when f.last_status is null then null
          when f.last_error is null then ${wordOf(sql`f.last_status`, feedFetchStatusLabels)}
          else ${wordOf(sql`f.last_status`, feedFetchStatusLabels)} || ': ' || f.last_error end as outcome
      from feeds f left join users u on u.id = f.user_id
      where f.portal_id = ${ctx.portalId}`,
};
