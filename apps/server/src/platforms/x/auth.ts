import { z } from 'zod';

import { readJson } from '../http.js';
import type { NetworkProfile, PlatformSettings, XCredentials } from '../types.js';
import { formAnswer, READ, type XCaller } from './call.js';

export interface XRequestToken {
  oauthToken: string;
  oauthTokenSecret: string;
  /** Where to send the member to authorize FitPost. */
  authorizeUrl: string;
}

export interface XAccessToken extends XCredentials {
  userId: string;
  screenName: string;
}

const tokenAnswerSchema = z.object({ oauth_token: z.string().min(1), oauth_token_secret: z.string().min(1) });
const requestTokenSchema = tokenAnswerSchema.extend({ oauth_callback_confirmed: z.literal('true') });
const accessTokenSchema = tokenAnswerSchema.extend({
  user_id: z.string().min(1),
  screen_name: z.string().min(1),
});
const userSchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string(),
    username: z.string(),
    profile_image_url: z.string().optional(),
  }),
});

/** Connecting an account: the OAuth 1.0a three-legged flow and the v2 user lookup. */
export function xAuth(settings: PlatformSettings, call: XCaller) {
  const { apiUrl } = settings.x;

  return {
    async requestToken(callbackUrl: string): Promise<XRequestToken> {
      const answer = await call({
        method: 'POST',
        path: '/oauth/request_token',
        oauth: { oauth_callback: callbackUrl },
        connecting: true,
      });
      const token = formAnswer(answer, requestTokenSchema);
      const authorize = new URL(`${apiUrl}/oauth/authorize`);
      authorize.searchParams.set('oauth_token', token.oauth_token);
      return {
        oauthToken: token.oauth_token,
        oauthTokenSecret: token.oauth_token_secret,
        authorizeUrl: authorize.href,
      };
    },

    async accessToken({
      oauthToken,
      oauthTokenSecret,
      oauthVerifier,
    }: {
      oauthToken: string;
      oauthTokenSecret: string;
      oauthVerifier: string;
    }): Promise<XAccessToken> {
      const answer = await call({
        method: 'POST',
        path: '/oauth/access_token',
        credentials: { token: oauthToken, tokenSecret: oauthTokenSecret },
        oauth: { oauth_verifier: oauthVerifier },
        connecting: true,
      });
      const token = formAnswer(answer, accessTokenSchema);
      return {
        token: token.oauth_token,
        tokenSecret: token.oauth_token_secret,
        userId: token.user_id,
        screenName: token.screen_name,
      };
    },

    async profile(credentials: XCredentials): Promise<NetworkProfile> {
      const query = { 'user.fields': 'profile_image_url' };
      const answer = await call({ method: 'GET', path: '/2/users/me', query, credentials });
      const { data } = readJson(READ, answer, userSchema);
      return {
        accountId: data.id,
        name: data.name,
        handle: data.username,
        pictureUrl: data.profile_image_url,
      };
    },
  };
}
