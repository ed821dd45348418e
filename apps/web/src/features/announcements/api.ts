import {
  announcementApi,
  announcementDetail,
  announcementPage,
  type AnnouncementDetail,
  type AnnouncementPage,
  type AnnouncementSearchBody,
  type AnnouncementUpsert,
  type LibraryIdsBody,
} from '@fitpost/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const lists = ['announcements'] as const;

/** POST /api/announcement/search (admin). */
function searchAnnouncements(body: AnnouncementSearchBody, signal?: AbortSignal): Promise<AnnouncementPage> {
  return apiRequest(announcementApi.search, { method: 'POST', body, schema: announcementPage, signal });
}

export function useAnnouncements(body: AnnouncementSearchBody) {
  return useQuery({
    queryKey: [...lists, body],
    queryFn: ({ signal }) => searchAnnouncements(body, signal),
    placeholderData: keepPreviousData,
  });
}

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

/** DELETE /api/announcement with a body of ids. */
function deleteAnnouncements(body: LibraryIdsBody): Promise<void> {
  return apiRequest(announcementApi.announcements, { method: 'DELETE', body });
}

export function useUpsertAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lists }),
  });
}

export function useDeleteAnnouncements() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAnnouncements,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lists }),
  });
}
