import { z } from 'zod';
import { pageQuery, pagedOf, queryBoolean, uuid } from './common.js';
import { network, type Network } from './social.js';

/** What FitPost tells a member outside the request that caused it (docs/architecture.md, Notifications). */
export const notificationKinds = [
  'post.failed',
  'connection.needs_reconnect',
  /** A token with a known expiry lapses within `tokenExpiryWarningDays`: reconnect before it does. */
  'connection.token_expiring',
  /** An Auto-Post was scheduled on every one of the member's opted-in accounts. */
  'autopost.reached',
  /** An Auto-Post left out one or more of the member's accounts because they need reconnecting. */
  'autopost.skipped_account',
] as const;
const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

/** The member-facing words of each kind, kept once: the engine writes them, every screen shows them. */
export const notificationTexts = {
  postFailedTitle: (accountName: string) => `A post to ${accountName} failed`,
  postFailedFallback: 'The network refused the post.',
  reconnectTitle: (accountName: string) => `Reconnect ${accountName}`,
  reconnectText: (reason: string) => `${reason} Open Settings → Social Platforms and choose Reconnect.`,
  expiringTitle: (accountName: string) => `${accountName} disconnects soon`,
  expiringText: (networkLabel: string, when: string) =>
    `Your ${networkLabel} connection lapses on ${when}. Open Settings → Social Platforms and choose Reconnect before then, so your posts keep going out.`,
  autoPostReachedTitle: (excerpt: string) => `An Auto-Post reached your accounts: “${excerpt}”`,
  autoPostReachedText: (accounts: string) => `FitPost is posting it to ${accounts}.`,
  autoPostSkippedTitle: (excerpt: string) => `An Auto-Post skipped a disconnected account: “${excerpt}”`,
  autoPostSkippedText: (skipped: string, many: boolean, reached: string | null) =>
    `It was not posted to ${skipped}: ${many ? 'they need' : 'it needs'} reconnecting.${
      reached ? ` It is going to ${reached}.` : ''
    } Open Settings → Social Platforms and choose Reconnect.`,
  postFailedAction: 'See the failed post',
  reconnectAction: 'Reconnect',
  autoPostAction: 'See your posts',
  seeAll: 'See all messages',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet',
} as const;

/** How long before a token's known expiry the member is told (issue 12: connection health). */
export const tokenExpiryWarningDays = 7;

/** Where a notification sends the member to fix what it reports. */
export function notificationLink(kind: NotificationKind, net: Network | null): string {
  switch (kind) {
    case 'connection.needs_reconnect':
    case 'connection.token_expiring':
    case 'autopost.skipped_account':
      return '/app/settings?tab=social-platforms';
    case 'autopost.reached':
      return '/app/posts?view=upcoming';
    case 'post.failed':
      return net ? `/app/posts?view=failed&network=${net}` : '/app/posts?view=failed';
  }
}

/** The words of a notification's link. */
export const notificationAction: Record<NotificationKind, string> = {
  'post.failed': notificationTexts.postFailedAction,
  'connection.needs_reconnect': notificationTexts.reconnectAction,
  'connection.token_expiring': notificationTexts.reconnectAction,
  'autopost.reached': notificationTexts.autoPostAction,
  'autopost.skipped_account': notificationTexts.reconnectAction,
};

export const notificationListQuery = pageQuery.extend({ unread: queryBoolean.optional() });
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

const notification = z
  .object({
    id: uuid,
    kind: notificationKind,
    title: z.string(),
    text: z.string(),
    link: z.string(),
    network: network.nullable(),
    /** A reconnect whose account still needs reconnecting: counted as unread even once read. */
    needsAction: z.boolean(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

export const notificationList = pagedOf(notification)
  .extend({ unread: z.number().int() })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationList>;

export const notificationRead = z.object({ ids: z.array(uuid).min(1).max(100) });

export const notificationReadResult = z.object({ updated: z.number().int(), unread: z.number().int() });
export type NotificationReadResult = z.infer<typeof notificationReadResult>;
