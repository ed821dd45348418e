import type { autoPostSettingsBody } from '@fitpost/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { socialConnections } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { Actor } from '../auth/sessions.js';
import { clock, type AutoPostDeps } from './access.js';

// Opt-in settings: which of a member's accounts receive Auto-Posts.

/** The member's accounts with their Auto-Post opt-in. */
export async function autoPostSettingsOf(db: Db, actor: Actor) {
  const rows = await db
    .select()
    .from(socialConnections)
    .where(eq(socialConnections.userId, actor.userId))
    .orderBy(asc(socialConnections.createdAt));
  return {
    accounts: rows.map((r) => ({
      connectionId: r.id,
      network: r.network,
      accountName: r.accountName,
      status: r.status,
      enabled: r.autoPost,
    })),
  };
}

/**
 * Turns Auto-Post on or off per account. Turning it on records the moment, so an Auto-Post whose
 * fan-out already started does not reach back to this account.
 */
export async function updateAutoPostSettings(
  deps: Pick<AutoPostDeps, 'db' | 'now'>,
  actor: Actor,
  body: z.output<typeof autoPostSettingsBody>,
) {
  const ids = body.accounts.map((a) => a.connectionId);
  const own = await deps.db
    .select({ id: socialConnections.id })
    .from(socialConnections)
    .where(and(eq(socialConnections.userId, actor.userId), inArray(socialConnections.id, ids)));
  if (own.length !== new Set(ids).size) throw notFound('Connection');
  const now = clock(deps);
  await deps.db.transaction(async (tx) => {
    for (const a of body.accounts) {
      await tx
        .update(socialConnections)
        .set(
          a.enabled
            ? {
                autoPost: true,
                autoPostSince: sql`case when ${socialConnections.autoPost} then ${socialConnections.autoPostSince} else ${now.toISOString()}::timestamptz end`,
              }
            : { autoPost: false, autoPostSince: null },
        )
        .where(and(eq(socialConnections.id, a.connectionId), eq(socialConnections.userId, actor.userId)));
    }
  });
  return autoPostSettingsOf(deps.db, actor);
}
