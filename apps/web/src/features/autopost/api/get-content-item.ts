import { contentItem, libraryApi, type ContentItem } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './query-keys';

/** GET /api/content/{id}: the library item an Auto-Post is scheduled from. */
export function getContentItem(id: string, signal?: AbortSignal): Promise<ContentItem> {
  return apiRequest(libraryApi.contentItem(id), { schema: contentItem, signal });
}

export function useContentItem(id: string | null) {
  return useQuery({
    queryKey: autoPostKeys.contentItem(id ?? ''),
    queryFn: ({ signal }) => getContentItem(id ?? '', signal),
    enabled: id !== null,
  });
}
