import { networks } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import {
  col,
  engagementColumns,
  engagementIn,
  engagementSums,
  networkWord,
  publishedIn,
  type ReportDefinition,
} from './sql.js';

export const popularPlatforms: ReportDefinition = {
  columns: [
    col('network', 'Network', 'text'),
    col('accounts', 'Connected accounts'),
    col('published', 'Published'),
    col('failed', 'Failed'),
    col('failureRate', 'Failure rate', 'percent'),
    col('reason', 'Commonest failure reason', 'text'),
    ...engagementColumns,
  ],
  chart: { x: 'network', bars: ['published', 'failed'], stacked: false },
  sort: 'published',
  desc: true,
  query: (ctx) => {
    const failedIn = sql`t.status = 'failed' and t.due_at >= ${ctx.range.start} and t.due_at < ${ctx.range.end}`;
    return sql`
      with n(network) as (values ${sql.join(
        networks.filter((x) => !ctx.network || x === ctx.network).map((x) => sql`(${x})`),
        sql`, `,
      )}),
      pub as (
        select t.network, count(*) as published from post_targets t
        where t.portal_id = ${ctx.portalId} and ${publishedIn(ctx)} group by t.network
      ),
      eng as (
        select m.network, ${engagementSums} from post_metrics m where ${engagementIn(ctx)} group by m.network
      ),
      fail as (
        select t.network, count(*) as failed, mode() within group (order by t.error) as reason
        from post_targets t
        where t.portal_id = ${ctx.portalId} and ${failedIn} group by t.network
      )
      select ${networkWord(sql`n.network`)} as network,
        (select count(*) from social_connections c where c.portal_id = ${ctx.portalId} and c.network = n.network and c.status = 'connected')::int as accounts,
        coalesce(pub.published, 0)::int as published,
        coalesce(fail.failed, 0)::int as failed,
        case when coalesce(pub.published, 0) + coalesce(fail.failed, 0) = 0 then null
          else round(100.0 * coalesce(fail.failed, 0) / (coalesce(pub.published, 0) + coalesce(fail.failed, 0)), 1)::float8 end as "failureRate",
        fail.reason,
        eng.impressions, eng.likes, eng.comments, eng.shares, eng.clicks
      from n left join pub on pub.network = n.network left join fail on fail.network = n.network
        left join eng on eng.network = n.network`;
  },
};
