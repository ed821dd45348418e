import {
  formatZoned,
  networkServiceNames,
  notificationTexts,
  tokenExpiryWarningDays,
} from '@fitpost/contract';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../db/client.js';
import { notifications, socialConnections } from '../../db/schema.js';
import { startPeriodic } from '../../jobs/periodic.js';
import { queues } from '../../jobs/queues.js';
import { connectionLapse } from '../../db/connection-lapse.js';
import type { Logger } from '../../lib/logger.js';
import type { EmailOutbox } from '../email/outbox.js';
import { notify } from '../notifications/notify.js';

export interface ExpiryDeps {
  db: Db;
  /** Where the warning's email is queued; absent or null: no email. */
  emails?: EmailOutbox | null;
  now?: () => Date;
}

const c = socialConnections;
const warning = sql.raw(`interval '${tokenExpiryWarningDays} days'`);

/**
 * A warning is about the lapse it was written for: one written no earlier than a week before the
 * connection's current lapse. Reconnecting moves the lapse on, which resolves the warning and lets
 * the next lapse be warned about once more.
 */
const warnedAbout = (lapse: typeof connectionLapse) =>
  sql<boolean>`exists (select 1 from ${notifications}
    where ${notifications.connectionId} = ${c.id}
      and ${notifications.kind} = 'connection.token_expiring'
      and ${notifications.createdAt} >= ${lapse} - ${warning})`;

/**
 * Tells each member whose connection lapses within `tokenExpiryWarningDays` (and has not lapsed
 * yet) to reconnect it, once per lapse, in the app and by email. Each warning is written in its
 * own transaction with the connection row locked, so two runs never warn twice. Returns how many
 * members were warned.
 */
export async function warnExpiringTokens(deps: ExpiryDeps) {
  const now = deps.now?.() ?? new Date();
  const horizon = new Date(now.getTime() + tokenExpiryWarningDays * 86_400_000);
  const due = and(
    eq(c.status, 'connected'),
    gt(connectionLapse, now),
    lte(connectionLapse, horizon),
    sql`not ${warnedAbout(connectionLapse)}`,
  );
  const candidates = await deps.db.select({ id: c.id }).from(c).where(due);
  let warned = 0;
  for (const { id } of candidates) {
    const sent = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ connection: c, lapse: connectionLapse })
        .from(c)
        .where(and(eq(c.id, id), due))
        .for('update');
      if (!row?.lapse) return false;
      await notify(tx, deps.emails, {
        userId: row.connection.userId,
        kind: 'connection.token_expiring',
        title: notificationTexts.expiringTitle(row.connection.accountName),
        body: notificationTexts.expiringText(
          networkServiceNames[row.connection.network],
          formatZoned(new Date(row.lapse).toISOString(), 'UTC'),
        ),
        connectionId: row.connection.id,
        network: row.connection.network,
      });
      return true;
    });
    if (sent) warned += 1;
  }
  return { warned };
}

/** Looks for lapsing tokens about once an hour across all workers (jobs/periodic.ts). */
export function startExpiryWarnings(boss: PgBoss, deps: ExpiryDeps, opts: { everyMs?: number; log: Logger }) {
  return startPeriodic(boss, queues.tokenExpiry, { everyMs: opts.everyMs ?? 3_600_000, log: opts.log }, () =>
    warnExpiringTokens(deps),
  );
}
