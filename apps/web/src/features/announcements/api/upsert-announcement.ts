import {
  announcementApi,
  announcementDetail,
  type AnnouncementDetail,
  type AnnouncementUpsert,
} from '@fitpost/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { announcementKeys } from './keys';

/** Upsert (spec §7): POST /api/announcement when the id is empty or 0, else PUT /api/announcement/{id}. */
function upsertAnnouncement(body: AnnouncementUpsert): Promise<AnnouncementDetail> {
  const id = body.id;
  return id === undefined || id === '' || id === 0
    ? apiRequest(announcementApi.announcements, { method: 'POST', body, schema: announcementDetail })
    : apiRequest(announcementApi.announcement(encodeURIComponent(id)), {
        method: 'PUT',
        body,
        schema: announcementDetail,
      });
}

export function useUpsertAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
