import { apiRequest } from '@/lib/api-client';

export interface TwitterAuthentication {
  oauth_token: string;
  oauth_verifier: string;
}

/**
 * POST /api/social/twitter/authenticate `{ oauth_token, oauth_verifier }` (spec §7). The response
 * body is not read: the settings screen refetches the connection list.
 */
function postTwitterAuthenticate(body: TwitterAuthentication): Promise<void> {
  return apiRequest('/api/social/twitter/authenticate', { method: 'POST', body });
}

const inFlight = new Map<string, Promise<void>>();

/**
 * Posts each request token at most once per page load: X's verifier is single-use, and StrictMode
 * runs effects twice in development, so the second run gets the first run's promise.
 */
export function authenticateTwitterOnce(body: TwitterAuthentication): Promise<void> {
  const key = `${body.oauth_token}\n${body.oauth_verifier}`;
  let pending = inFlight.get(key);
  if (!pending) {
    pending = postTwitterAuthenticate(body);
    inFlight.set(key, pending);
  }
  return pending;
}
