import { contentItem, libraryApi, type ContentItem } from '@fitpost/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/content/{id}: one library item (a post or an Auto-Post is made from it). */
function getContentItem(id: string, signal?: AbortSignal): Promise<ContentItem> {
  return apiRequest(libraryApi.contentItem(encodeURIComponent(id)), { schema: contentItem, signal });
}

/** The library item `id` (null: none). */
export function useContentItem(id: string | null) {
  return useQuery({
    queryKey: contentKeys.item(id ?? ''),
    queryFn: id ? ({ signal }) => getContentItem(id, signal) : skipToken,
  });
}
