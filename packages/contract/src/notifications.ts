import { z } from 'zod';
import { pageQuery, pagedOf, queryBoolean, uuid } from './common.js';
import { network, type Network } from './social.js';

/** What FitPost tells a member outside the request that caused it (docs/architecture.md, Notifications). */
export const notificationKinds = ['post.failed', 'connection.needs_reconnect'] as const;
export const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

/** The member-facing words of each kind, kept once: the engine writes them, every screen shows them. */
export const notificationTexts = {
  postFailedTitle: (accountName: string) => `A post to ${accountName} failed`,
  postFailedFallback: 'The network refused the post.',
  reconnectTitle: (accountName: string) => `Reconnect ${accountName}`,
  reconnectText: (reason: string) => `${reason} Open Settings → Social Platforms and choose Reconnect.`,
  postFailedAction: 'See the failed post',
  reconnectAction: 'Reconnect',
  seeAll: 'See all messages',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet',
} as const;

/** Where a notification sends the member to fix what it reports. */
export function notificationLink(kind: NotificationKind, net: Network | null): string {
  if (kind === 'connection.needs_reconnect') return '/app/settings?tab=social-platforms';
  return net ? `/app/posts?view=failed&network=${net}` : '/app/posts?view=failed';
}

export const notificationListQuery = pageQuery.extend({ unread: queryBoolean.optional() });
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const notification = z
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
export type NotificationReadInput = z.infer<typeof notificationRead>;

export const notificationReadResult = z.object({ updated: z.number().int(), unread: z.number().int() });
export type NotificationReadResult = z.infer<typeof notificationReadResult>;
