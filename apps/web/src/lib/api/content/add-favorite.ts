import { libraryApi, type FavoriteCreate } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refetchFavoriteLists, setFavoriteInCache } from './favorite-cache';

/** POST /api/favorite { contentId }: adds the item to the caller's favourites (twice is fine). */
function addFavorite(body: FavoriteCreate): Promise<void> {
  return apiRequest(libraryApi.favorites, { method: 'POST', body });
}

export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onMutate: ({ contentId }) => setFavoriteInCache(queryClient, contentId, true),
    onError: (_error, { contentId }) => setFavoriteInCache(queryClient, contentId, false),
    onSettled: () => refetchFavoriteLists(queryClient),
  });
}
