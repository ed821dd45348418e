import { libraryApi, tagList, type Tag, type TagSearchableBody } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLibrary } from './keys';

/**
 * POST /api/tag/searchable { ids, searchable? } ('Toggle Searchable'): without `searchable`, flips
 * each tag named. Answers the changed tags.
 */
function toggleTagsSearchable(body: TagSearchableBody): Promise<Tag[]> {
  return apiRequest(libraryApi.tagsSearchable, { method: 'POST', body, schema: tagList });
}

export function useToggleTagsSearchable() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleTagsSearchable,
    // Members' filters and cards show searchable tags only.
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
