import {
  announcementApi,
  announcementPage,
  type AnnouncementPage,
  type AnnouncementSearchBody,
} from '@fitpost/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { announcementKeys } from './keys';

/** POST /api/announcement/search (admin). */
function searchAnnouncements(body: AnnouncementSearchBody, signal?: AbortSignal): Promise<AnnouncementPage> {
  return apiRequest(announcementApi.search, { method: 'POST', body, schema: announcementPage, signal });
}

export function useAnnouncements(body: AnnouncementSearchBody) {
  return useQuery({
    queryKey: announcementKeys.search(body),
    queryFn: ({ signal }) => searchAnnouncements(body, signal),
    placeholderData: keepPreviousData,
  });
}
