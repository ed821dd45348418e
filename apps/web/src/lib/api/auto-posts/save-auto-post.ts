import { autoPost, type AutoPost, type AutoPostUpsert } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

interface SaveAutoPostInput {
  /** The Auto-Post being changed; null schedules a new one. */
  id: string | null;
  autoPost: AutoPostUpsert;
}

/** POST /api/autoposts (schedule) or PUT /api/autoposts/{id} (change before it starts; 409 after). */
function saveAutoPost({ id, autoPost: body }: SaveAutoPostInput): Promise<AutoPost> {
  return id
    ? apiRequest(`/api/autoposts/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: autoPost })
    : apiRequest('/api/autoposts', { method: 'POST', body, schema: autoPost });
}

export function useSaveAutoPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAutoPost,
    onSuccess: () =>
      // The admin's lists and the Auto-Post, and every member's view of it (calendar, dashboard).
      queryClient.invalidateQueries({ queryKey: autoPostKeys.all }),
  });
}
