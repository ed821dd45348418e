import {
  checkHealthClaims,
  checkHealthClaimsIn,
  healthClaimRuleIds,
  healthClaimRules,
  type HealthClaimPhrase,
  type HealthClaimRuleId,
  type HealthClaimSettings,
  type HealthClaimWarning,
} from '@fitpost/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { organisationSettings } from '../../db/schema-settings.js';

// The organisation's health-claim rules (issue 30): which built-in rules it switched off and which
// phrases it added. Posts, Auto-Posts and the library check every caption they save with these.

const noSettings: HealthClaimSettings = { claimRulesOff: [], claimPhrases: [] };

/**
 * The portal's health-claim settings (the built-in rules alone when it set none). With `lock`,
 * inside the caller's transaction, its settings row is held (FOR SHARE) until that transaction
 * ends, so the rules cannot change between this read and the warnings it stores: a change to them
 * waits, then queues a recheck that sees what was stored (organisation/claim-recheck.ts).
 */
export async function claimSettingsOf(
  db: Db,
  portalId: number,
  opts: { lock?: boolean } = {},
): Promise<HealthClaimSettings> {
  const query = db
    .select({ off: organisationSettings.claimRulesOff, phrases: organisationSettings.claimPhrases })
    .from(organisationSettings)
    .where(eq(organisationSettings.portalId, portalId));
  const [row] = opts.lock ? await query.for('share') : await query;
  return row ? { claimRulesOff: row.off, claimPhrases: row.phrases } : noSettings;
}

/** The health-claim warnings of the captions with these settings (several: each phrase once). */
export const warningsWith = (settings: HealthClaimSettings, captions: readonly string[]) =>
  captions.length === 1
    ? checkHealthClaims(captions[0] ?? '', settings)
    : checkHealthClaimsIn(captions, settings);

/**
 * The health-claim warnings of a caption with the portal's rules; `lock` (in a transaction that
 * stores them) as for claimSettingsOf.
 */
export async function claimWarningsOf(
  db: Db,
  portalId: number,
  captions: readonly string[],
  opts: { lock?: boolean } = {},
) {
  return warningsWith(await claimSettingsOf(db, portalId, opts), captions);
}

/** A warning's fields in a fixed order (jsonb hands keys back in an order of its own). */
const fieldsOf = (w: HealthClaimWarning) => [w.phrase, w.rule, w.explanation, w.suggestion];

/** Whether two lists of warnings say the same (same phrases, rules and words, in the same order). */
export const sameWarnings = (a: readonly HealthClaimWarning[], b: readonly HealthClaimWarning[]) =>
  JSON.stringify(a.map(fieldsOf)) === JSON.stringify(b.map(fieldsOf));

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
