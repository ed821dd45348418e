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
