import type { HealthClaimPhrase, HealthClaimRuleId } from '@fitpost/contract';
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { portals, tz, users } from './schema.js';

/**
 * The organisation's settings per portal (issue 15). A missing row, or a null column, means the
 * deployment's default (environment variables), so a portal nobody configured behaves as before.
 */
export const organisationSettings = pgTable('organisation_settings', {
  portalId: integer('portal_id')
    .primaryKey()
    .references(() => portals.id),
  displayName: text('display_name'),
  supportEmail: text('support_email'),
  defaultTimeZone: text('default_time_zone'),
  xSpreadMinutes: integer('x_spread_minutes').notNull().default(0),
  utmEnabled: boolean('utm_enabled').notNull().default(true),
  xVariantsRequired: integer('x_variants_required').notNull().default(0),
  xVariantsAboveMembers: integer('x_variants_above_members').notNull().default(0),
  feedRefreshMinutes: integer('feed_refresh_minutes'),
  trackLinks: boolean('track_links').notNull().default(true),
  /** Health-claim rules switched off, and the organisation's own phrases (issue 30). */
  claimRulesOff: jsonb('claim_rules_off').$type<HealthClaimRuleId[]>().notNull().default([]),
  claimPhrases: jsonb('claim_phrases').$type<HealthClaimPhrase[]>().notNull().default([]),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/**
 * The organisation's change log: every change to a portal's settings, or to a user's details by
 * PUT /api/user/{id} — who made it, when, and each field before and after.
 */
export const organisationSettingChanges = pgTable(
  'organisation_setting_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    portalId: integer('portal_id')
      .notNull()
      .references(() => portals.id),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: tz('changed_at').notNull().defaultNow(),
    /** What else than the settings the change was to, as it was named then ("User Casey Coach"); null: the settings. */
    subject: text('subject'),
    fields: jsonb('fields').$type<{ field: string; from: string | null; to: string | null }[]>().notNull(),
  },
  (t) => [index('organisation_setting_changes_portal_idx').on(t.portalId, t.changedAt)],
);
