import { mediaRecord, type MediaRecord } from '@fitpost/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mediaKeys } from './keys';

/** GET /api/media/{id}: an image the member may post — their own or their portal's shared one (`owned`). */
function getMedia(id: string, signal?: AbortSignal): Promise<MediaRecord> {
  return apiRequest(`/api/media/${encodeURIComponent(id)}`, { schema: mediaRecord, signal });
}

export function useMedia(id: string | null) {
  return useQuery({
    queryKey: mediaKeys.item(id ?? ''),
    queryFn: ({ signal }) => getMedia(id ?? '', signal),
    enabled: id !== null,
  });
}
