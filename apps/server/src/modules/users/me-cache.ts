import { FeedCache, type ChangeFeed } from '../../db/change-feed.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../auth/sessions.js';
import { me } from './service.js';

type MeBody = Awaited<ReturnType<typeof me>>;

export interface MeCache {
  /** GET /api/user/me's answer for `actor`, from memory when nothing it is made of has changed. */
  me(actor: Actor): Promise<MeBody>;
  /** Drops the answer for `userId` ('*': all), for a change this process just made. */
  forget(userId: string): void;
  close(): void;
}

/**
 * GET /api/user/me's answers by user, dropped when the change feed names the user (their record,
 * properties or roles) or everyone (a portal's settings), and by `forget` after a change made
 * through this process, so a member who saves and reloads sees their change at once.
 */
export function meCache(db: Db, feed: ChangeFeed): MeCache {
  const held = new FeedCache<MeBody>(feed, (body) => body.id);
  return {
    async me(actor) {
      const body = held.get(actor.userId);
      if (body && body.fitPostAdminAccess === actor.isAdmin) return body;
      return (await held.fill(actor.userId, () => me(db, actor))) as MeBody;
    },
    forget: (userId) => held.forget(userId),
    close: () => held.close(),
  };
}
