import { autoPostClaimTexts, type HealthClaimWarning } from '@fitpost/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { autoPosts } from '../../db/schema-autopost.js';
import { everyPage, recheckBatch } from '../library/claim-recheck.js';
import { claimSettingsOf, sameWarnings, warningsWith } from '../organisation/health-claims.js';

const keyOf = (w: HealthClaimWarning) => `${w.rule}:${w.phrase.toLowerCase()}`;

/**
 * The acknowledgement an Auto-Post keeps once its warnings are `next`: an admin checked the claims
 * it had (`stored`), so it stands while every claim now found is one of those (a rule switched
 * off only takes warnings away); a claim they never saw (a phrase the organisation added) needs a
 * new check, and no claim left needs none.
 */
function acknowledgementAfter(
  row: { stored: HealthClaimWarning[]; acknowledgedAt: Date | null },
  next: HealthClaimWarning[],
) {
  const seen = new Set(row.stored.map(keyOf));
  const stands = row.acknowledgedAt !== null && next.length > 0 && next.every((w) => seen.has(keyOf(w)));
  return stands
    ? {}
    : { claimsAcknowledgedAt: null, claimsAcknowledgedBy: null, claimsAcknowledgedByName: null };
}

/** One page of the portal's scheduled Auto-Posts, checked and written in one transaction (see recheckContentClaims). */
async function recheckPage(db: Db, portalId: number, after: string | null) {
  return db.transaction(async (tx) => {
    const settings = await claimSettingsOf(tx, portalId, { lock: true });
    const rows = await tx
      .select({
        id: autoPosts.id,
        body: autoPosts.body,
        networks: autoPosts.networks,
        xVariants: autoPosts.xVariants,
        stored: autoPosts.claimWarnings,
        acknowledgedAt: autoPosts.claimsAcknowledgedAt,
      })
      .from(autoPosts)
      .where(
        and(
          eq(autoPosts.portalId, portalId),
          eq(autoPosts.status, 'scheduled'),
          after ? gt(autoPosts.id, after) : undefined,
        ),
      )
      .orderBy(asc(autoPosts.id))
      .limit(recheckBatch)
      .for('update');
    let changed = 0;
    for (const row of rows) {
      const warnings = warningsWith(settings, autoPostClaimTexts(row));
      if (sameWarnings(warnings, row.stored)) continue;
      changed += 1;
      await tx
        .update(autoPosts)
        .set({ claimWarnings: warnings, ...acknowledgementAfter(row, warnings) })
        .where(eq(autoPosts.id, row.id));
    }
    const last = rows.length === recheckBatch ? (rows.at(-1)?.id ?? null) : null;
    return { last, checked: rows.length, changed };
  });
}

/**
 * After the organisation changed its health-claim rules: its scheduled Auto-Posts checked again
 * with the rules now in force (their texts as members get them, merge fields filled). An
 * acknowledgement stands only for the claims the admin saw (acknowledgementAfter). Auto-Posts that
 * have started or ended keep the warnings they went out with: that is the record of what was checked.
 */
export const recheckAutoPostClaims = (db: Db, portalId: number) =>
  everyPage((after) => recheckPage(db, portalId, after));
