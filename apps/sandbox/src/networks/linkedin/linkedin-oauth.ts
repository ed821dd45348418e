/** LinkedIn's "Authorization Code Flow (3-legged OAuth)", its refresh tokens and token revocation. */
import type { IncomingMessage, ServerResponse } from 'node:http';

import { z } from 'zod';

import { allowMethods, readForm, sendHtml, sendJson, sendRedirect } from '../../http.js';
import { consentErrorPage, consentPage } from '../consent-page.js';
import { splitList } from '../network.js';
import { withParams } from '../redirects.js';
import { oauthError } from './linkedin-errors.js';
import type { LinkedInDeps } from './linkedin-deps.js';
import type { LinkedInMember } from './linkedin-state.js';

const NETWORK_LABEL = 'LinkedIn';

const PERMISSION_TEXT: Record<string, string> = {
  openid: 'Use your name and photo to sign you in',
  profile: 'Use your name and photo',
  email: 'Use the primary email address on your LinkedIn profile',
  w_member_social: 'Create, modify and delete posts, comments and reactions on your behalf',
  r_member_social: 'Retrieve your posts, comments, reactions and other engagement data',
};

const authorizationSchema = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1),
  redirect_uri: z.string().min(1),
  state: z.string().optional(),
  scope: z.string().min(1),
});

/** GET /oauth/v2/authorization shows the consent page; the page's form posts back to the same path. */
export async function authorization(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse, url: URL) {
  allowMethods(req, ['GET', 'POST']);
  const params = req.method === 'POST' ? await readForm(req) : url.searchParams;
  const parsed = authorizationSchema.safeParse(Object.fromEntries(params));
  // Without a trustworthy client and redirect URI there is nowhere safe to send an error: show it instead.
  if (!parsed.success) {
    return sendHtml(
      res,
      400,
      consentErrorPage(
        NETWORK_LABEL,
        'The request is missing response_type=code, client_id, redirect_uri or scope.',
      ),
    );
  }
  const request = parsed.data;
  if (request.client_id !== deps.client.clientId) {
    return sendHtml(res, 400, consentErrorPage(NETWORK_LABEL, 'The client_id is not a LinkedIn app.'));
  }
  if (!deps.context.redirects.allows(request.redirect_uri)) {
    return sendHtml(
      res,
      400,
      consentErrorPage(NETWORK_LABEL, 'The redirect_uri does not match the registered value.'),
    );
  }
  if (req.method === 'POST') return decide(deps, res, request, params);
  const members = deps.demoMemberIds
    .map((id) => deps.state.members.get(id))
    .filter((member) => member !== undefined)
    .map((member) => ({
      id: member.id,
      label: `${member.givenName} ${member.familyName} (${member.email})`,
    }));
  const scopes = splitList(request.scope);
  sendHtml(
    res,
    200,
    consentPage({
      network: NETWORK_LABEL,
      permissions: scopes.map((scope) => PERMISSION_TEXT[scope] ?? scope),
      accounts: members,
      selectedAccountId: members[0]?.id,
      action: url.pathname,
      hidden: Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined)),
      allowLabel: 'Allow',
      cancelLabel: 'Cancel',
    }),
  );
}

function decide(
  deps: LinkedInDeps,
  res: ServerResponse,
  request: z.infer<typeof authorizationSchema>,
  form: URLSearchParams,
): void {
  if (form.get('decision') !== 'allow') {
    // Authorization Code Flow, "Failed Requests": the member declined.
    return sendRedirect(
      res,
      withParams(request.redirect_uri, {
        error: 'user_cancelled_login',
        error_description: 'The user cancelled LinkedIn login',
        state: request.state,
      }),
    );
  }
  const member = deps.state.members.get(form.get('account') ?? '');
  if (!member)
    return sendHtml(res, 400, consentErrorPage(NETWORK_LABEL, 'Choose one of the listed accounts.'));
  const code = deps.state.createCode({
    memberId: member.id,
    clientId: request.client_id,
    redirectUri: request.redirect_uri,
    scopes: splitList(request.scope),
  });
  sendRedirect(res, withParams(request.redirect_uri, { code, state: request.state }));
}

const tokenRequestSchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1),
    redirect_uri: z.string().min(1),
    client_id: z.string(),
    client_secret: z.string(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1),
    client_id: z.string(),
    client_secret: z.string(),
  }),
]);

/** POST /oauth/v2/accessToken: code exchange and refresh, form-encoded, client credentials in the body. */
export async function accessToken(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse) {
  allowMethods(req, ['POST']);
  const parsed = tokenRequestSchema.safeParse(Object.fromEntries(await readForm(req)));
  if (!parsed.success) {
    throw oauthError(
      400,
      'invalid_request',
      'A required parameter "grant_type", "code", "refresh_token", "redirect_uri", "client_id" or "client_secret" is missing or invalid',
    );
  }
  const request = parsed.data;
  if (request.client_id !== deps.client.clientId || request.client_secret !== deps.client.clientSecret) {
    throw oauthError(401, 'invalid_client', 'Client authentication failed');
  }
  res.setHeader('pragma', 'no-cache');
  if (request.grant_type === 'authorization_code') {
    const code = deps.state.takeCode(request.code);
    const member = code && deps.state.members.get(code.memberId);
    if (
      !code ||
      !member ||
      code.redirectUri !== request.redirect_uri ||
      code.clientId !== request.client_id
    ) {
      throw oauthError(
        400,
        'invalid_request',
        'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
      );
    }
    const refreshToken = deps.state.issueRefreshToken(member, code.scopes);
    return sendJson(res, 200, tokenAnswer(deps, member, code.scopes, refreshToken));
  }
  const stored = deps.state.refreshTokens.get(request.refresh_token);
  const member = stored && deps.state.members.get(stored.memberId);
  if (!stored || !member || stored.expiresAt < Date.now() || stored.generation !== member.generation) {
    // RFC 6749 §5.2: an invalid, expired or revoked refresh token is `invalid_grant`.
    throw oauthError(400, 'invalid_grant', 'The provided refresh token is invalid or has expired');
  }
  sendJson(res, 200, tokenAnswer(deps, member, stored.scopes, request.refresh_token));
}

function tokenAnswer(
  deps: LinkedInDeps,
  member: LinkedInMember,
  scopes: readonly string[],
  refreshToken: string,
) {
  const refresh = deps.state.refreshTokens.get(refreshToken);
  return {
    access_token: deps.state.issueAccessToken(member, scopes),
    expires_in: deps.state.lifetimes.accessTokenSeconds,
    refresh_token: refreshToken,
    // A refresh token's lifetime counts down from the first authorization and is never extended.
    refresh_token_expires_in: Math.max(0, Math.floor(((refresh?.expiresAt ?? 0) - Date.now()) / 1000)),
    scope: [...scopes].sort().join(','),
    token_type: 'Bearer',
  };
}

const revokeSchema = z.object({ client_id: z.string(), client_secret: z.string(), token: z.string().min(1) });

/** POST /oauth/v2/revoke ("Token revocation"): the app revokes one of its access tokens. */
export async function revoke(deps: LinkedInDeps, req: IncomingMessage, res: ServerResponse) {
  allowMethods(req, ['POST']);
  const parsed = revokeSchema.safeParse(Object.fromEntries(await readForm(req)));
  if (!parsed.success)
    throw oauthError(400, 'invalid_request', 'client_id, client_secret and token are required');
  if (
    parsed.data.client_id !== deps.client.clientId ||
    parsed.data.client_secret !== deps.client.clientSecret
  ) {
    throw oauthError(401, 'invalid_client', 'Client authentication failed');
  }
  const token = deps.state.accessTokens.get(parsed.data.token);
  if (token) token.revoked = true;
  res.statusCode = 200;
  res.end();
}
