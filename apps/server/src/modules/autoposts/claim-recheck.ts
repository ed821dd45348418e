import { autoPostClaimTexts, notificationTexts, roleIds, type HealthClaimWarning } from '@fitpost/contract';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userRoles, users } from '../../db/schema.js';
import { autoPosts } from '../../db/schema-autopost.js';
import { roleActiveAt } from '../auth/access.js';
import type { EmailOutbox } from '../email/outbox.js';
import { notifyMany } from '../notifications/notify.js';
import { excerptOf } from './fanout.js';
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

/** Held (fanout.ts `claimsChecked`): claims found and none acknowledged. */
const held = (warnings: HealthClaimWarning[], acknowledged: boolean) => warnings.length > 0 && !acknowledged;

/**
 * Tells the portal's admins, in the page's transaction, that Auto-Posts this page held are waiting
 * for them: one notification (and email) per admin, naming the one Auto-Post or counting them.
 */
async function tellAdmins(tx: Db, emails: EmailOutbox | null, portalId: number, bodies: string[]) {
  const [first] = bodies;
  if (first === undefined) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(users.portalId, portalId), eq(userRoles.roleId, roleIds.admin), roleActiveAt(new Date())));
  await notifyMany(
    tx,
    emails,
    admins.map((a) => ({
      userId: a.id,
      kind: 'autopost.held_for_claims' as const,
      title: notificationTexts.autoPostHeldTitle(bodies.length, excerptOf(first)),
      body: notificationTexts.autoPostHeldText(bodies.length),
    })),
  );
}

/** One page of the portal's scheduled Auto-Posts, checked and written in one transaction (see recheckContentClaims). */
async function recheckPage(db: Db, emails: EmailOutbox | null, portalId: number, after: string | null) {
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
    const newlyHeld: string[] = [];
    for (const row of rows) {
      const warnings = warningsWith(settings, autoPostClaimTexts(row));
      if (sameWarnings(warnings, row.stored)) continue;
      changed += 1;
      const acknowledgement = acknowledgementAfter(row, warnings);
      const acknowledged = row.acknowledgedAt !== null && !('claimsAcknowledgedAt' in acknowledgement);
      if (held(warnings, acknowledged) && !held(row.stored, row.acknowledgedAt !== null))
        newlyHeld.push(row.body);
      await tx
        .update(autoPosts)
        .set({ claimWarnings: warnings, ...acknowledgement })
        .where(eq(autoPosts.id, row.id));
    }
    await tellAdmins(tx, emails, portalId, newlyHeld);
    const last = rows.length === recheckBatch ? (rows.at(-1)?.id ?? null) : null;
    return { last, checked: rows.length, changed };
  });
}

/**
 * After the organisation changed its health-claim rules: its scheduled Auto-Posts checked again
 * with the rules now in force (their texts as members get them, merge fields filled). An
 * acknowledgement stands only for the claims the admin saw (acknowledgementAfter). Auto-Posts that
 * have started or ended keep the warnings they went out with: that is the record of what was checked.
 * One that now has a claim no admin checked is held (fanout.ts), and the portal's admins are told.
 */
export const recheckAutoPostClaims = (db: Db, portalId: number, emails: EmailOutbox | null = null) =>
  everyPage((after) => recheckPage(db, emails, portalId, after));
