/**
 * The report routes and titles of spec §2, without zod, so the sidebar can name them without the
 * reports' schemas in the first screen's JavaScript.
 */
/** The report routes under /app/manage/reports/ and their titles (spec §2, in its order; then Best Times, issue 29). */
export const reportRoutes = [
  'stats',
  'postsperday',
  'popularcontent',
  'popularfavorites',
  'populartags',
  'popularplatforms',
  'postsdetail',
  'upcoming',
  'usersinactive',
  'feedusage',
  'topusers',
  'besttimes',
  'linkclicks',
] as const;
export type ReportRoute = (typeof reportRoutes)[number];

export const reportTitles: Record<ReportRoute, string> = {
  stats: 'Basic Stats',
  postsperday: 'Posts Per Day',
  popularcontent: 'Top Content',
  popularfavorites: 'Top Favorites',
  populartags: 'Top Tags',
  popularplatforms: 'Top Platforms',
  postsdetail: 'Posts Detail',
  upcoming: 'Upcoming Posts',
  usersinactive: 'Inactive Users',
  feedusage: 'Feed Usage',
  topusers: 'Top Users',
  besttimes: 'Best Times',
  linkclicks: 'Link Clicks',
};

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
