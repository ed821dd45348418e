import { autoPost, type AutoPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './query-keys';

/** POST /api/autoposts/{id}/cancel: nothing more of it is sent; what already went out stays out. */
export function cancelAutoPost(id: string): Promise<AutoPost> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: autoPost });
}

export function useCancelAutoPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAutoPost,
    onSettled: (_data, _error, id) => {
      void queryClient.invalidateQueries({ queryKey: autoPostKeys.lists });
      void queryClient.invalidateQueries({ queryKey: autoPostKeys.detail(id) });
    },
  });
}
