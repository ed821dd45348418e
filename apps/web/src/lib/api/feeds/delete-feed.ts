import { libraryApi } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { feedKeys } from './keys';

/** DELETE /api/feed/{id} (spec §7). */
function deleteFeed(id: string): Promise<void> {
  return apiRequest(libraryApi.feed(encodeURIComponent(id)), { method: 'DELETE' });
}

export function useDeleteFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFeed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKeys.all }),
  });
}
