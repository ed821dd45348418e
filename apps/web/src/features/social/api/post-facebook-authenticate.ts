import { facebookChoice, type FacebookChoice } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';
import type { PopupAuthentication } from '../popup-protocol';

/**
 * POST /api/social/facebook/authenticate `{ code, state }` → the Pages (and their Instagram accounts)
 * the member may add, held on the server under `pendingId` until POST /api/social/facebook/connect.
 */
export function postFacebookAuthenticate(body: PopupAuthentication): Promise<FacebookChoice> {
  return apiRequest('/api/social/facebook/authenticate', { method: 'POST', body, schema: facebookChoice });
}
