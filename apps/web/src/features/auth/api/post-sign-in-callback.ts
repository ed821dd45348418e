import { userInfo, type SignInCallback, type UserInfo } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/callback: exchanges the provider's code for the user-info record. */
export function postSignInCallback(body: SignInCallback): Promise<UserInfo> {
  return apiRequest('/api/auth/callback', { method: 'POST', body, schema: userInfo });
}
