/**
 * The eleven reports as SQL, each one select whose column aliases are its columns' keys, scoped to the
 * caller's portal. Range filters use indexed columns (post_targets.published_at through the partial
 * index of published targets, due_at through the status/due index); engagement is the latest figures the
 * metrics job keeps per target (post_metrics), summed: a sum over unknown figures stays null.
 */
import {
  engagementLabels,
  feedFetchStatusLabels,
  networkNames,
  networks,
  targetStatusLabels,
  type Network,
  type ReportChart,
  type ReportColumn,
  type ReportRoute,
} from '@fitpost/contract';
import { roleIds } from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from './range.js';

export interface ReportContext {
  portalId: number;
  range: ReportRange;
  network: Network | undefined;
  now: Date;
  /** Inactive Users: days without activity (30). (Upcoming Posts: its range's length by default.) */
  days: number | undefined;
}

export interface ReportDefinition {
  columns: ReportColumn[];
  chart: ReportChart | null;
  sort: string;
  desc: boolean;
  /** Columns sorted by a raw value the query also selects (a time rather than its text), so an index can give the order. */
  orderBy?: Record<string, string>;
  /** The selected column holding each row's user id, when the rows are members (not shown, not in the CSV). */
  memberId?: string;
  /**
   * Many rows: counted in a statement of their own (this one: the same rows, without the joins
   * that only add columns), so a page is read through the order's index.
   */
  count?(ctx: ReportContext): SQL;
  query(ctx: ReportContext): SQL;
}

const col = (key: string, label: string, type: ReportColumn['type'] = 'number'): ReportColumn => ({
  key,
  label,
  type,
});
const engagementMetrics = ['impressions', 'likes', 'comments', 'shares', 'clicks'] as const;
const engagementColumns = engagementMetrics.map((m) => col(m, engagementLabels[m]));

/**
 * A stored value (a network, a status) as the product words it, from the contract's vocabulary, so
 * screen and CSV alike read "Facebook Page" and "Posted", never "facebook" or "published".
 */
const wordOf = (column: SQL, labels: Readonly<Record<string, string>>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(labels).map(([value, word]) => sql`when ${value} then ${word}::text`),
    sql` `,
  )} else ${column}::text end)`;
const networkWord = (column: SQL) => wordOf(column, networkNames);
const engagementSums = sql`sum(m.impressions)::float8 as impressions, sum(m.likes)::float8 as likes,
  sum(m.comments)::float8 as comments, sum(m.shares)::float8 as shares, sum(m.clicks)::float8 as clicks`;

const networkFilter = (ctx: ReportContext, column: SQL = sql`t.network`) =>
  ctx.network ? sql`and ${column} = ${ctx.network}` : sql``;
const publishedIn = (ctx: ReportContext, start = ctx.range.start, end = ctx.range.end) =>
  sql`t.status = 'published' and t.published_at >= ${start} and t.published_at < ${end} ${networkFilter(ctx)}`;
/**
 * The latest figures of the targets published in a range, read off post_metrics' own copy of each
 * target's portal, network and time (`post_metrics_portal_published_idx`, every column a report sums):
 * exactly the figures of the targets `publishedIn` selects, as the copy is held to its target by a
 * foreign key and a published target stays published.
 */
const engagementIn = (ctx: ReportContext, start = ctx.range.start, end = ctx.range.end) =>
  sql`m.portal_id = ${ctx.portalId} and m.published_at >= ${start} and m.published_at < ${end} ${networkFilter(ctx, sql`m.network`)}`;
const localDay = (ctx: ReportContext, column: SQL) =>
  sql`to_char(${column} at time zone ${ctx.range.timeZone}, 'YYYY-MM-DD')`;
const localTime = (ctx: ReportContext, column: SQL) =>
  sql`to_char(${column} at time zone ${ctx.range.timeZone}, 'YYYY-MM-DD HH24:MI')`;
const hasAccess = (ctx: ReportContext, user: SQL) => sql`exists (select 1 from user_roles r
  where r.user_id = ${user} and r.role_id in (${roleIds.member}, ${roleIds.admin})
  and r.start_date <= ${ctx.now.toISOString()}::timestamptz
  and (r.expiry_date is null or r.expiry_date > ${ctx.now.toISOString()}::timestamptz))`;
const source = sql`case when p.auto_post_id is not null then 'Auto-Post' when p.content_id is not null then 'Library' else 'Own' end`;

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

export const reportDefinitions: Record<ReportRoute, ReportDefinition> = {
  stats: {
    columns: [
      col('metric', 'Figure', 'text'),
      col('current', 'This period'),
      col('previous', 'Previous period'),
    ],
    chart: null,
    sort: 'pos',
    desc: false,
    query: statsQuery,
  },
  postsperday: {
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
  },
  popularcontent: {
    columns: [
      col('title', 'Content', 'text'),
      col('posts', "Members' posts"),
      col('autoPosts', 'Auto-Post deliveries'),
      ...engagementColumns,
    ],
    chart: { x: 'title', bars: ['posts', 'autoPosts'], stacked: true },
    sort: 'posts',
    desc: true,
    // A post made from a library item carries it (an Auto-Post's deliveries too: the fan-out copies the
    // Auto-Post's item onto each member's post), and each of its targets a copy of it and of whether
    // the post came from an Auto-Post: the month is read off post_targets_portal_content_idx alone.
    query: (ctx) => sql`
      select c.title,
        count(*) filter (where not t.from_auto_post)::int as posts,
        count(*) filter (where t.from_auto_post)::int as "autoPosts",
        ${engagementSums}
      from post_targets t join content_items c on c.id = t.content_id
      left join post_metrics m on m.target_id = t.id and ${engagementIn(ctx)}
      where t.portal_id = ${ctx.portalId} and t.content_id is not null and ${publishedIn(ctx)}
      group by c.id, c.title`,
  },
  popularfavorites: {
    columns: [col('title', 'Content', 'text'), col('favorites', 'Favorites added')],
    chart: { x: 'title', bars: ['favorites'], stacked: false },
    sort: 'favorites',
    desc: true,
    query: (ctx) => sql`
      select c.title, count(*)::int as favorites
      from favorites f join content_items c on c.id = f.content_id
      join users u on u.id = f.user_id
      where c.portal_id = ${ctx.portalId} and u.portal_id = ${ctx.portalId}
        and f.created_at >= ${ctx.range.start} and f.created_at < ${ctx.range.end}
      group by c.id, c.title`,
  },
  populartags: {
    columns: [col('tag', 'Tag', 'text'), col('posts', 'Posts'), col('favorites', 'Favorites')],
    chart: { x: 'tag', bars: ['posts', 'favorites'], stacked: false },
    sort: 'posts',
    desc: true,
    // The period's posts counted per item once, then per tag (not one scan of the period per tag).
    query: (ctx) => sql`
      with used as (
        select t.content_id, count(*) as n
        from post_targets t
        where t.portal_id = ${ctx.portalId} and t.content_id is not null and ${publishedIn(ctx)}
        group by 1
      ), posted as (
        select ct.tag_id, sum(used.n) as n from used join content_tags ct on ct.content_id = used.content_id
        group by ct.tag_id
      ), liked as (
        select ct.tag_id, count(*) as n from favorites f join content_tags ct on ct.content_id = f.content_id
        where f.created_at >= ${ctx.range.start} and f.created_at < ${ctx.range.end}
        group by ct.tag_id
      )
      select g.name as tag, coalesce(posted.n, 0)::int as posts, coalesce(liked.n, 0)::int as favorites
      from tags g left join posted on posted.tag_id = g.id left join liked on liked.tag_id = g.id
      where g.portal_id = ${ctx.portalId}`,
  },
  popularplatforms: {
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
  },
  postsdetail: {
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
  },
  upcoming: {
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
  },
  usersinactive: {
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
  },
  feedusage: {
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
  },
  topusers: {
    columns: [
      col('member', 'Member', 'text'),
      col('published', 'Published'),
      col('failed', 'Failed'),
      ...engagementColumns,
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
      )
      select u.full_name as member, coalesce(pub.n, 0)::int as published, coalesce(fail.n, 0)::int as failed,
        eng.impressions, eng.likes, eng.comments, eng.shares, eng.clicks
      from pub full join fail on fail.user_id = pub.user_id
      left join eng on eng.user_id = pub.user_id
      join users u on u.id = coalesce(pub.user_id, fail.user_id)`,
  },
};
