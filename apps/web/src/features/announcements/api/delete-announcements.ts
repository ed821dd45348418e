import { announcementApi, type LibraryIdsBody } from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { announcementKeys } from './keys';

/** DELETE /api/announcement with a body of ids. */
function deleteAnnouncements(body: LibraryIdsBody): Promise<void> {
  return apiRequest(announcementApi.announcements, { method: 'DELETE', body });
}

export function useDeleteAnnouncements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncements,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
