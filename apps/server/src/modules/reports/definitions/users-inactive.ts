import { sql } from 'drizzle-orm';
import { col, hasAccess, localTime, type ReportDefinition } from './sql.js';

export const usersInactive: ReportDefinition = {
  columns: [
    col('member', 'Member', 'text'),
    col('email', 'Email', 'text'),
    col('lastSignIn', 'Last sign-in', 'datetime'),
    col('lastPost', 'Last post', 'datetime'),
    col('accounts', 'Connected accounts'),
    col('autoPost', 'Auto-Post', 'text'),
  ],
  chart: null,
  sort: 'lastSignIn',
  desc: false,
  memberId: 'user_id',
  query: (ctx) => {
    const cutoff = sql`${new Date(ctx.now.getTime() - (ctx.days ?? 30) * 86_400_000).toISOString()}::timestamptz`;
    // The inactive first (not signed in since the cutoff, nothing published since: an anti-join
    // over the targets published since the cutoff, read through their index), then each one's
    // last post, so only inactive members' posts are read for it.
    return sql`
      with inactive as materialized (
        select u.id, u.full_name, u.email, u.last_sign_in_at
        from users u
        where u.portal_id = ${ctx.portalId} and ${hasAccess(ctx, sql`u.id`)}
          and (u.last_sign_in_at is null or u.last_sign_in_at < ${cutoff})
          and not exists (select 1 from post_targets t
            where t.user_id = u.id and t.status = 'published' and t.published_at >= ${cutoff})
      )
      select i.id as user_id, i.full_name as member, i.email,
        ${localTime(ctx, sql`i.last_sign_in_at`)} as "lastSignIn",
        ${localTime(ctx, sql`lp.at`)} as "lastPost",
        (select count(*) from social_connections c where c.user_id = i.id and c.status = 'connected')::int as accounts,
        case when exists (select 1 from social_connections c where c.user_id = i.id and c.auto_post) then 'On' else 'Off' end as "autoPost"
      from inactive i
      left join lateral (select max(t.published_at) as at from post_targets t
        where t.user_id = i.id and t.status = 'published') lp on true`;
  },
};
