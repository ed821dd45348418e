import { z } from 'zod';
import { pageQuery, pagedOf, queryBoolean, uuid } from './common.js';
import type { Network } from './names.js';
import { network } from './social.js';
import { notificationTexts } from './texts.js';

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
  /** Admins: a change of rules left claims no admin checked in scheduled Auto-Posts, which are held. */
  'autopost.held_for_claims',
] as const;
const notificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKind>;

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
    case 'autopost.held_for_claims':
      return '/app/manage';
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
  'autopost.held_for_claims': notificationTexts.autoPostHeldAction,
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
