import { libraryApi } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateLibrary } from './keys';

/**
 * DELETE /api/brand/{id}: refused (409, naming how many items) while content uses the brand, unless
 * `moveTo` names the brand its items move to.
 */
function deleteBrand({ id, moveTo }: { id: string; moveTo?: string | undefined }): Promise<void> {
  return apiRequest(libraryApi.brand(encodeURIComponent(id)), {
    method: 'DELETE',
    query: { moveTo },
  });
}

export function useDeleteBrand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBrand,
    // Its items now carry another brand, or none.
    onSuccess: () => invalidateLibrary(queryClient),
  });
}
