import { apiRequest } from '@/lib/api-client';

/** GET /api/feed/consume/{userId}: refreshes the user's feeds after sign-in (spec §4). */
export function consumeFeeds(userId: string): Promise<void> {
  return apiRequest(`/api/feed/consume/${encodeURIComponent(userId)}`);
}
