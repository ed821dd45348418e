import { socialConnection, type SocialConnection, type PopupAuthenticateBody } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/social/linkedin/authenticate `{ code, state }` → the new (or renewed) connection. */
export function postLinkedInAuthenticate(body: PopupAuthenticateBody): Promise<SocialConnection> {
  return apiRequest('/api/social/linkedin/authenticate', {
    method: 'POST',
    body,
    schema: socialConnection,
  });
}
