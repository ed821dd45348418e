import { z } from 'zod';
import { queryBoolean, text, timeZone } from './common.js';
import { network } from './social.js';
import { targetStatus } from './posts.js';
import { reportRoutes, type ReportRoute } from './report-routes.js';
import { linkClickTotals } from './short-links.js';

export { reportRoutes, reportTitles } from './report-routes.js';

export const reportRoute = z.enum(reportRoutes);

/**
 * The views a report offers of the same rows grouped another way (`?by=`), each with its button's
 * words, the first the default; a report not named here has one view. Link Clicks (issue 30):
 * one row per link, or the clicks summed per member or per network.
 */
export const reportViews = {
  linkclicks: { post: 'By post', member: 'By member', network: 'By network' },
} as const satisfies Partial<Record<ReportRoute, Record<string, string>>>;
/** Every view any report offers (what `?by=` accepts; the report decides which of them it has). */
export const reportViewNames = ['post', 'member', 'network'] as const;
export type ReportView = (typeof reportViewNames)[number];

/** The views `route` offers, default first; none for a report with one view. */
export function viewsOf(route: ReportRoute): { view: ReportView; label: string }[] {
  const views: Partial<Record<ReportView, string>> | undefined = (
    reportViews as Partial<Record<ReportRoute, Partial<Record<ReportView, string>>>>
  )[route];
  return views
    ? (Object.entries(views) as [ReportView, string][]).map(([view, label]) => ({ view, label }))
    : [];
}

/** A report's view (`?by=`): the same rows grouped another way; see reportViews for which report has which. */
export const reportView = z.enum(reportViewNames);
export type { ReportRoute };

/** What each report tells, for the reports index. */
export const reportDescriptions: Record<ReportRoute, string> = {
  stats: 'Members, accounts, posts and engagement, against the previous period.',
  postsperday: 'Published posts per day by network, with failures.',
  popularcontent: 'Library items by posts made from them, and their engagement.',
  popularfavorites: 'Library items by favorites added.',
  populartags: 'Tags by posts and favorites of the content carrying them.',
  popularplatforms: 'Per network: accounts, published, failed, failure reasons, engagement.',
  postsdetail: 'Every post in the period, per account, with its status and engagement.',
  upcoming: 'Scheduled posts and Auto-Posts in the coming days.',
  usersinactive: 'Members who have neither signed in nor posted for a while.',
  feedusage: 'Per feed: items imported, items used in posts, last refresh.',
  topusers: 'Members by published posts and engagement.',
  besttimes: 'Engagement per post by day of the week and hour, in your time zone.',
  linkclicks: 'Clicks on the links FitPost published: by post (one row per link), by member or by network.',
};

/** A calendar day, YYYY-MM-DD, read in the admin's (or member's) time zone. */
const reportDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '1900-01-01' && s <= '9999-12-31'
    );
  }, 'must be a real date between the years 1900 and 9999');

/** Reports cover at most about two years at once. */
export const reportLimits = { maxDays: 732, defaultDays: 30, maxPageSize: 500, defaultPageSize: 50 } as const;

const rangeQuery = z.object({
  from: reportDay.optional(),
  to: reportDay.optional(),
  /** The zone days are read in; by default the caller's: their own, else the organisation's, else the deployment's. */
  tz: timeZone.optional(),
});

function rangeProblem(q: { from?: string | undefined; to?: string | undefined }) {
  if (!q.from || !q.to) return true;
  const span = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
  return span >= 0 && span < reportLimits.maxDays;
}
const rangeMessage = {
  message: `to must be on or after from, at most ${reportLimits.maxDays} days later`,
  path: ['to'],
};

export const reportQuery = rangeQuery
  .extend({
    network: network.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pagesize: z.coerce
      .number()
      .int()
      .min(1)
      .max(reportLimits.maxPageSize)
      .default(reportLimits.defaultPageSize),
    sort: text
      .max(40)
      .regex(/^[a-zA-Z]+$/, 'must be a column name')
      .optional(),
    desc: queryBoolean.optional(),
    /** Inactive Users: days without sign-in or post; Upcoming Posts: days ahead. */
    days: z.coerce.number().int().min(1).max(365).optional(),
    /** The report's view (Link Clicks: post, member or network); a report without views refuses one. */
    by: reportView.optional(),
    format: z.enum(['json', 'csv']).default('json'),
  })
  .refine(rangeProblem, rangeMessage);
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportParams = z.object({ route: reportRoute });

const reportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCell>;

const reportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['text', 'number', 'percent', 'date', 'datetime', 'link']),
});
export type ReportColumn = z.infer<typeof reportColumn>;

/** How the web app draws a report's chart, when one helps: bars (stacked by series) and an optional line. */
const reportChart = z.object({
  x: z.string(),
  bars: z.array(z.string()),
  stacked: z.boolean(),
  line: z.string().optional(),
});
export type ReportChart = z.infer<typeof reportChart>;

/** Every report answers one table shape, so one screen and one CSV writer serve them all. */
export const reportResult = z
  .object({
    report: reportRoute,
    title: z.string(),
    from: reportDay,
    to: reportDay,
    timeZone: z.string(),
    columns: z.array(reportColumn),
    rows: z.array(z.record(z.string(), reportCell)),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    chart: reportChart.nullable(),
    /** The view shown, for a report that has several (reportViews): the one asked for, else its first. */
    view: reportView.optional(),
    /** For a report whose rows are members (Inactive Users): each row's user id, in row order (to message them). */
    memberIds: z.array(z.string().uuid()).optional(),
  })
  .meta({ id: 'ReportResult' });
export type ReportResult = z.infer<typeof reportResult>;

/** Figures for a period and the one before it (null where a network does not tell). */
const engagementTotals = z.object({
  impressions: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
});
export type EngagementTotals = z.infer<typeof engagementTotals>;

/** What each engagement figure is called (report columns, Basic Stats, My Results). */
export const engagementLabels: Record<keyof EngagementTotals, string> = {
  impressions: 'Impressions',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  clicks: 'Link clicks',
};

export const myStatsQuery = rangeQuery.refine(rangeProblem, rangeMessage);

const myStatsPost = z.object({
  targetId: z.string(),
  network,
  accountName: z.string(),
  text: z.string(),
  status: targetStatus,
  time: z.iso.datetime().nullable(),
  url: z.string().nullable(),
  metrics: engagementTotals,
});

/** A member's own results ('My Results'): totals against the previous period, per day, best and recent posts. */
export const myStats = z
  .object({
    from: reportDay,
    to: reportDay,
    timeZone: z.string(),
    published: z.object({ current: z.number().int(), previous: z.number().int() }),
    byNetwork: z.array(z.object({ network, published: z.number().int() })),
    engagement: z.object({ current: engagementTotals, previous: engagementTotals }),
    perDay: z.array(
      z.object({
        day: reportDay,
        published: z.number().int(),
        likes: z.number().int(),
        comments: z.number().int(),
      }),
    ),
    best: z.array(myStatsPost),
    recent: z.array(myStatsPost),
    /** Clicks on the member's FitPost short links in the period (issue 30). */
    linkClicks: linkClickTotals,
    /** The member's posts whose links were clicked in the period, most clicked first. */
    clickedPosts: z.array(
      myStatsPost.omit({ status: true, metrics: true }).extend({ linkClicks: linkClickTotals }),
    ),
  })
  .meta({ id: 'MyStats' });
export type MyStats = z.infer<typeof myStats>;
