/**
 * The reports as SQL, each one select whose column aliases are its columns' keys, scoped to the
 * caller's portal. Range filters use indexed columns (post_targets.published_at through the partial
 * index of published targets, due_at through the status/due index); engagement is the latest figures the
 * metrics job keeps per target (post_metrics), summed: a sum over unknown figures stays null.
 */
import type { ReportRoute } from '@fitpost/contract';
import { stats } from './definitions/stats.js';
import { postsPerDay } from './definitions/posts-per-day.js';
import { popularContent } from './definitions/popular-content.js';
import { popularFavorites } from './definitions/popular-favorites.js';
import { popularTags } from './definitions/popular-tags.js';
import { popularPlatforms } from './definitions/popular-platforms.js';
import { postsDetail } from './definitions/posts-detail.js';
import { upcoming } from './definitions/upcoming.js';
import { usersInactive } from './definitions/users-inactive.js';
import { feedUsage } from './definitions/feed-usage.js';
import { topUsers } from './definitions/top-users.js';
import { bestTimes } from './definitions/best-times.js';
import { linkClicks } from './definitions/link-clicks.js';
import type { ReportDefinition } from './definitions/sql.js';

/** Every report by its route: one file per report in definitions/, their shared SQL in definitions/sql.ts. */
export const reportDefinitions: Record<ReportRoute, ReportDefinition> = {
  stats,
  postsperday: postsPerDay,
  popularcontent: popularContent,
  popularfavorites: popularFavorites,
  populartags: popularTags,
  popularplatforms: popularPlatforms,
  postsdetail: postsDetail,
  upcoming,
  usersinactive: usersInactive,
  feedusage: feedUsage,
  topusers: topUsers,
  besttimes: bestTimes,
  linkclicks: linkClicks,
};
