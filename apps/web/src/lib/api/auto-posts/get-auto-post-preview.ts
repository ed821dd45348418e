import { autoPostPreview, type AutoPostPreview } from '@fitpost/contract';
import { skipToken, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { autoPostKeys } from './keys';

/**
 * GET /api/autoposts/{id}/preview[?userId] (admins): the Auto-Post as members will get it, merge
 * fields filled and links tagged — a sample of opted-in members, or the member `userId`.
 */
function getAutoPostPreview(
  id: string,
  userId: string | null,
  signal?: AbortSignal,
): Promise<AutoPostPreview> {
  return apiRequest(`/api/autoposts/${encodeURIComponent(id)}/preview`, {
    query: userId ? { userId } : undefined,
    schema: autoPostPreview,
    signal,
  });
}

/** The sample (`userId` null), or one member's preview; `enabled` false waits (no member chosen yet). */
export function useAutoPostPreview(id: string, userId: string | null, enabled = true) {
  return useQuery({
    queryKey: autoPostKeys.preview(id, userId),
    queryFn: enabled ? ({ signal }) => getAutoPostPreview(id, userId, signal) : skipToken,
  });
}
