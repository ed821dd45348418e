import { libraryApi, type LibraryIdsBody } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLibrary } from './keys';

/** DELETE /api/tag with a body of ids (the Tags screen's 'Delete'). */
function deleteTags(body: LibraryIdsBody): Promise<void> {
  return apiRequest(libraryApi.tags, { method: 'DELETE', body });
}

export function useDeleteTags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTags,
    // Items lose the tag too.
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
