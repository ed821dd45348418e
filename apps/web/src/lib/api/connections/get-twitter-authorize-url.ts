import { twitterAuthorizeUrlResponse } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/** GET /api/social/twitter/authorizeurl → `{ url }`: X's authorize page, returning to /validatetwitterauth. */
export async function getTwitterAuthorizeUrl(): Promise<string> {
  const { url } = await apiRequest('/api/social/twitter/authorizeurl', {
    schema: twitterAuthorizeUrlResponse,
  });
  return url;
}
