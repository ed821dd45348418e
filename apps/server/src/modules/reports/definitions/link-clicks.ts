import { linkClickLabels, shortLinkPrefix } from '@fitpost/contract';
import { sql } from 'drizzle-orm';
import {
  col,
  localTime,
  networkFilter,
  networkWord,
  type ReportContext,
  type ReportDefinition,
} from './sql.js';

/**
 * Clicks in the range per short link of the portal, summed off short_link_clicks (hourly counts),
 * grouped by `key` of short_links (`l.code`: one row per post target; `l.user_id`: per member;
 * `l.network`: per network), with how many of the group's links were clicked in the range.
 */
export const linkClicksIn = (ctx: ReportContext, key: string) => sql`
  select ${sql.raw(key)} as key, sum(c.clicks)::int as clicks, sum(c.unique_clicks)::int as unique_clicks,
    sum(c.previews)::int as previews, (count(distinct l.code) filter (where c.clicks > 0))::int as links
  from short_link_clicks c join short_links l on l.code = c.code
  where l.portal_id = ${ctx.portalId} and c.hour >= ${ctx.range.start} and c.hour < ${ctx.range.end}
    ${networkFilter(ctx, sql`l.network`)}
  group by ${sql.raw(key)}`;

const countColumns = [
  col('clicks', linkClickLabels.clicks),
  col('uniqueClicks', linkClickLabels.uniqueClicks),
  col('previews', linkClickLabels.previews),
];
const counts = sql`n.clicks, n.unique_clicks as "uniqueClicks", n.previews`;

/**
 * By post (the default view): one row per link FitPost published (a post on one account: its
 * member, post and network), with the clicks, unique clicks and link previews counted in the range.
 * A deleted post's link keeps its row: the link and what it said were copied when it went out.
 */
const byPost: ReportDefinition = {
  columns: [
    col('text', 'Post', 'text'),
    col('member', 'Member', 'text'),
    col('network', 'Network', 'text'),
    col('account', 'Account', 'text'),
    col('sentAt', 'Published', 'datetime'),
    col('shortLink', 'Short link', 'text'),
    col('destination', 'Destination', 'link'),
    ...countColumns,
  ],
  chart: null,
  sort: 'clicks',
  desc: true,
  query: (ctx) => sql`
      with n as (${linkClicksIn(ctx, 'l.code')})
      select left(l.text, 120) as text, u.full_name as member, ${networkWord(sql`l.network`)} as network,
        l.account_name as account, ${localTime(ctx, sql`l.created_at`)} as "sentAt",
        ${shortLinkPrefix} || l.code as "shortLink", l.destination, ${counts}
      from n join short_links l on l.code = n.key join users u on u.id = l.user_id`,
};

/** Links clicked in the range: a link with only previews (a crawler's fetch) is not one. */
const linksClicked = col('links', 'Links clicked');

/** By member: each member's links summed (a removed member's links are gone with them). */
const byMember: ReportDefinition = {
  columns: [col('member', 'Member', 'text'), linksClicked, ...countColumns],
  chart: { x: 'member', bars: ['clicks', 'uniqueClicks'], stacked: false },
  sort: 'clicks',
  desc: true,
  query: (ctx) => sql`
      with n as (${linkClicksIn(ctx, 'l.user_id')})
      select u.full_name as member, n.links, ${counts}
      from n join users u on u.id = n.key`,
};

/** By network: the links that went out on each network, summed. */
const byNetwork: ReportDefinition = {
  columns: [col('network', 'Network', 'text'), linksClicked, ...countColumns],
  chart: { x: 'network', bars: ['clicks', 'uniqueClicks'], stacked: false },
  sort: 'clicks',
  desc: true,
  query: (ctx) => sql`
      with n as (${linkClicksIn(ctx, 'l.network')})
      select ${networkWord(sql`n.key`)} as network, n.links, ${counts} from n`,
};

/**
 * Link Clicks (issue 30): clicks on the links FitPost published, by post (one row per link), by
 * member or by network (`?by=`), each with its CSV.
 */
export const linkClicks: ReportDefinition = {
  ...byPost,
  views: { post: byPost, member: byMember, network: byNetwork },
};
