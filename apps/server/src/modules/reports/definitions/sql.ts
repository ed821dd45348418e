/** What every report definition shares: its shape, its context, and the SQL pieces they all use. */
import {
  engagementLabels,
  networkNames,
  roleIds,
  type Network,
  type ReportChart,
  type ReportColumn,
  type ReportView,
} from '@fitpost/contract';
import { sql, type SQL } from 'drizzle-orm';
import type { ReportRange } from '../range.js';

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
  /**
   * The report's other views (`?by=`, contract `reportViews`): the same rows grouped another way,
   * each a definition of its own; this definition is the default view.
   */
  views?: Partial<Record<ReportView, ReportDefinition>>;
}

export const col = (key: string, label: string, type: ReportColumn['type'] = 'number'): ReportColumn => ({
  key,
  label,
  type,
});
export const engagementMetrics = ['impressions', 'likes', 'comments', 'shares', 'clicks'] as const;
export const engagementColumns = engagementMetrics.map((m) => col(m, engagementLabels[m]));

/**
 * A stored value (a network, a status) as the product words it, from the contract's vocabulary, so
 * screen and CSV alike read "Facebook Page" and "Posted", never "facebook" or "published".
 */
export const wordOf = (column: SQL, labels: Readonly<Record<string, string>>) =>
  sql`(case ${column} ${sql.join(
    Object.entries(labels).map(([value, word]) => sql`when ${value} then ${word}::text`),
    sql` `,
  )} else ${column}::text end)`;
export const networkWord = (column: SQL) => wordOf(column, networkNames);
export const engagementSums = sql`sum(m.impressions)::float8 as impressions, sum(m.likes)::float8 as likes,
  sum(m.comments)::float8 as comments, sum(m.shares)::float8 as shares, sum(m.clicks)::float8 as clicks`;

export const networkFilter = (ctx: ReportContext, column: SQL = sql`t.network`) =>
  ctx.network ? sql`and ${column} = ${ctx.network}` : sql``;
export const publishedIn = (ctx: ReportContext, start = ctx.range.start, end = ctx.range.end) =>
  sql`t.status = 'published' and t.published_at >= ${start} and t.published_at < ${end} ${networkFilter(ctx)}`;
/**
 * The latest figures of the targets published in a range, read off post_metrics' own copy of each
 * target's portal, network and time (`post_metrics_portal_published_idx`, every column a report sums):
 * exactly the figures of the targets `publishedIn` selects, as the copy is held to its target by a
 * foreign key and a published target stays published.
 */
export const engagementIn = (ctx: ReportContext, start = ctx.range.start, end = ctx.range.end) =>
  sql`m.portal_id = ${ctx.portalId} and m.published_at >= ${start} and m.published_at < ${end} ${networkFilter(ctx, sql`m.network`)}`;
export const localDay = (ctx: ReportContext, column: SQL) =>
  sql`to_char(${column} at time zone ${ctx.range.timeZone}, 'YYYY-MM-DD')`;
export const localTime = (ctx: ReportContext, column: SQL) =>
  sql`to_char(${column} at time zone ${ctx.range.timeZone}, 'YYYY-MM-DD HH24:MI')`;
export const hasAccess = (ctx: ReportContext, user: SQL) => sql`exists (select 1 from user_roles r
  where r.user_id = ${user} and r.role_id in (${roleIds.member}, ${roleIds.admin})
  and r.start_date <= ${ctx.now.toISOString()}::timestamptz
  and (r.expiry_date is null or r.expiry_date > ${ctx.now.toISOString()}::timestamptz))`;
export const source = sql`case when p.auto_post_id is not null then 'Auto-Post' when p.content_id is not null then 'Library' else 'Own' end`;
