import { autoPost, type AutoPost } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/** POST /api/autoposts/{id}/cancel: nothing more of it is sent; what already went out stays out. */
function cancelAutoPost(id: string): Promise<AutoPost> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(id)}/cancel`, { method: 'POST', schema: autoPost });
}

export function useCancelAutoPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelAutoPost,
    onSettled: () =>
      // The admin's lists and the Auto-Post, and every member's view of it (calendar, dashboard).
      queryClient.invalidateQueries({ queryKey: autoPostKeys.all }),
  });
}
