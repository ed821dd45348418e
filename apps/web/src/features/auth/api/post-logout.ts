import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout: revokes the session token. */
export function postLogout(): Promise<void> {
  return apiRequest('/api/auth/logout', { method: 'POST' });
}
