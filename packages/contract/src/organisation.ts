import { z } from 'zod';
import { autoPostLimits } from './auto-posts.js';
import { nameText, timeZone } from './common.js';
import { formatCount } from './constants.js';
import { healthClaimLimits, healthClaimPhrase, healthClaimRuleIds } from './health-claims.js';
import { userFieldLabels } from './user.js';

/**
 * The organization's settings (issue 15, `/app/manage/settings`): per portal, set by its admins.
 * Left unset, the display name and support email are the deployment's (FITPOST_ORGANISATION_NAME,
 * FITPOST_SUPPORT_EMAIL), the feed refresh interval FITPOST_FEED_REFRESH_MINUTES.
 */
export const organisationSettingsLimits = {
  minFeedRefreshMinutes: 5,
  maxFeedRefreshMinutes: 24 * 60,
  maxXVariantsRequired: autoPostLimits.maxXVariants,
  /** How many changes the screen shows. */
  changesShown: 20,
} as const;

/** PUT /api/settings/organisation: everything the admin can set (null: the deployment's default). */
export const organisationSettingsBody = z
  .object({
    displayName: nameText.max(100).nullable(),
    supportEmail: z.email('Enter an email address such as help@example.com').max(254).nullable(),
    /** The zone of members who chose none (System Settings). */
    defaultTimeZone: timeZone.nullable(),
    /** The X spread window a new Auto-Post starts with. */
    xSpreadMinutes: z.number().int().min(0).max(autoPostLimits.maxXSpreadMinutes),
    /** Whether a new Auto-Post's link carries UTM tags. */
    utmEnabled: z.boolean(),
    /** X needs at least this many caption variants… (0: no rule) */
    xVariantsRequired: z.number().int().min(0).max(organisationSettingsLimits.maxXVariantsRequired),
    /** …when more than this many members have Auto-Post on for X. */
    xVariantsAboveMembers: z.number().int().min(0).max(1_000_000),
    feedRefreshMinutes: z
      .number()
      .int()
      .min(organisationSettingsLimits.minFeedRefreshMinutes)
      .max(organisationSettingsLimits.maxFeedRefreshMinutes)
      .nullable(),
    /** Whether published links go out as FitPost's short links, counting clicks (issue 30); left out: unchanged. */
    trackLinks: z.boolean().optional(),
    /** Health-claim rules switched off (issue 30); unset: unchanged. */
    claimRulesOff: z.array(z.enum(healthClaimRuleIds)).max(healthClaimRuleIds.length).optional(),
    /** The organisation's own phrases to warn about; unset: unchanged. */
    claimPhrases: z.array(healthClaimPhrase).max(healthClaimLimits.maxPhrases).optional(),
  })
  .strict();
export type OrganisationSettingsBody = z.infer<typeof organisationSettingsBody>;

/**
 * One entry of the organisation's change log: who, when, what it was to (null: the settings; else,
 * e.g., "User Casey Coach" for a user's details), and each field's value before and after.
 */
const organisationSettingsChange = z.object({
  id: z.uuid(),
  changedAt: z.iso.datetime(),
  changedBy: z.object({ id: z.uuid().nullable(), fullName: z.string() }),
  subject: z.string().nullable(),
  fields: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});

/** GET/PUT /api/settings/organisation: the settings, what applies when unset, and the last changes. */
export const organisationSettings = organisationSettingsBody
  .extend({
    trackLinks: z.boolean(),
    claimRulesOff: z.array(z.enum(healthClaimRuleIds)),
    claimPhrases: z.array(healthClaimPhrase),
    defaults: z.object({
      displayName: z.string(),
      supportEmail: z.string(),
      /** null: the member's browser's zone. */
      defaultTimeZone: z.string().nullable(),
      feedRefreshMinutes: z.number().int(),
    }),
    changes: z.array(organisationSettingsChange),
  })
  .meta({ id: 'OrganisationSettings' });
export type OrganisationSettings = z.infer<typeof organisationSettings>;

/** What the screen calls each setting (also the audit trail's field names). */
export const organisationSettingLabels: Record<keyof OrganisationSettingsBody, string> = {
  displayName: 'Display name',
  supportEmail: 'Support email',
  defaultTimeZone: 'Default time zone',
  xSpreadMinutes: 'X spread window (minutes)',
  utmEnabled: 'Tag links with UTM parameters',
  xVariantsRequired: 'X caption variants required',
  xVariantsAboveMembers: 'Above this many members on X',
  feedRefreshMinutes: 'Feed refresh interval (minutes)',
  trackLinks: 'Track links',
  claimRulesOff: 'Health-claim rules switched off',
  claimPhrases: 'Health-claim phrases added',
};

/** What the change log calls each field it records: the settings' and a user's details. */
export const changeLogLabels: Record<string, string> = { ...organisationSettingLabels, ...userFieldLabels };

/** The subject of a change log entry about a user, named as they were then. */
export const userChangeSubject = (fullName: string) => `User ${fullName}`;

/** GET /api/public-config?portalId=: the portal's texts when it set them. */
export const publicConfigQuery = z.object({
  portalId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Messages of the organization's rules. */
export const organisationMessages = {
  adminOnly: 'Only administrators can change the organization’s settings.',
  xVariantsNeeded: (required: number, members: number) =>
    `Write at least ${required} X caption variants: more than ${formatCount(members)} members receive this on X, and X refuses identical posts from many accounts.`,
} as const;
