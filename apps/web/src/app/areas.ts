/** Report screens under /app/manage/reports/ (spec §2), shared by the route table and the sidebar. */
export const reportAreas = [
  { path: 'stats', title: 'Basic Stats' },
  { path: 'postsperday', title: 'Posts Per Day' },
  { path: 'popularcontent', title: 'Top Content' },
  { path: 'popularfavorites', title: 'Top Favorites' },
  { path: 'populartags', title: 'Top Tags' },
  { path: 'popularplatforms', title: 'Top Platforms' },
  { path: 'postsdetail', title: 'Posts Detail' },
  { path: 'upcoming', title: 'Upcoming Posts' },
  { path: 'usersinactive', title: 'Inactive Users' },
  { path: 'feedusage', title: 'Feed Usage' },
  { path: 'topusers', title: 'Top Users' },
] as const;
