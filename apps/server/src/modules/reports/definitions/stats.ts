import { engagementLabels, networkNames, networks } from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  col,
  engagementIn,
  engagementMetrics,
  hasAccess,
  networkFilter,
  publishedIn,
  type ReportContext,
  type ReportDefinition,
} from './sql.js';

/**
 * Basic Stats in a handful of scans, not one per figure: the published targets of both periods once
 * (counts and active members as FILTER aggregates per member, then summed), their engagement once off
 * post_metrics' range index, the due targets of both once, the Auto-Posts of both once and the
 * connected accounts once; the figures are then read off those rows.
 */
function statsQuery(ctx: ReportContext): SQL {
  const { range } = ctx;
  const portal = ctx.portalId;
  const cur = sql`${range.start}`;
  const metrics = engagementMetrics;
  const figure = (pos: number, label: string, current: SQL, previous: SQL | null) =>
    sql`select ${pos}::int as pos, ${label}::text as metric, (${current})::float8 as current,
      ${previous ? sql`(${previous})::float8` : sql`null::float8`} as previous`;
  const shownNetworks = networks.filter((n) => !ctx.network || n === ctx.network);
  return sql`
    with per_member as (
      select count(*) filter (where t.published_at >= ${cur}) as pub_cur,
        count(*) filter (where t.published_at < ${cur}) as pub_prev
      from post_targets t
      where t.portal_id = ${portal} and ${publishedIn(ctx, range.previous.start, range.end)}
      group by t.user_id
    ), engagement as (
      select ${sql.join(
        metrics.map(
          (m) =>
            sql`sum(m.${sql.raw(m)}) filter (where m.published_at >= ${cur}) as ${sql.raw(m)}_cur,
              sum(m.${sql.raw(m)}) filter (where m.published_at < ${cur}) as ${sql.raw(m)}_prev`,
        ),
        sql`, `,
      )}
      from post_metrics m
      where ${engagementIn(ctx, range.previous.start, range.end)}
    ), pub_sums as (
      select sum(pub_cur) as pub_cur, sum(pub_prev) as pub_prev,
        count(*) filter (where pub_cur > 0) as active_cur, count(*) filter (where pub_prev > 0) as active_prev
      from per_member
    ), due as (
      select count(*) filter (where t.status <> 'cancelled' and t.due_at >= ${cur}) as scheduled_cur,
        count(*) filter (where t.status <> 'cancelled' and t.due_at < ${cur}) as scheduled_prev,
        count(*) filter (where t.status = 'failed' and t.due_at >= ${cur}) as failed_cur,
        count(*) filter (where t.status = 'failed' and t.due_at < ${cur}) as failed_prev
      from post_targets t
      where t.portal_id = ${portal} and t.due_at >= ${range.previous.start} and t.due_at < ${range.end}
        ${networkFilter(ctx)}
    ), ap as (
      select count(*) filter (where a.fanout_started_at >= ${cur}) as sent_cur,
        count(*) filter (where a.fanout_started_at < ${cur}) as sent_prev,
        coalesce(sum(a.members_reached) filter (where a.fanout_started_at >= ${cur}), 0) as reached_cur,
        coalesce(sum(a.members_reached) filter (where a.fanout_started_at < ${cur}), 0) as reached_prev
      from auto_posts a
      where a.portal_id = ${portal} and a.fanout_started_at >= ${range.previous.start} and a.fanout_started_at < ${range.end}
    ), conn as (
      select ${sql.join(
        networks.map((n) => sql`count(*) filter (where c.network = ${n}) as ${sql.identifier(n)}`),
        sql`, `,
      )}, count(*) filter (where c.auto_post) as auto_post
      from social_connections c
      where c.portal_id = ${portal} and c.status = 'connected' ${networkFilter(ctx, sql`c.network`)}
    )
    ${sql.join(
      [
        figure(
          1,
          'Members with FitPost access',
          sql`select count(*) from users u where u.portal_id = ${portal} and ${hasAccess(ctx, sql`u.id`)}`,
          null,
        ),
        figure(
          2,
          'Members active (published a post)',
          sql`select active_cur from pub_sums`,
          sql`select active_prev from pub_sums`,
        ),
        ...shownNetworks.map((n) =>
          figure(
            3 + networks.indexOf(n),
            `Connected accounts: ${networkNames[n]}`,
            sql`select ${sql.identifier(n)} from conn`,
            null,
          ),
        ),
        figure(7, 'Auto-Post opt-ins (accounts)', sql`select auto_post from conn`, null),
        figure(
          8,
          'Posts scheduled (per account)',
          sql`select scheduled_cur from due`,
          sql`select scheduled_prev from due`,
        ),
        figure(
          9,
          'Posts published (per account)',
          sql`select pub_cur from pub_sums`,
          sql`select pub_prev from pub_sums`,
        ),
        figure(
          10,
          'Posts failed (per account)',
          sql`select failed_cur from due`,
          sql`select failed_prev from due`,
        ),
        figure(11, 'Auto-Posts sent', sql`select sent_cur from ap`, sql`select sent_prev from ap`),
        figure(
          12,
          'Members reached by Auto-Posts',
          sql`select reached_cur from ap`,
          sql`select reached_prev from ap`,
        ),
        ...metrics.map((m, i) =>
          figure(
            13 + i,
            `Engagement: ${engagementLabels[m]}`,
            sql`select ${sql.raw(m)}_cur from engagement`,
            sql`select ${sql.raw(m)}_prev from engagement`,
          ),
        ),
      ],
      sql` union all `,
    )}`;
}

export const stats: ReportDefinition = {
  columns: [
    col('metric', 'Figure', 'text'),
    col('current', 'This period'),
    col('previous', 'Previous period'),
  ],
  chart: null,
  sort: 'pos',
  desc: false,
  query: statsQuery,
};
