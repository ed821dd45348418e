import { mediaRecord, mediaUploadFields, type MediaRecord } from '@fitpost/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/media (multipart): uploads the Auto-Post's graphic; the server checks and re-encodes it. */
export function uploadMedia(file: File): Promise<MediaRecord> {
  const form = new FormData();
  form.append(mediaUploadFields.file, file);
  return apiRequest('/api/media', { method: 'POST', body: form, schema: mediaRecord });
}

export function useUploadMedia() {
  return useMutation({ mutationFn: uploadMedia });
}
