import { libraryApi } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refetchFavoriteLists, setFavoriteInCache } from './favorite-cache';

/** DELETE /api/favorite/{contentId}: takes the item out of the caller's favourites. */
function removeFavorite(contentId: string): Promise<void> {
  return apiRequest(libraryApi.favorite(encodeURIComponent(contentId)), { method: 'DELETE' });
}

export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onMutate: (contentId) => setFavoriteInCache(queryClient, contentId, false),
    onError: (_error, contentId) => setFavoriteInCache(queryClient, contentId, true),
    onSettled: () => refetchFavoriteLists(queryClient),
  });
}
