import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startSandbox, type Sandbox } from '../app.js';
import { pkcePair, randomValue, TestBrowser } from '../testing.js';

const REDIRECT_URI = 'http://localhost:3000/oauth';
const POST_LOGOUT_URI = 'http://localhost:3000/';
const CLIENT_ID = 'fitpost';
const CLIENT_SECRET = 'fitpost-sandbox-secret';
const SCOPE = 'openid email profile fitpost';

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  end_session_endpoint: z.string(),
  scopes_supported: z.array(z.string()),
  claims_supported: z.array(z.string()),
  code_challenge_methods_supported: z.array(z.string()),
  token_endpoint_auth_methods_supported: z.array(z.string()),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({
  id_token: z.string(),
  access_token: z.string(),
  token_type: z.string(),
});

let sandbox: Sandbox;
let discovery: Discovery;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    redirectUris: [REDIRECT_URI],
    postLogoutRedirectUris: [POST_LOGOUT_URI],
  });
  const response = await fetch(`${sandbox.issuer}/.well-known/openid-configuration`);
  discovery = discoverySchema.parse(await response.json());
});

afterAll(async () => {
  await sandbox.close();
});

interface AuthorizationRequest {
  browser: TestBrowser;
  state: string;
  nonce: string;
  verifier: string;
  response: Response;
  url: string;
}

/** Starts an authorization-code + PKCE request as FitPost's server would build it. */
async function authorize(
  browser = new TestBrowser(),
  extra: Record<string, string> = {},
): Promise<AuthorizationRequest> {
  const { verifier, challenge } = pkcePair();
  const state = randomValue();
  const nonce = randomValue();
  const url = new URL(discovery.authorization_endpoint);
  url.search = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: SCOPE,
    redirect_uri: REDIRECT_URI,
    state,
    nonce,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  const response = await browser.request(url.href);
  return { browser, state, nonce, verifier, response, url: url.href };
}

/** Follows the authorization request to the sign-in page. */
async function openSignInPage(request: AuthorizationRequest): Promise<{ pageUrl: string; html: string }> {
  expect(request.response.status).toBe(303);
  const pageUrl = new URL(request.response.headers.get('location') ?? '', request.url).href;
  const page = await request.browser.request(pageUrl);
  expect(page.status).toBe(200);
  return { pageUrl, html: await page.text() };
}

function formAction(html: string, pageUrl: string): string {
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('no sign-in form on the page');
  return new URL(action, pageUrl).href;
}

/** Signs in on the sandbox's page and returns the redirect back to FitPost. */
async function signIn(email: string, password = 'fitpost', request?: AuthorizationRequest) {
  const flow = request ?? (await authorize());
  const { pageUrl, html } = await openSignInPage(flow);
  const posted = await flow.browser.submitForm(formAction(html, pageUrl), { email, password });
  const { location } = await flow.browser.follow(posted, pageUrl, REDIRECT_URI);
  if (!location) throw new Error(`sign-in did not return to the client (status ${posted.status})`);
  return { ...flow, callback: location };
}

async function exchangeCode(code: string, verifier: string): Promise<z.infer<typeof tokenResponseSchema>> {
  const basic = Buffer.from(`${encodeURIComponent(CLIENT_ID)}:${encodeURIComponent(CLIENT_SECRET)}`).toString(
    'base64',
  );
  const response = await fetch(discovery.token_endpoint, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  return tokenResponseSchema.parse(await response.json());
}

async function verifyIdToken(idToken: string) {
  const jwks = createRemoteJWKSet(new URL(discovery.jwks_uri));
  const { payload } = await jwtVerify(idToken, jwks, { issuer: sandbox.issuer, audience: CLIENT_ID });
  return payload;
}

describe('discovery', () => {
  it('names the issuer under /sso and every endpoint below it', () => {
    expect(sandbox.issuer).toBe(`${sandbox.url}/sso`);
    expect(discovery.issuer).toBe(sandbox.issuer);
    for (const endpoint of [
      discovery.authorization_endpoint,
      discovery.token_endpoint,
      discovery.jwks_uri,
      discovery.end_session_endpoint,
    ]) {
      expect(endpoint.startsWith(`${sandbox.issuer}/`)).toBe(true);
    }
    expect(discovery.scopes_supported).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'fitpost']),
    );
    expect(discovery.claims_supported).toEqual(
      expect.arrayContaining(['portal_id', 'account_type', 'fitpost']),
    );
    expect(discovery.code_challenge_methods_supported).toEqual(['S256']);
    expect(discovery.token_endpoint_auth_methods_supported).toEqual(['client_secret_basic']);
  });

  it('serves the same metadata at the RFC 8414 location', async () => {
    const response = await fetch(`${sandbox.url}/.well-known/oauth-authorization-server/sso`);
    const metadata = discoverySchema.partial().parse(await response.json());
    expect(metadata.issuer).toBe(sandbox.issuer);
    expect(metadata.token_endpoint).toBe(discovery.token_endpoint);
  });

  it('publishes an RS256 signing key', async () => {
    const response = await fetch(discovery.jwks_uri);
    const jwks = z
      .object({ keys: z.array(z.object({ kty: z.string(), alg: z.string(), kid: z.string() }).loose()) })
      .parse(await response.json());
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });
});

describe('sign-in', () => {
  it('runs the authorization-code flow with PKCE and issues an ID token carrying every claim', async () => {
    const { callback, state, nonce, verifier } = await signIn('coach@example.com');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('iss')).toBe(sandbox.issuer);
    const code = callback.searchParams.get('code');
    expect(code).toBeTruthy();

    const tokens = await exchangeCode(code ?? '', verifier);
    const claims = await verifyIdToken(tokens.id_token);
    expect(claims).toMatchObject({
      sub: 'member-1001',
      nonce,
      email: 'coach@example.com',
      email_verified: true,
      name: 'Casey Coach',
      picture: `${sandbox.url}/avatars/member-1001.svg`,
      profile: `${sandbox.url}/profile/member-1001`,
      portal_id: 1,
      account_type: 'Personal Trainer',
      fitpost: true,
    });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(3600);
  });

  it('shows an accessible sign-in page', async () => {
    const { html } = await openSignInPage(await authorize());
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toContain('<main>');
    expect(html).toMatch(/<h1>.*FitPro Academy.*Member sign-in<\/h1>/);
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('<button type="submit">Sign in</button>');
    expect(html).toContain('<code>fitpost</code>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('answers a wrong password with 401, an alert and the email kept', async () => {
    const flow = await authorize();
    const { pageUrl, html } = await openSignInPage(flow);
    const posted = await flow.browser.submitForm(formAction(html, pageUrl), {
      email: 'coach@example.com',
      password: 'wrong',
    });
    expect(posted.status).toBe(401);
    const page = await posted.text();
    expect(page).toMatch(/role="alert">Incorrect email or password\.<\/p>/);
    expect(page).toContain('value="coach@example.com"');

    // The same interaction still accepts the right password afterwards.
    const retry = await flow.browser.submitForm(formAction(page, pageUrl), {
      email: 'coach@example.com',
      password: 'fitpost',
    });
    const { location } = await flow.browser.follow(retry, pageUrl, REDIRECT_URI);
    expect(location?.searchParams.get('code')).toBeTruthy();
  });

  it('treats an unknown email like a wrong password and escapes what was typed', async () => {
    const flow = await authorize();
    const { pageUrl, html } = await openSignInPage(flow);
    const typed = '"><script>alert(1)</script>';
    const posted = await flow.browser.submitForm(formAction(html, pageUrl), {
      email: typed,
      password: 'fitpost',
    });
    expect(posted.status).toBe(401);
    const page = await posted.text();
    expect(page).toContain('Incorrect email or password.');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it('prefills the email from login_hint', async () => {
    const { html } = await openSignInPage(await authorize(undefined, { login_hint: 'admin@example.com' }));
    expect(html).toContain('value="admin@example.com"');
  });

  it('releases fitpost: false for a lapsed member', async () => {
    const { callback, verifier } = await signIn('lapsed@example.com');
    const tokens = await exchangeCode(callback.searchParams.get('code') ?? '', verifier);
    const claims = await verifyIdToken(tokens.id_token);
    expect(claims).toMatchObject({ sub: 'member-1003', fitpost: false, portal_id: 1 });
  });

  it("signs unverified@example.com in with its own subject, claiming the admin's email unverified", async () => {
    const { callback, verifier } = await signIn('unverified@example.com');
    const tokens = await exchangeCode(callback.searchParams.get('code') ?? '', verifier);
    const claims = await verifyIdToken(tokens.id_token);
    expect(claims).toMatchObject({
      sub: 'member-1004',
      email: 'admin@example.com',
      email_verified: false,
      portal_id: 1,
    });
  });

  it('reuses the SSO session without any consent screen, and asks again for prompt=login', async () => {
    const first = await signIn('coach@other.example.com');
    const again = await authorize(first.browser);
    const { location } = await again.browser.follow(again.response, again.url, REDIRECT_URI);
    expect(location?.searchParams.get('code')).toBeTruthy();

    const forced = await signIn(
      'coach@other.example.com',
      'fitpost',
      await authorize(first.browser, { prompt: 'login' }),
    );
    const tokens = await exchangeCode(forced.callback.searchParams.get('code') ?? '', forced.verifier);
    expect(await verifyIdToken(tokens.id_token)).toMatchObject({ sub: 'member-2001', portal_id: 2 });
  });

  it('requires PKCE', async () => {
    const flow = await authorize(undefined, { code_challenge: '', code_challenge_method: '' });
    const { location } = await flow.browser.follow(flow.response, flow.url, REDIRECT_URI);
    expect(location?.searchParams.get('error')).toBe('invalid_request');
  });

  it('returns access_denied when the member cancels', async () => {
    const flow = await authorize();
    const { pageUrl, html } = await openSignInPage(flow);
    const cancel = /<a href="([^"]+\/abort)"/.exec(html)?.[1] ?? '';
    const response = await flow.browser.request(new URL(cancel, pageUrl).href);
    const { location } = await flow.browser.follow(response, pageUrl, REDIRECT_URI);
    expect(location?.searchParams.get('error')).toBe('access_denied');
    expect(location?.searchParams.get('state')).toBe(flow.state);
  });

  it('explains an expired sign-in instead of failing', async () => {
    const flow = await authorize();
    const { pageUrl } = await openSignInPage(flow);
    const stranger = await new TestBrowser().request(pageUrl);
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain('Sign-in expired');
  });
});

describe('logout', () => {
  it('signs the member out with an auto-submitted confirmation and returns to FitPost', async () => {
    const { browser, callback, verifier } = await signIn('admin@example.com');
    const tokens = await exchangeCode(callback.searchParams.get('code') ?? '', verifier);
    expect(decodeJwt(tokens.id_token).sub).toBe('member-1002');

    const logoutUrl = new URL(discovery.end_session_endpoint);
    logoutUrl.search = new URLSearchParams({
      id_token_hint: tokens.id_token,
      post_logout_redirect_uri: POST_LOGOUT_URI,
      state: 'bye',
    }).toString();
    const page = await browser.request(logoutUrl.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/assets/auto-submit.js" defer></script>');
    expect(html).toContain('name="logout" value="yes" data-auto-submit');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

    const confirmed = await browser.submitForm(action, { xsrf, logout: 'yes' });
    expect(confirmed.status).toBe(303);
    const back = new URL(confirmed.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(POST_LOGOUT_URI);
    expect(back.searchParams.get('state')).toBe('bye');

    // The SSO session is gone: the next authorization request asks for credentials again.
    const next = await authorize(browser);
    expect(next.response.headers.get('location')).toContain('/sso/interaction/');
  });

  it('serves the auto-submit script the logout page loads', async () => {
    const response = await fetch(`${sandbox.url}/assets/auto-submit.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(await response.text()).toContain('requestSubmit');
  });
});
