import { mediaRecord, type MediaRecord } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { composerKeys } from './query-keys';

/** GET /api/media/{id}: one of the member's own images (its address and alt text). */
export function getMedia(id: string, signal?: AbortSignal): Promise<MediaRecord> {
  return apiRequest(`/api/media/${encodeURIComponent(id)}`, { schema: mediaRecord, signal });
}

export function useMedia(id: string | null) {
  return useQuery({
    queryKey: composerKeys.media(id ?? ''),
    queryFn: ({ signal }) => getMedia(id ?? '', signal),
    enabled: id !== null,
  });
}
