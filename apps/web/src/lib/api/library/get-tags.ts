import { libraryApi, paging, type TagPage } from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, checkedByServer } from '@/lib/api-client';
import { libraryKeys, type TagListQuery } from './keys';

export type { TagListQuery, TagSortField } from './keys';

/** GET /api/tag?q&searchable&page&pagesize&sort&desc: one page of the portal's tags. */
function getTags(query: TagListQuery, signal?: AbortSignal): Promise<TagPage> {
  return apiRequest(libraryApi.tags, {
    query: {
      q: query.q,
      searchable: query.searchable,
      page: query.page,
      pagesize: query.pagesize,
      sort: query.sort,
      desc: query.desc,
    },
    // Browse Library's first screen reads it as the server checked it (docs/architecture.md §5).
    schema: checkedByServer<TagPage>(),
    signal,
  });
}

export function useTags(query: TagListQuery) {
  return useQuery({
    queryKey: libraryKeys.tags(query),
    queryFn: ({ signal }) => getTags(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every tag a member may search by, by name, for the library picker's tag filter. */
export function useTagChoices(enabled: boolean) {
  return useQuery({
    queryKey: libraryKeys.tagChoices,
    queryFn: ({ signal }) => getTags({ sort: 'name', page: 1, pagesize: paging.maxPageSize }, signal),
    enabled,
  });
}
