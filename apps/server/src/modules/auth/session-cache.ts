import type { Config } from '../../config.js';
import { FeedCache, type ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import { hashToken } from '../../lib/tokens.js';
import { lookupSession, touchSession, type Actor, type SessionInForce } from './sessions.js';

export interface SessionCache {
  /** `authenticate` (sessions.ts), answered from memory while the session is known to hold. */
  authenticate(token: string, now?: Date): Promise<Actor | null>;
  /** Drops the sessions of `userId` ('*': all), for a change this process just made. */
  forget(userId: string): void;
  close(): void;
}

/**
 * Sessions in force, kept in memory by token hash so a signed-in request needs no query. An entry
 * serves only while the change feed listens and only until the session's absolute expiry, its idle
 * limit or the next start or end of an access role, whichever comes first; the feed drops a user's
 * entries the moment their session is revoked, their roles change or their record goes (migration
 * 0025's triggers), in every API process alike. Touching `last_seen_at` goes on as before.
 */
export function sessionCache(db: Db, feed: ChangeFeed, settings: Config['session']): SessionCache {
  const held = new FeedCache<SessionInForce>(feed, (entry) => entry.actor.userId);
  return {
    async authenticate(token, now = new Date()) {
      const key = hashToken(token);
      const entry = held.get(key);
      if (
        entry &&
        now.getTime() < entry.validUntil &&
        now.getTime() - entry.lastSeenAt.getTime() < settings.idleMs
      ) {
        entry.lastSeenAt = await touchSession(db, entry.actor.sessionId, entry.lastSeenAt, now);
        return entry.actor;
      }
      held.delete(key);
      return (await held.fill(key, () => lookupSession(db, key, settings, now)))?.actor ?? null;
    },
    forget: (userId) => held.forget(userId),
    close: () => held.close(),
  };
}
