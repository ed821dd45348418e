import { mediaRecord, mediaUploadFields, type MediaRecord } from '@fitpost/contract';
import { apiUpload } from '@/lib/api-client';

/**
 * POST /api/media (multipart): uploads one image, which the server checks and re-encodes, and
 * answers its id and where it is served. Progress comes as 0–100; aborting `signal` cancels it.
 */
export function uploadMedia(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<MediaRecord> {
  const form = new FormData();
  form.append(mediaUploadFields.file, file);
  return apiUpload('/api/media', form, { schema: mediaRecord, ...options });
}
