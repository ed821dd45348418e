import {
  checkHealthClaims,
  checkHealthClaimsIn,
  healthClaimRuleIds,
  healthClaimRules,
  type HealthClaimPhrase,
  type HealthClaimRuleId,
  type HealthClaimSettings,
} from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisationSettings } from '../../db/schema-settings.js';

// The organisation's health-claim rules (issue 30): which built-in rules it switched off and which
// phrases it added. Posts, Auto-Posts and the library check every caption they save with these.

const noSettings: HealthClaimSettings = { claimRulesOff: [], claimPhrases: [] };

/** The portal's health-claim settings (the built-in rules alone when it set none). */
export async function claimSettingsOf(db: Db, portalId: number): Promise<HealthClaimSettings> {
  const [row] = await db
    .select({ off: organisationSettings.claimRulesOff, phrases: organisationSettings.claimPhrases })
    .from(organisationSettings)
    .where(eq(organisationSettings.portalId, portalId));
  return row ? { claimRulesOff: row.off, claimPhrases: row.phrases } : noSettings;
}

/** The health-claim warnings of a caption with the portal's rules. */
export async function claimWarningsOf(db: Db, portalId: number, captions: readonly string[]) {
  const settings = await claimSettingsOf(db, portalId);
  return captions.length === 1
    ? checkHealthClaims(captions[0] ?? '', settings)
    : checkHealthClaimsIn(captions, settings);
}

const isRuleId = (value: unknown): value is HealthClaimRuleId =>
  (healthClaimRuleIds as readonly unknown[]).includes(value);

const isPhrase = (value: unknown): value is HealthClaimPhrase =>
  typeof value === 'object' && value !== null && 'phrase' in value;

/** A list setting as the change log shows it: rule names, or the phrases. */
export function listShown(values: readonly unknown[]): string {
  if (values.length === 0) return 'none';
  return values
    .map((v) => (isPhrase(v) ? `“${v.phrase}”` : isRuleId(v) ? healthClaimRules[v].name : String(v)))
    .join(', ');
}

/** Whether a setting keeps its value (lists compared by content). */
export const sameSetting = (a: unknown, b: unknown) =>
  Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
