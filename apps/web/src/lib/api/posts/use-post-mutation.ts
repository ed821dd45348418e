import type { ScheduledPost } from '@fitpost/contract';
import { hashKey, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { queueKeys } from '../queue/keys';
import { postKeys } from './keys';

/**
 * Marks every cached view of the posts stale; the ones on screen refetch now (the server is the
 * truth). `fresh`, a post the server has just answered with, is left as it is. The queue's next
 * free slot depends on the posts, so it is asked again too.
 */
export function invalidatePosts(queryClient: QueryClient, fresh?: ScheduledPost | void): Promise<void> {
  const freshKey = fresh ? hashKey(postKeys.detail(fresh.id)) : null;
  return Promise.all([
    queryClient.invalidateQueries({
      queryKey: postKeys.all,
      predicate: (query) => query.queryHash !== freshKey,
    }),
    queryClient.invalidateQueries({ queryKey: queueKeys.all }),
  ]).then(() => undefined);
}

/**
 * A change to a post: the post it answers with replaces that post's cached copy, and every view of
 * the posts (list, calendar, dashboard, composer) is refreshed when it settles, refused or not.
 */
export function usePostMutation<V, R extends ScheduledPost | void>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (post) => {
      if (post) queryClient.setQueryData(postKeys.detail(post.id), post);
    },
    onSettled: (post) => invalidatePosts(queryClient, post),
  });
}
