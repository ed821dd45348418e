import { logoutResponse, type LogoutResponse } from '@fitpost/contract';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout: revokes the session token; answers where the provider ends its own session. */
export function postLogout(): Promise<LogoutResponse> {
  return apiRequest('/api/auth/logout', { method: 'POST', schema: logoutResponse });
}
