/**
 * The product's names for what its schemas enumerate (the networks, an account's part of a post)
 * and the user properties the web app reads. Zod-free, like messages.ts, constants.ts and
 * api-paths.ts: the web app's first screen shows these without loading zod or building a schema
 * (docs/architecture.md §2). The schema modules build their enums from these lists.
 */

export const networks = ['x', 'linkedin', 'facebook', 'instagram'] as const;
export type Network = (typeof networks)[number];

/** What a post goes to, as every screen labels it (pickers, filters, lists, the calendar). */
export const networkNames: Record<Network, string> = {
  x: 'X',
  linkedin: 'LinkedIn',
  facebook: 'Facebook Page',
  instagram: 'Instagram',
};

/** The network itself, as a sentence names it: "Facebook refused the post", "Facebook allows …". */
export const networkServiceNames: Record<Network, string> = { ...networkNames, facebook: 'Facebook' };

export const targetStatuses = [
  'scheduled',
  'publishing',
  'published',
  'failed',
  'needs_reconnect',
  'unknown',
  'cancelled',
] as const;
export type TargetStatus = (typeof targetStatuses)[number];

/** What the member reads for one account's part of a post, on every screen. */
export const targetStatusLabels: Record<TargetStatus, string> = {
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  published: 'Posted',
  failed: 'Failed',
  needs_reconnect: 'Reconnect this account',
  unknown: 'Checking',
  cancelled: 'Canceled',
};

/** The post's own status, derived from its targets (the content card's Scheduled / Posted labels). */
export const postStatuses = [
  'draft',
  'scheduled',
  'publishing',
  'posted',
  'partly_posted',
  'failed',
  'cancelled',
] as const;
export type PostStatus = (typeof postStatuses)[number];

/** What the member reads for a post's status, on every screen. */
export const postStatusLabels: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  publishing: 'Publishing',
  posted: 'Posted',
  partly_posted: 'Partly posted',
  failed: 'Failed',
  cancelled: 'Canceled',
};

/** The user property holding the member's time zone (Settings → System Settings); an IANA name. */
export const timeZoneProperty = 'timeZone';

/**
 * The user property saying the member has seen the getting-started tour: 'true' once seen, 'false'
 * after 'Take a Tour' or 'Reset Tutorial'. On the server, so a new browser does not show it again.
 */
export const tourSeenProperty = 'tourSeen';
