import { formatCount } from './constants.js';
import type { TargetStatus } from './names.js';

/**
 * Words the product shows that are not the spec's own (those are in messages.ts). Zod-free, like
 * names.ts and api-paths.ts: the web app's first screen shows some of them without loading zod or
 * building a schema (docs/architecture.md §2).
 */

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
  autoPostHeldTitle: (count: number, excerpt: string) =>
    count === 1
      ? `An Auto-Post is held until its claims are checked: “${excerpt}”`
      : `${count} Auto-Posts are held until their claims are checked`,
  autoPostHeldText: (count: number) =>
    `The organization’s health-claim rules changed after ${count === 1 ? 'it was' : 'they were'} scheduled, and ${
      count === 1 ? 'it has a claim' : 'each has a claim'
    } no admin has checked. ${count === 1 ? 'It does' : 'They do'} not go out until an admin edits ${
      count === 1 ? 'it' : 'each one'
    } and checks the claims.`,
  autoPostHeldAction: 'See the Auto-Posts',
  postFailedAction: 'See the failed post',
  reconnectAction: 'Reconnect',
  autoPostAction: 'See your posts',
  seeAll: 'See all messages',
  markAllRead: 'Mark all read',
  empty: 'No notifications yet',
} as const;

/** What the Import a Plan screen and its links say. */
export const autoPostImportWords = {
  title: 'Import a Plan',
  schedule: (n: number) => `Schedule ${formatCount(n)} Auto-Post${n === 1 ? '' : 's'}`,
  template: 'Download a template CSV',
  templateFile: 'auto-post-plan-template.csv',
} as const;

/** Why a post cannot be moved to another time, in the member's words (server and calendar alike). */
export const rescheduleRefusals = {
  past: 'The scheduled time has passed. Choose a time in the future.',
  publishing: 'This post is being published right now, so it can no longer be moved.',
  published:
    'This post has already been published, so it can no longer be moved. Duplicate it to post it again.',
  cancelled: 'This post was canceled. Edit it to schedule it again.',
  failed: 'This post failed to publish. Retry it, or edit it to choose a new time.',
} as const;

/** Why a post with nothing left to send cannot move, from its targets' statuses. */
export function whyNotMovable(statuses: readonly TargetStatus[]): string {
  if (statuses.some((s) => s === 'publishing' || s === 'unknown')) return rescheduleRefusals.publishing;
  if (statuses.includes('published')) return rescheduleRefusals.published;
  if (statuses.every((s) => s === 'cancelled')) return rescheduleRefusals.cancelled;
  return rescheduleRefusals.failed;
}
