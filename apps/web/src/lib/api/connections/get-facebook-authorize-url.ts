import { popupAuthorizeResponse } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/social/facebook/authorizeurl?state=… → `{ url }`: Facebook Login, returning to /facebook.
 * Facebook Pages and Instagram accounts are both added through it.
 */
export async function getFacebookAuthorizeUrl(state: string): Promise<string> {
  const { url } = await apiRequest('/api/social/facebook/authorizeurl', {
    query: { state },
    schema: popupAuthorizeResponse,
  });
  return url;
}
