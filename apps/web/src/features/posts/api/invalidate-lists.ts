import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postKeys } from './query-keys';

/** A mutation that refetches the post lists when it settles (the server's list is the truth). */
export function usePostListMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: postKeys.lists }),
  });
}
