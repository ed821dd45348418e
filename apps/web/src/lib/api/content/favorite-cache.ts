import type { ContentItem, ContentPage } from '@fitpost/contract';
import type { QueryClient } from '@tanstack/react-query';
import { contentKeys } from './keys';

/**
 * Shows a favourite change at once on every cached page that holds the item (library, repository,
 * favourites) and on the item itself (its preview), then refetches the lists so counts and the
 * favourites page catch up.
 */
export function setFavoriteInCache(queryClient: QueryClient, contentId: string, favorite: boolean): void {
  const flip = (page: ContentPage | undefined) =>
    page && {
      ...page,
      items: page.items.map((item) => (item.id === contentId ? { ...item, favorite } : item)),
    };
  queryClient.setQueriesData<ContentPage>({ queryKey: contentKeys.lists }, flip);
  queryClient.setQueriesData<ContentPage>({ queryKey: contentKeys.favoriteLists }, flip);
  queryClient.setQueryData<ContentItem>(contentKeys.item(contentId), (item) => item && { ...item, favorite });
}

export function refetchFavoriteLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contentKeys.lists }),
    queryClient.invalidateQueries({ queryKey: contentKeys.favoriteLists }),
  ]).then(() => undefined);
}
