import { libraryApi, tag, type Tag, type TagUpsert } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { libraryKeys } from './keys';

/** Upsert (spec §7): POST /api/tag ('Add a Tag') when the id is empty or 0, else PUT /api/tag/{id}. */
function upsertTag(body: TagUpsert): Promise<Tag> {
  const id = body.id;
  return id === undefined || id === '' || id === 0
    ? apiRequest(libraryApi.tags, { method: 'POST', body, schema: tag })
    : apiRequest(libraryApi.tag(encodeURIComponent(id)), { method: 'PUT', body, schema: tag });
}

export function useUpsertTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.tagLists }),
  });
}
