import { answerConsent } from '@fitpost/sandbox/testing';
import type { TestApp } from './harness.js';

/** Sandbox base URLs for every network, as FITPOST_* settings. */
export const networkEnv = (sandboxUrl: string) => ({
  FITPOST_X_API_URL: `${sandboxUrl}/x`,
  FITPOST_LINKEDIN_AUTH_URL: `${sandboxUrl}/linkedin/oauth/v2`,
  FITPOST_LINKEDIN_API_URL: `${sandboxUrl}/linkedin/api`,
  FITPOST_FACEBOOK_AUTH_URL: `${sandboxUrl}/facebook/v23.0/dialog/oauth`,
  FITPOST_FACEBOOK_GRAPH_URL: `${sandboxUrl}/facebook/graph/v23.0`,
});

/** Connects the user's X account through the real flow (authorize page included); returns the connection id. */
export async function connectX(t: TestApp, auth: { authorization: string }, accountId?: string) {
  const start = await t.app.inject({ url: '/api/social/twitter/authorizeurl', headers: auth });
  const cookie = String(start.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const callback = await answerConsent(start.json<{ url: string }>().url, accountId ? { accountId } : {});
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/social/twitter/authenticate',
    headers: { ...auth, cookie },
    payload: {
      oauth_token: callback.searchParams.get('oauth_token'),
      oauth_verifier: callback.searchParams.get('oauth_verifier'),
    },
  });
  if (res.statusCode !== 200) throw new Error(`connecting X failed: ${res.body}`);
  return res.json<{ id: string }>().id;
}
