/** Graph's /oauth/access_token: code exchange and long-lived token exchange ("Access Tokens"). */
import type { ServerResponse } from 'node:http';

import { sendJson } from '../../http.js';
import type { FacebookDeps } from './facebook-deps.js';
import { graphError, invalidParameter } from './graph-errors.js';
import { type GraphParams } from './graph-request.js';

export function exchangeToken(deps: FacebookDeps, params: GraphParams, res: ServerResponse): void {
  const value = (name: string) => params.values.get(name);
  if (value('client_id') !== deps.app.appId) {
    throw graphError(400, { message: 'Error validating application. Invalid application ID.', code: 101 });
  }
  if (value('client_secret') !== deps.app.appSecret) {
    throw graphError(400, { message: 'Error validating client secret.', code: 1 });
  }
  if (value('grant_type') === 'fb_exchange_token') {
    const current = deps.state.tokens.get(value('fb_exchange_token') ?? '');
    const user = current && deps.state.users.get(current.userId);
    if (
      !current ||
      !user ||
      current.kind !== 'user' ||
      current.revoked ||
      current.generation !== user.generation ||
      current.expiresAt < Date.now()
    ) {
      throw graphError(400, { message: 'Invalid OAuth access token.', code: 190 });
    }
    const { token, expiresIn } = deps.state.issueUserToken(user, true);
    return sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: expiresIn });
  }
  const code = deps.state.codes.get(value('code') ?? '');
  if (!code) throw invalidParameter('Invalid verification code format.');
  if (code.used)
    throw graphError(400, { message: 'This authorization code has been used.', code: 100, subcode: 36009 });
  if (code.expiresAt < Date.now()) {
    throw graphError(400, { message: 'This authorization code has expired.', code: 100, subcode: 36007 });
  }
  if (value('redirect_uri') !== code.redirectUri) {
    throw graphError(400, {
      message:
        'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      code: 100,
      subcode: 36008,
    });
  }
  const user = deps.state.users.get(code.userId);
  if (!user) throw invalidParameter('Invalid verification code format.');
  code.used = true;
  const { token, expiresIn } = deps.state.issueUserToken(user, false);
  sendJson(res, 200, { access_token: token, token_type: 'bearer', expires_in: expiresIn });
}
