import { sql } from 'drizzle-orm';
import { col, localDay, networkFilter, networkWord, type ReportDefinition, source } from './sql.js';

export const upcoming: ReportDefinition = {
  columns: [
    col('day', 'Day', 'date'),
    col('time', 'Time', 'text'),
    col('member', 'Member', 'text'),
    col('source', 'Source', 'text'),
    col('network', 'Network', 'text'),
    col('account', 'Account', 'text'),
  ],
  chart: null,
  sort: 'day',
  desc: false,
  query: (ctx) => {
    const now = sql`${ctx.now.toISOString()}::timestamptz`;
    return sql`
      select ${localDay(ctx, sql`t.due_at`)} as day,
        to_char(t.due_at at time zone ${ctx.range.timeZone}, 'HH24:MI') as time,
        u.full_name as member, ${source} as source, ${networkWord(sql`t.network`)} as network,
        t.account_name as account, t.due_at as at
      from post_targets t join posts p on p.id = t.post_id join users u on u.id = t.user_id
      where t.portal_id = ${ctx.portalId} and t.status = 'scheduled'
        and t.due_at >= greatest(${now}, ${ctx.range.start}) and t.due_at < ${ctx.range.end} ${networkFilter(ctx)}`;
  },
};
