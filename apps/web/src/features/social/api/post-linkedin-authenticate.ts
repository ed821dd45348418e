import { socialConnection, type SocialConnection } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import type { PopupAuthentication } from '../popup-protocol';

/** POST /api/social/linkedin/authenticate `{ code, state }` → the new (or renewed) connection. */
export function postLinkedInAuthenticate(body: PopupAuthentication): Promise<SocialConnection> {
  return apiRequest('/api/social/linkedin/authenticate', {
    method: 'POST',
    body,
    schema: socialConnection,
  });
}
