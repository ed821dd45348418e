import { popupAuthorizeResponse } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/social/linkedin/authorizeurl?state=… → `{ url }`: LinkedIn's authorize page, returning to /linkedin. */
export async function getLinkedInAuthorizeUrl(state: string): Promise<string> {
  const { url } = await apiRequest('/api/social/linkedin/authorizeurl', {
    query: { state },
    schema: popupAuthorizeResponse,
  });
  return url;
}
