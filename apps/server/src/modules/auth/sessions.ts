import { roleIds } from '@fitpost/contract';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { sessions, userRoles, users } from '../../db/schema.js';
import { startPeriodic } from '../../jobs/periodic.js';
import { queues } from '../../jobs/queues.js';
import type { Logger } from '../../lib/logger.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { roleActiveAt } from './access.js';

export interface Actor {
  sessionId: string;
  userId: string;
  portalId: number;
  isAdmin: boolean;
}

/** Only touch last_seen_at this often, so a busy client does not write on every request. */
const touchEveryMs = 60_000;

/**
 * Starts a session and returns the bearer token (shown once, stored only as a hash). The ID token
 * it began with, if any, is kept as the hint for the provider's logout.
 */
export async function createSession(
  db: Db,
  userId: string,
  settings: Config['session'],
  now = new Date(),
  idToken: string | null = null,
) {
  const token = `fp_${randomToken(32)}`;
  await db.insert(sessions).values({
    userId,
    idToken,
    tokenHash: hashToken(token),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + settings.maxMs),
  });
  return token;
}

/**
 * Resolves a bearer token to the acting user, or null when the session is unknown, revoked,
 * idle or past its absolute expiry, or when the user's access has ended (which revokes it).
 */
export async function authenticate(db: Db, token: string, settings: Config['session'], now = new Date()) {
  return (await lookupSession(db, hashToken(token), settings, now))?.actor ?? null;
}

/** A session in force, and until when that holds as far as time alone goes. */
export interface SessionInForce {
  actor: Actor;
  /** When the session was last marked as used (at most `touchEveryMs` ago after a lookup). */
  lastSeenAt: Date;
  /** The session's absolute expiry or the next start or end of one of the user's access roles. */
  validUntil: number;
}

/** `authenticate` by the token's hash, with what a cache needs to know how long the answer holds. */
export async function lookupSession(
  db: Db,
  tokenHash: string,
  settings: Config['session'],
  now = new Date(),
): Promise<SessionInForce | null> {
  const accessRoles = inArray(userRoles.roleId, [roleIds.member, roleIds.admin]);
  // One indexed lookup by token hash, with the access-giving roles in force as one small array.
  const [row] = await db
    .select({
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      portalId: users.portalId,
      roles: sql<
        number[]
      >`array(select ${userRoles.roleId} from ${userRoles} where ${userRoles.userId} = ${users.id} and ${accessRoles} and ${roleActiveAt(now)})`,
      // Epoch milliseconds of the next start or expiry of an access role, null when none is ahead.
      nextRoleChange: sql<number | null>`(select extract(epoch from min(least(
          case when ${userRoles.startDate} > ${now} then ${userRoles.startDate} end,
          case when ${userRoles.expiryDate} > ${now} then ${userRoles.expiryDate} end))) * 1000
        from ${userRoles} where ${userRoles.userId} = ${users.id} and ${accessRoles})::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - settings.idleMs)),
      ),
    );
  if (!row) return null;
  if (row.roles.length === 0) {
    await revokeSession(db, row.sessionId, now);
    return null;
  }
  const lastSeenAt = await touchSession(db, row.sessionId, row.lastSeenAt, now);
  const actor: Actor = {
    sessionId: row.sessionId,
    userId: row.userId,
    portalId: row.portalId,
    isAdmin: row.roles.includes(roleIds.admin),
  };
  const expiresAt = row.expiresAt.getTime();
  return {
    actor,
    lastSeenAt,
    validUntil: row.nextRoleChange === null ? expiresAt : Math.min(expiresAt, row.nextRoleChange),
  };
}

/** Marks a session used when its mark is older than `touchEveryMs`; returns the mark it now has. */
export async function touchSession(db: Db, sessionId: string, lastSeenAt: Date, now = new Date()) {
  if (now.getTime() - lastSeenAt.getTime() <= touchEveryMs) return lastSeenAt;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
  return now;
}

/** Ends one session (logout); returns the ID token it began with, if it kept one. */
export async function revokeSession(db: Db, sessionId: string, now = new Date()): Promise<string | null> {
  const [ended] = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ idToken: sessions.idToken });
  return ended?.idToken ?? null;
}

/** Ends every session of a user (their access ended). */
export async function revokeUserSessions(db: Db, userId: string, now = new Date()) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Sessions deleted per statement, so one prune never holds many row locks at once. */
const pruneBatch = 5000;
/** How often a worker prunes sessions (startSessionPruning). */
const pruneSessionsEveryMs = 60 * 60_000;

/**
 * Deletes sessions that can no longer be used — past their absolute expiry, idle too long, or
 * revoked — in batches; returns how many went.
 */
async function pruneSessions(db: Db, settings: Pick<Config['session'], 'idleMs'>, now = new Date()) {
  const idleBefore = new Date(now.getTime() - settings.idleMs);
  let deleted = 0;
  for (;;) {
    const dead = db
      .select({ id: sessions.id })
      .from(sessions)
      .where(
        or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, idleBefore), isNotNull(sessions.revokedAt)),
      )
      .limit(pruneBatch);
    const gone = await db.delete(sessions).where(inArray(sessions.id, dead)).returning({ id: sessions.id });
    deleted += gone.length;
    if (gone.length < pruneBatch) return deleted;
  }
}

/** Prunes sessions about once every `everyMs` across all workers (jobs/periodic.ts). */
export function startSessionPruning(
  boss: PgBoss,
  deps: { db: Db; settings: Pick<Config['session'], 'idleMs'>; log: Logger },
  opts: { everyMs: number; pollingIntervalSeconds?: number } = { everyMs: pruneSessionsEveryMs },
) {
  return startPeriodic(boss, queues.sessionPrune, { ...opts, log: deps.log }, async () => {
    const deleted = await pruneSessions(deps.db, deps.settings);
    if (deleted > 0) deps.log.info({ deleted }, `pruned ${deleted} ended sessions`);
    return deleted;
  });
}
