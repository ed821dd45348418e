import { targetStatusLabels } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import {
  col,
  engagementColumns,
  localTime,
  networkFilter,
  networkWord,
  type ReportDefinition,
  source,
  wordOf,
} from './sql.js';

export const postsDetail: ReportDefinition = {
  columns: [
    col('member', 'Member', 'text'),
    col('source', 'Source', 'text'),
    col('network', 'Network', 'text'),
    col('account', 'Account', 'text'),
    col('status', 'Status', 'text'),
    col('scheduledAt', 'Scheduled', 'datetime'),
    col('publishedAt', 'Published', 'datetime'),
    col('link', 'Live link', 'link'),
    col('reason', 'Failure reason', 'text'),
    col('text', 'Text', 'text'),
    ...engagementColumns,
  ],
  chart: null,
  sort: 'scheduledAt',
  desc: true,
  orderBy: { scheduledAt: 'due_at', publishedAt: 'published_at' },
  // Each target has its post and member (foreign keys), so the targets alone give the count.
  count: (ctx) => sql`
      select count(*) as n from post_targets t
      where t.portal_id = ${ctx.portalId} and t.due_at >= ${ctx.range.start} and t.due_at < ${ctx.range.end}
        ${networkFilter(ctx)}`,
  query: (ctx) => sql`
      select u.full_name as member, ${source} as source, ${networkWord(sql`t.network`)} as network,
        t.account_name as account, ${wordOf(sql`t.status`, targetStatusLabels)} as status,
        t.due_at, t.published_at,
        ${localTime(ctx, sql`t.due_at`)} as "scheduledAt",
        ${localTime(ctx, sql`t.published_at`)} as "publishedAt",
        t.remote_url as link, case when t.status = 'failed' then t.error end as reason,
        left(coalesce(t.body_override, p.body), 200) as text,
        m.impressions::float8 as impressions, m.likes::float8 as likes, m.comments::float8 as comments,
        m.shares::float8 as shares, m.clicks::float8 as clicks
      from post_targets t join posts p on p.id = t.post_id join users u on u.id = t.user_id
      left join post_metrics m on m.target_id = t.id
      where t.portal_id = ${ctx.portalId} and t.due_at >= ${ctx.range.start} and t.due_at < ${ctx.range.end}
        ${networkFilter(ctx)}`,
};
