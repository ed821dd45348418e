import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateConnections } from './get-connections';

/** DELETE /api/social/connections/{id} → 204. */
function deleteConnection(id: string): Promise<void> {
  return apiRequest(`/api/social/connections/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Disconnects, then refetches the list (no optimistic update: the server's list is the truth). */
export function useDeleteConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConnection,
    onSettled: () => invalidateConnections(queryClient),
  });
}
