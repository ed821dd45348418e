import { networkNames, networks } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import { col, localDay, networkFilter, publishedIn, type ReportDefinition } from './sql.js';

export const postsPerDay: ReportDefinition = {
  columns: [
    col('day', 'Day', 'date'),
    ...networks.map((n) => col(n, networkNames[n])),
    col('published', 'Published'),
    col('failed', 'Failed'),
  ],
  chart: { x: 'day', bars: [...networks], stacked: true, line: 'failed' },
  sort: 'day',
  desc: false,
  query: (ctx) => sql`
      with days as (
        select to_char(d, 'YYYY-MM-DD') as day
        from generate_series(${ctx.range.from}::date, ${ctx.range.to}::date, interval '1 day') d
      ), published as (
        select ${localDay(ctx, sql`t.published_at`)} as day, t.network, count(*) as n
        from post_targets t
        where t.portal_id = ${ctx.portalId} and ${publishedIn(ctx)}
        group by 1, 2
      ), failed as (
        select ${localDay(ctx, sql`t.due_at`)} as day, count(*) as n
        from post_targets t
        where t.portal_id = ${ctx.portalId} and t.status = 'failed'
          and t.due_at >= ${ctx.range.start} and t.due_at < ${ctx.range.end} ${networkFilter(ctx)}
        group by 1
      )
      select days.day,
        ${sql.join(
          networks.map(
            (n) =>
              sql`coalesce(sum(published.n) filter (where published.network = ${n}), 0)::int as ${sql.identifier(n)}`,
          ),
          sql`, `,
        )},
        coalesce(sum(published.n), 0)::int as published,
        coalesce(max(failed.n), 0)::int as failed
      from days left join published on published.day = days.day left join failed on failed.day = days.day
      group by days.day`,
};
