import { z } from 'zod';
import { notificationKinds } from './notifications.js';

/**
 * What a member can get by email: each kind of notification, and messages from the portal's admins.
 * Each is on until the member turns it off (System Settings, or an email's unsubscribe link).
 */
export const emailKinds = [...notificationKinds, 'messages'] as const;
const emailKind = z.enum(emailKinds);
export type EmailKind = z.infer<typeof emailKind>;

/** Kinds only admins are sent, and so only admins see in System Settings. */
const adminEmailKinds: readonly EmailKind[] = ['autopost.held_for_claims'];

/** The kinds a user can be sent: every kind, less the admins' own for everyone else. */
export const emailKindsFor = (isAdmin: boolean): EmailKind[] =>
  emailKinds.filter((kind) => isAdmin || !adminEmailKinds.includes(kind));

/** How System Settings and the unsubscribe page name each kind. */
export const emailKindLabels: Record<EmailKind, string> = {
  'post.failed': 'A post failed',
  'connection.needs_reconnect': 'An account needs reconnecting',
  'connection.token_expiring': 'An account disconnects within 7 days',
  'autopost.reached': 'An Auto-Post reached your accounts',
  'autopost.skipped_account': 'An Auto-Post skipped a disconnected account',
  'autopost.held_for_claims': 'An Auto-Post is held until its claims are checked',
  messages: 'Messages from your organization',
};

/**
 * The one field a one-click unsubscribe POST carries (RFC 8058), form-encoded or multipart; the
 * email's `List-Unsubscribe-Post` header names it, and the unsubscribe page sends it too.
 */
export const oneClickUnsubscribe = { field: 'List-Unsubscribe', value: 'One-Click' } as const;
export const oneClickUnsubscribeBody = `${oneClickUnsubscribe.field}=${oneClickUnsubscribe.value}`;

export const emailTexts = {
  heading: 'Email',
  intro: 'Choose what FitPost also tells you by email.',
  off: 'Email is not set up on this FitPost, so nothing is sent by email.',
  saved: 'Email settings saved',
  footer: (label: string) =>
    `You get this email because "${label}" emails are on in FitPost's System Settings.`,
  unsubscribeLine: (url: string) => `Stop these emails: ${url}`,
  openLine: (url: string) => `Open FitPost: ${url}`,
  unsubscribeTitle: 'Unsubscribe',
  unsubscribeAsk: 'Stop this kind of email from FitPost?',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: (label: string) =>
    `Done: you will no longer get "${label}" emails. You can turn them back on in Settings → System Settings.`,
  badLink: 'This unsubscribe link is not valid. Turn emails off in Settings → System Settings instead.',
  expiredLink:
    'This unsubscribe link has expired (links work for a year). Turn emails off in Settings → System Settings instead.',
  notOneClick: `Send ${oneClickUnsubscribeBody} to unsubscribe (RFC 8058).`,
} as const;

const emailPreference = z.object({ kind: emailKind, label: z.string(), email: z.boolean() });

export const emailPreferences = z
  .object({
    /** Whether this FitPost sends email at all (an SMTP server is configured). */
    enabled: z.boolean(),
    kinds: z.array(emailPreference),
  })
  .meta({ id: 'EmailPreferences' });
export type EmailPreferences = z.infer<typeof emailPreferences>;

/** Turns kinds on or off; kinds left out keep their setting. */
export const emailPreferencesUpdate = z.object({
  kinds: z
    .array(z.object({ kind: emailKind, email: z.boolean() }))
    .min(1)
    .max(emailKinds.length),
});
export type EmailPreferencesUpdate = z.infer<typeof emailPreferencesUpdate>;

/** An unsubscribe token as emails carry it: base64url text, never longer than this. */
export const unsubscribeQuery = z.object({
  token: z
    .string()
    .min(10)
    .max(300)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'must be the token from the email'),
});

export const unsubscribeResult = z
  .object({ kind: emailKind, label: z.string() })
  .meta({ id: 'UnsubscribeResult' });
export type UnsubscribeResult = z.infer<typeof unsubscribeResult>;
