import { mediaRecord, type MediaRecord } from '@fitpost/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/media/{id}: the image's alt text, which networks that support it receive (blank clears it). */
function updateMediaAltText(input: { id: string; altText: string }): Promise<MediaRecord> {
  return apiRequest(`/api/media/${encodeURIComponent(input.id)}`, {
    method: 'PATCH',
    body: { altText: input.altText },
    schema: mediaRecord,
  });
}

export function useUpdateMediaAltText() {
  return useMutation({ mutationFn: updateMediaAltText });
}
