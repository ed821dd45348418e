import { contentItem, libraryApi, type ContentItem, type ContentUpsert } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLibrary } from '@/lib/api/library/keys';

/** Upsert (spec §7): POST /api/content when the id is empty or 0, otherwise PUT /api/content/{id}. */
function upsertContent(content: ContentUpsert): Promise<ContentItem> {
  const id = content.id;
  return id === undefined || id === '' || id === 0
    ? apiRequest(libraryApi.content, { method: 'POST', body: content, schema: contentItem })
    : apiRequest(libraryApi.contentItem(encodeURIComponent(id)), {
        method: 'PUT',
        body: content,
        schema: contentItem,
      });
}

export function useUpsertContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertContent,
    // Brands and tags count their content, so everything in the library may have changed.
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
