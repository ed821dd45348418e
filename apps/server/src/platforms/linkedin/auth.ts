import { z } from 'zod';

import { readJson } from '../http.js';
import type { AuthorizeRequest, NetworkProfile, OAuth2Tokens, PlatformSettings } from '../types.js';
import { type LinkedInCaller, READ } from './call.js';

/**
 * Sign In with LinkedIn (openid, profile) and Share on LinkedIn (w_member_social). Reading the member's
 * posts back (reconcile) needs r_member_social, which LinkedIn grants to approved partners only: add it
 * here if FitPost's app has it.
 */
export const LINKEDIN_SCOPES = ['openid', 'profile', 'w_member_social'] as const;

const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().optional(),
  refresh_token: z.string().optional(),
  refresh_token_expires_in: z.number().optional(),
  scope: z.string().optional(),
});
const userinfoSchema = z.object({
  sub: z.string().min(1),
  name: z.string().optional(),
  picture: z.string().optional(),
});

/** Sign-in and tokens: "Authorization Code Flow (3-legged OAuth)" and "Sign In with LinkedIn using OpenID Connect". */
export function linkedInAuth(settings: PlatformSettings, call: LinkedInCaller) {
  const { authUrl, apiUrl, clientId, clientSecret } = settings.linkedin;

  async function token(form: Record<string, string>): Promise<OAuth2Tokens> {
    const params = new URLSearchParams({ ...form, client_id: clientId, client_secret: clientSecret });
    const answer = await call({ method: 'POST', url: `${authUrl}/accessToken`, form: params });
    const granted = readJson(READ, answer, tokenSchema);
    const now = Date.now();
    return {
      accessToken: granted.access_token,
      ...(granted.expires_in === undefined ? {} : { expiresAt: new Date(now + granted.expires_in * 1000) }),
      ...(granted.refresh_token === undefined ? {} : { refreshToken: granted.refresh_token }),
      ...(granted.refresh_token_expires_in === undefined
        ? {}
        : { refreshExpiresAt: new Date(now + granted.refresh_token_expires_in * 1000) }),
      scope: (granted.scope ?? '').split(/[\s,]+/).filter(Boolean),
    };
  }

  return {
    authorizeUrl({ state, redirectUri, scopes = LINKEDIN_SCOPES }: AuthorizeRequest): string {
      const url = new URL(`${authUrl}/authorization`);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: redirectUri,
        state,
        scope: scopes.join(' '),
      }).toString();
      return url.href;
    },

    exchangeCode({ code, redirectUri }: { code: string; redirectUri: string }): Promise<OAuth2Tokens> {
      return token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    },

    refresh(refreshToken: string): Promise<OAuth2Tokens> {
      return token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    },

    async profile(accessToken: string): Promise<NetworkProfile> {
      const answer = await call({ method: 'GET', url: `${apiUrl}/v2/userinfo`, token: accessToken });
      const user = readJson(READ, answer, userinfoSchema);
      return { accountId: user.sub, name: user.name ?? '', pictureUrl: user.picture };
    },
  };
}
