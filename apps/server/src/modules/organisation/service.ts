import {
  organisationMessages,
  organisationSettingsLimits,
  type OrganisationSettings,
  type OrganisationSettingsBody,
} from '@fitpost/contract';
import { desc, eq } from 'drizzle-orm';
import { anyOf } from '../../db/bulk.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { organisationSettingChanges, organisationSettings } from '../../db/schema-settings.js';
import { requireAdmin } from '../auth/policy.js';
import type { Actor } from '../auth/sessions.js';
import { listShown, sameSetting } from './health-claims.js';

/** What applies where a portal set nothing: the deployment's configuration. */
interface OrganisationDefaults {
  displayName: string;
  supportEmail: string;
  defaultTimeZone: string | null;
  feedRefreshMinutes: number;
}

export interface OrganisationDeps {
  db: Db;
  defaults: OrganisationDefaults;
  now?: () => Date;
  /**
   * Called in the transaction that changes the portal's health-claim rules: queues the recheck of
   * the warnings stored with the old ones (app/api.ts: a job, jobs/queues.ts `claimRecheck`).
   */
  claimRulesChanged: (tx: Db, portalId: number) => Promise<unknown>;
}

/** The settings whose change makes stored health-claim warnings out of date. */
const claimRuleFields = new Set<string>(['claimRulesOff', 'claimPhrases']);

type Row = typeof organisationSettings.$inferSelect;
/** The settings with every field set (the health-claim lists are optional only in a change). */
type StoredSettings = Required<OrganisationSettingsBody>;

/** A portal's settings as stored; a portal nobody configured gets the column defaults. */
function bodyOf(row: Row | undefined): StoredSettings {
  return {
    displayName: row?.displayName ?? null,
    supportEmail: row?.supportEmail ?? null,
    defaultTimeZone: row?.defaultTimeZone ?? null,
    xSpreadMinutes: row?.xSpreadMinutes ?? 0,
    utmEnabled: row?.utmEnabled ?? true,
    xVariantsRequired: row?.xVariantsRequired ?? 0,
    xVariantsAboveMembers: row?.xVariantsAboveMembers ?? 0,
    feedRefreshMinutes: row?.feedRefreshMinutes ?? null,
    trackLinks: row?.trackLinks ?? true,
    claimRulesOff: row?.claimRulesOff ?? [],
    claimPhrases: row?.claimPhrases ?? [],
  };
}

/** The portal's settings (any module may read them: Auto-Post defaults, the public sign-in texts). */
export async function settingsOf(db: Db, portalId: number): Promise<StoredSettings> {
  const [row] = await db
    .select()
    .from(organisationSettings)
    .where(eq(organisationSettings.portalId, portalId));
  return bodyOf(row);
}

/** Several portals' settings in one statement (see settingsOf), by portal id. */
export async function settingsOfMany(db: Db, portalIds: readonly number[]) {
  const rows = portalIds.length
    ? await db.select().from(organisationSettings).where(anyOf(organisationSettings.portalId, portalIds))
    : [];
  const byPortal = new Map(rows.map((row) => [row.portalId, row]));
  return new Map(portalIds.map((id) => [id, bodyOf(byPortal.get(id))]));
}

/** The display name and support email shown before sign-in: the portal's, else the deployment's. */
export async function publicTextsOf(deps: OrganisationDeps, portalId: number | undefined) {
  const settings = portalId === undefined ? null : await settingsOf(deps.db, portalId);
  return {
    organisationName: settings?.displayName ?? deps.defaults.displayName,
    supportEmail: settings?.supportEmail ?? deps.defaults.supportEmail,
  };
}

async function present(deps: OrganisationDeps, portalId: number): Promise<OrganisationSettings> {
  const changes = await deps.db
    .select({ change: organisationSettingChanges, fullName: users.fullName })
    .from(organisationSettingChanges)
    .leftJoin(users, eq(users.id, organisationSettingChanges.changedBy))
    .where(eq(organisationSettingChanges.portalId, portalId))
    .orderBy(desc(organisationSettingChanges.changedAt), desc(organisationSettingChanges.id))
    .limit(organisationSettingsLimits.changesShown);
  return {
    ...(await settingsOf(deps.db, portalId)),
    defaults: deps.defaults,
    changes: changes.map(({ change, fullName }) => ({
      id: change.id,
      changedAt: change.changedAt.toISOString(),
      changedBy: { id: change.changedBy, fullName: fullName ?? 'A removed user' },
      subject: change.subject,
      fields: change.fields,
    })),
  };
}

/** GET /api/settings/organisation (admins of the portal). */
export async function getOrganisationSettings(deps: OrganisationDeps, actor: Actor) {
  requireAdmin(actor, organisationMessages.adminOnly);
  return present(deps, actor.portalId);
}

export const shown = (value: string | number | boolean | null | readonly unknown[]) =>
  value === null ? null : Array.isArray(value) ? listShown(value) : String(value);

/** One entry for the organisation's change log. */
interface ChangeEntry {
  portalId: number;
  changedBy: string;
  changedAt: Date;
  /** null: the settings; else what the change was to ("User Casey Coach"). */
  subject: string | null;
  fields: { field: string; from: string | null; to: string | null }[];
}

/** Records a change in the organisation's change log (in the caller's transaction); none when nothing changed. */
export async function recordChange(db: Db, entry: ChangeEntry) {
  if (entry.fields.length === 0) return;
  await db.insert(organisationSettingChanges).values(entry);
}

/**
 * PUT /api/settings/organisation: saves the settings and, in the same transaction, records who
 * changed which field from what to what. Saving the same values records nothing. A change to the
 * health-claim rules also queues, in the same transaction, a recheck of the warnings stored with
 * the old ones (the library's, scheduled Auto-Posts'): a job, so the save never waits for a
 * library of any size.
 */
export async function updateOrganisationSettings(
  deps: OrganisationDeps,
  actor: Actor,
  input: OrganisationSettingsBody,
) {
  requireAdmin(actor, organisationMessages.adminOnly);
  const now = deps.now?.() ?? new Date();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(organisationSettings)
      .where(eq(organisationSettings.portalId, actor.portalId))
      .for('update');
    const before = bodyOf(row);
    const fields = (Object.keys(input) as (keyof OrganisationSettingsBody)[])
      .filter((field) => input[field] !== undefined && !sameSetting(before[field], input[field]))
      .map((field) => ({ field, from: shown(before[field]), to: shown(input[field] ?? null) }));
    if (fields.length === 0) return;
    await tx
      .insert(organisationSettings)
      .values({ portalId: actor.portalId, ...input, updatedAt: now })
      .onConflictDoUpdate({ target: organisationSettings.portalId, set: { ...input, updatedAt: now } });
    await recordChange(tx, {
      portalId: actor.portalId,
      changedBy: actor.userId,
      changedAt: now,
      subject: null,
      fields,
    });
    if (fields.some((f) => claimRuleFields.has(f.field))) await deps.claimRulesChanged(tx, actor.portalId);
  });
  return present(deps, actor.portalId);
}
