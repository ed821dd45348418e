import { scheduledPost, type ScheduledPost } from '@fitpost/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postKeys } from './keys';

/** How often a post that is going out right now is read again. */
const publishPollMs = 1500;

/**
 * Is the post going out right now: a target being sent, awaiting the network's confirmation, or
 * due? Such a post is read again until each target is published or failed.
 */
/**
 * The post's time has come (or it was sent with Post Now): its time is not after this browser's
 * clock, nor after the server's clock when it last saved the post (Post Now saves 'now' by the
 * server's clock, which may run ahead of the browser's).
 */
export function isDue(post: Pick<ScheduledPost, 'scheduledAt' | 'updatedAt'>, now = Date.now()): boolean {
  if (post.scheduledAt === null) return false;
  return Date.parse(post.scheduledAt) <= Math.max(now, Date.parse(post.updatedAt)) + 5000;
}

export function isGoingOut(
  post: Pick<ScheduledPost, 'targets' | 'scheduledAt' | 'updatedAt'>,
  now = Date.now(),
): boolean {
  const due = isDue(post, now);
  return post.targets.some(
    (target) =>
      target.status === 'publishing' || target.status === 'unknown' || (target.status === 'scheduled' && due),
  );
}

/** GET /api/posts/{id}: one of the member's posts in full (body, each account's outcome). */
function getPost(id: string, signal?: AbortSignal): Promise<ScheduledPost> {
  return apiRequest(`/api/posts/${encodeURIComponent(id)}`, { schema: scheduledPost, signal });
}

/**
 * One post (null: none). With `watch` it is read again every {@link publishPollMs} while it is going
 * out, so the screen shows each network's outcome.
 */
export function usePost(id: string | null, options: { watch?: boolean } = {}) {
  return useQuery({
    queryKey: postKeys.detail(id ?? ''),
    queryFn: id ? ({ signal }) => getPost(id, signal) : skipToken,
    refetchInterval: (query) => {
      const post = query.state.data;
      return options.watch && post && isGoingOut(post) ? publishPollMs : false;
    },
  });
}
