import { facebookChoice, type FacebookChoice, type PopupAuthenticateBody } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/social/facebook/authenticate `{ code, state }` → the Pages (and their Instagram accounts)
 * the member may add, held on the server under `pendingId` until POST /api/social/facebook/connect.
 */
export function postFacebookAuthenticate(body: PopupAuthenticateBody): Promise<FacebookChoice> {
  return apiRequest('/api/social/facebook/authenticate', { method: 'POST', body, schema: facebookChoice });
}
