import type { ContentPage } from '@fitpost/contract';
import type { QueryClient } from '@tanstack/react-query';
import { libraryKeys } from './query-keys';

/**
 * Shows a favourite change at once on every cached page that holds the item (library, repository,
 * favourites), then refetches the lists so counts and the favourites page catch up.
 */
export function setFavoriteInCache(queryClient: QueryClient, contentId: string, favorite: boolean): void {
  const flip = (page: ContentPage | undefined) =>
    page && {
      ...page,
      items: page.items.map((item) => (item.id === contentId ? { ...item, favorite } : item)),
    };
  queryClient.setQueriesData<ContentPage>({ queryKey: libraryKeys.contentLists }, flip);
  queryClient.setQueriesData<ContentPage>({ queryKey: libraryKeys.favoriteLists }, flip);
}

export function refetchFavoriteLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: libraryKeys.contentLists }),
    queryClient.invalidateQueries({ queryKey: libraryKeys.favoriteLists }),
  ]).then(() => undefined);
}
