import { libraryApi, paging, tagPage, type TagPage } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryPickerKeys } from './query-keys';

/** GET /api/tag: the portal's searchable tags, for the library picker's tag filter. */
function getTags(signal?: AbortSignal): Promise<TagPage> {
  return apiRequest(libraryApi.tags, {
    query: { sort: 'name', page: 1, pagesize: paging.maxPageSize },
    schema: tagPage,
    signal,
  });
}

export function useTags(enabled: boolean) {
  return useQuery({ queryKey: libraryPickerKeys.tags, queryFn: ({ signal }) => getTags(signal), enabled });
}
