import type { socialConnections } from '../../db/schema.js';
import type { PublishMedia } from '../../platforms/index.js';
import { freshCredentials } from '../social/credentials.js';
import type { EngineDeps } from './engine-deps.js';

export type ConnectionRow = typeof socialConnections.$inferSelect;

/**
 * Sends one post to the connection's network, refreshing its token first when it is about to
 * lapse; throws PlatformError on any failure (a refused refresh is an `auth` one).
 */
export async function publishVia(
  deps: EngineDeps,
  c: ConnectionRow,
  target: { text: string; accountId: string; link?: string; media?: PublishMedia },
) {
  const { accessToken, tokenSecret } = await freshCredentials(deps, c);
  switch (c.network) {
    case 'x':
      return deps.platforms.x.publish({ ...target, credentials: { token: accessToken, tokenSecret } });
    case 'linkedin':
      return deps.platforms.linkedin.publish({ ...target, credentials: { accessToken } });
    case 'facebook':
      return deps.platforms.facebook.publish({ ...target, credentials: { accessToken } });
    case 'instagram':
      return deps.platforms.instagram.publish({ ...target, credentials: { accessToken } });
  }
}

/** Asks the connection's network whether a post with this text landed since `since`. */
export async function reconcileVia(
  deps: EngineDeps,
  c: ConnectionRow,
  target: { text: string; accountId: string; link?: string; since: Date },
) {
  const { accessToken, tokenSecret } = await freshCredentials(deps, c);
  const { since, ...rest } = target;
  switch (c.network) {
    case 'x':
      return deps.platforms.x.reconcile(
        { ...rest, credentials: { token: accessToken, tokenSecret } },
        { since },
      );
    case 'linkedin':
      return deps.platforms.linkedin.reconcile({ ...rest, credentials: { accessToken } }, { since });
    case 'facebook':
      return deps.platforms.facebook.reconcile({ ...rest, credentials: { accessToken } }, { since });
    case 'instagram':
      return deps.platforms.instagram.reconcile({ ...rest, credentials: { accessToken } }, { since });
  }
}
