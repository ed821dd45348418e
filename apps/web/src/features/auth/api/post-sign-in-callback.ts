import { userInfo, type UserInfo } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

export interface SignInCallback {
  code: string;
  state: string;
  /** The provider's `iss` parameter (RFC 9207), passed through for the server to check. */
  iss?: string;
  host: string;
}

/** POST /api/auth/callback: exchanges the provider's code for the user-info record. */
export function postSignInCallback(body: SignInCallback): Promise<UserInfo> {
  return apiRequest('/api/auth/callback', { method: 'POST', body, schema: userInfo });
}
