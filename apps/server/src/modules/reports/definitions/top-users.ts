import { sql } from 'drizzle-orm';
import { trackedClicksLabel } from '@fitpost/contract';
import { linkClicksIn } from './link-clicks.js';
import {
  col,
  engagementColumns,
  engagementIn,
  engagementSums,
  networkFilter,
  publishedIn,
  type ReportDefinition,
} from './sql.js';

export const topUsers: ReportDefinition = {
  columns: [
    col('member', 'Member', 'text'),
    col('published', 'Published'),
    col('failed', 'Failed'),
    ...engagementColumns,
    col('linkClicks', trackedClicksLabel),
  ],
  chart: { x: 'member', bars: ['published'], stacked: false },
  sort: 'published',
  desc: true,
  // Published, failed and engagement counted apart, each off its own index, then joined per member
  // (one scan for "published or due in the range" reads the whole table).
  query: (ctx) => sql`
      with pub as (
        select t.user_id, count(*) as n from post_targets t
        where t.portal_id = ${ctx.portalId} and ${publishedIn(ctx)}
        group by t.user_id
      ), eng as (
        select m.user_id, ${engagementSums} from post_metrics m where ${engagementIn(ctx)} group by m.user_id
      ), fail as (
        select t.user_id, count(*) as n from post_targets t
        where t.portal_id = ${ctx.portalId} and t.status = 'failed'
          and t.due_at >= ${ctx.range.start} and t.due_at < ${ctx.range.end} ${networkFilter(ctx)}
        group by t.user_id
      ), lc as (${linkClicksIn(ctx, 'l.user_id')})
      select u.full_name as member, coalesce(pub.n, 0)::int as published, coalesce(fail.n, 0)::int as failed,
        eng.impressions, eng.likes, eng.comments, eng.shares, eng.clicks, coalesce(lc.clicks, 0) as "linkClicks"
      from pub full join fail on fail.user_id = pub.user_id
      full join lc on lc.key = coalesce(pub.user_id, fail.user_id)
      left join eng on eng.user_id = pub.user_id
      join users u on u.id = coalesce(pub.user_id, fail.user_id, lc.key)`,
};
