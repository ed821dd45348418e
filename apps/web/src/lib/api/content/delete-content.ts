import { libraryApi, type LibraryIdsBody } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLibrary } from '@/lib/api/library/keys';

/** DELETE /api/content with a body of ids (spec §7 multi-delete). */
function deleteContent(body: LibraryIdsBody): Promise<void> {
  return apiRequest(libraryApi.content, { method: 'DELETE', body });
}

export function useDeleteContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContent,
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
