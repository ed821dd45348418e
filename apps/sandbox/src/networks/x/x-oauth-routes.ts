/** X's OAuth 1.0a three-legged flow ("Obtaining access tokens using 3-legged OAuth flow"). */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { allowMethods, readForm, send, sendHtml, sendJson, sendRedirect } from '../../http.js';
import { consentErrorPage, consentPage } from '../consent-page.js';
import { randomToken } from '../network.js';
import { withParams } from '../redirects.js';
import { couldNotAuthenticate, oauthError } from './x-errors.js';
import { receiveBody, signedParts, type XDeps } from './x-deps.js';

const NETWORK_LABEL = 'X';
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** POST oauth/request_token: a request token for the callback named in the signed header. */
export async function requestToken(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['POST']);
  const body = await receiveBody(req);
  const result = deps.verifier.verify({ ...signedParts(req, url, body), tokenSecret: () => null });
  if (!result.ok) throw couldNotAuthenticate();
  const callback = result.oauth.get('oauth_callback') ?? body.form?.get('oauth_callback') ?? '';
  // X refuses callbacks not registered for the app (v1.1 error 415); 'oob' (PIN flow) is not offered here.
  if (!deps.context.redirects.allows(callback)) {
    throw oauthError(
      403,
      415,
      'Callback URL not approved for this client application. Approved callback URLs can be adjusted in your application settings',
    );
  }
  const created = deps.state.createRequestToken(callback);
  const answer = new URLSearchParams({
    oauth_token: created.token,
    oauth_token_secret: created.secret,
    oauth_callback_confirmed: 'true',
  });
  send(res, 200, FORM_TYPE, answer.toString());
}

/** GET oauth/authorize (and oauth/authenticate): the consent page; its form posts back to the same path. */
export async function authorize(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['GET', 'POST']);
  if (req.method === 'POST') return decide(deps, req, res);
  const requestToken = deps.state.findRequestToken(url.searchParams.get('oauth_token') ?? '');
  if (!requestToken) return sendHtml(res, 400, invalidTokenPage());
  const accounts = deps.demoAccountIds
    .map((id) => deps.state.accounts.get(id))
    .filter((account) => account !== undefined)
    .map((account) => ({ id: account.id, label: `${account.name} (@${account.username})` }));
  sendHtml(
    res,
    200,
    consentPage({
      network: NETWORK_LABEL,
      permissions: ['Read posts and your profile', 'Create posts and upload media on your behalf'],
      accounts,
      selectedAccountId: accounts[0]?.id,
      action: url.pathname,
      hidden: { oauth_token: requestToken.token },
      allowLabel: 'Authorize app',
      cancelLabel: 'Cancel',
    }),
  );
}

async function decide(deps: XDeps, req: IncomingMessage, res: ServerResponse) {
  const form = await readForm(req);
  const requestToken = deps.state.findRequestToken(form.get('oauth_token') ?? '');
  if (!requestToken) return sendHtml(res, 400, invalidTokenPage());
  if (form.get('decision') !== 'allow') {
    // X sends a user who cancels back to the callback with only `denied=<request token>`.
    deps.state.requestTokens.delete(requestToken.token);
    return sendRedirect(res, withParams(requestToken.callback, { denied: requestToken.token }));
  }
  const account = deps.state.accounts.get(form.get('account') ?? '');
  if (!account)
    return sendHtml(res, 400, consentErrorPage(NETWORK_LABEL, 'Choose one of the listed accounts.'));
  requestToken.grant = { accountId: account.id, verifier: randomToken(24) };
  sendRedirect(
    res,
    withParams(requestToken.callback, {
      oauth_token: requestToken.token,
      oauth_verifier: requestToken.grant.verifier,
    }),
  );
}

/** POST oauth/access_token: trades an authorized request token and its verifier for the user's token. */
export async function accessToken(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['POST']);
  const body = await receiveBody(req);
  const result = deps.verifier.verify({
    ...signedParts(req, url, body),
    tokenSecret: (token) => {
      const found = token === undefined ? undefined : deps.state.findRequestToken(token);
      return found?.grant ? found.secret : undefined;
    },
  });
  if (!result.ok) throw couldNotAuthenticate();
  const requestToken = deps.state.findRequestToken(result.oauth.get('oauth_token') ?? '');
  const verifier =
    result.oauth.get('oauth_verifier') ??
    url.searchParams.get('oauth_verifier') ??
    body.form?.get('oauth_verifier');
  const grant = requestToken?.grant;
  if (!requestToken || !grant || verifier !== grant.verifier) {
    throw oauthError(401, 89, 'Invalid or expired token.');
  }
  // A request token is good for one exchange.
  deps.state.requestTokens.delete(requestToken.token);
  const account = deps.state.accounts.get(grant.accountId);
  if (!account) throw oauthError(401, 89, 'Invalid or expired token.');
  const issued = deps.state.accessTokenFor(account);
  const answer = new URLSearchParams({
    oauth_token: issued.token,
    oauth_token_secret: issued.secret,
    user_id: account.id,
    screen_name: account.username,
  });
  send(res, 200, FORM_TYPE, answer.toString());
}

/** POST 1.1/oauth/invalidate_token: the app revokes the user token it signs the request with. */
export async function invalidateToken(deps: XDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['POST']);
  const body = await receiveBody(req);
  const result = deps.verifier.verify({
    ...signedParts(req, url, body),
    tokenSecret: (token) => {
      const found = token === undefined ? undefined : deps.state.accessTokens.get(token);
      return found && deps.state.isValid(found) ? found.secret : undefined;
    },
  });
  if (!result.ok) throw couldNotAuthenticate();
  const token = result.oauth.get('oauth_token') ?? '';
  const found = deps.state.accessTokens.get(token);
  if (found) found.revoked = true;
  sendJson(res, 200, { access_token: token });
}

function invalidTokenPage(): string {
  return consentErrorPage(
    NETWORK_LABEL,
    'The request token for this page is invalid. It may have already been used, or expired because it is too old.',
  );
}
