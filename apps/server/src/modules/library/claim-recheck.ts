import type { HealthClaimWarning } from '@fitpost/contract';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { contentItems } from '../../db/schema-library.js';
import { claimSettingsOf, sameWarnings, warningsWith } from '../organisation/health-claims.js';

/** Items read, checked and written per transaction: short enough never to hold a settings save up for long. */
export const recheckBatch = 500;

/** What a recheck went through and changed. */
export interface RecheckCount {
  checked: number;
  changed: number;
}

/**
 * Checks a page of the portal's content (every item: the library, system feeds' and members' own
 * feed items) after `after` with the portal's rules, and stores the warnings that differ from
 * those stored. One transaction: the rules are held (claimSettingsOf's `lock`) and the page's rows
 * locked, so neither the rules nor an item can change between the check and the write. Answers
 * the last id read (null: none left) and the counts.
 */
async function recheckPage(db: Db, portalId: number, after: string | null) {
  return db.transaction(async (tx) => {
    const settings = await claimSettingsOf(tx, portalId, { lock: true });
    const rows = await tx
      .select({ id: contentItems.id, body: contentItems.body, stored: contentItems.claimWarnings })
      .from(contentItems)
      .where(and(eq(contentItems.portalId, portalId), after ? gt(contentItems.id, after) : undefined))
      .orderBy(asc(contentItems.id))
      .limit(recheckBatch)
      .for('update');
    const changed: { id: string; warnings: HealthClaimWarning[] }[] = [];
    for (const row of rows) {
      const warnings = warningsWith(settings, [row.body]);
      if (!sameWarnings(warnings, row.stored)) changed.push({ id: row.id, warnings });
    }
    if (changed.length > 0)
      await tx.execute(sql`update ${contentItems} c set claim_warnings = x.warnings
        from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as x(id uuid, warnings jsonb)
        where c.id = x.id`);
    const last = rows.length === recheckBatch ? (rows.at(-1)?.id ?? null) : null;
    return { last, checked: rows.length, changed: changed.length };
  });
}

/** Runs `page` from the start until it reads the last page, adding up its counts. */
export async function everyPage(
  page: (after: string | null) => Promise<RecheckCount & { last: string | null }>,
): Promise<RecheckCount> {
  const total: RecheckCount = { checked: 0, changed: 0 };
  let after: string | null = null;
  do {
    const done = await page(after);
    total.checked += done.checked;
    total.changed += done.changed;
    after = done.last;
  } while (after);
  return total;
}

/**
 * After the organisation changed its health-claim rules: every content item of the portal checked
 * again with the rules now in force, a page at a time, so the admin's "Has health-claim warnings"
 * filter and each item's warnings follow the new rules. An item saved meanwhile is checked with
 * the new rules by its own save (the rules are held while it is stored).
 */
export const recheckContentClaims = (db: Db, portalId: number) =>
  everyPage((after) => recheckPage(db, portalId, after));
