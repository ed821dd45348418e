import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { answerConsent, signInAt } from '@fitpost/sandbox/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { logLines } from '../test/log-lines.js';
import { networkEnv } from '../test/social.js';
import { loggableUrl } from './logger.js';

describe('loggableUrl', () => {
  it('hides the query string of every credential path, and only theirs', () => {
    for (const path of [
      '/oauth',
      '/oauth/',
      '/linkedin',
      '/facebook',
      '/validatetwitterauth',
      '/api/auth/callback',
      '/unsubscribe',
      '/l/abc123',
    ])
      expect(loggableUrl(`${path}?code=c0de&state=s7&email=pat%40example.com`)).toBe(`${path}?[redacted]`);
    for (const url of ['/api/posts?status=scheduled', '/library?x=1', '/linkedinfo?a=b', '/oauth'])
      expect(loggableUrl(url)).toBe(url);
  });
});

// Issue 25: at LOG_LEVEL=debug every request is logged; none may carry a credential.
describe('request logs at debug', () => {
  const host = 'localhost:3000';
  const redirectUri = `http://${host}/oauth`;
  let sandbox: Sandbox;
  let t: TestApp;
  const { lines, destination } = logLines();

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, redirectUris: [redirectUri] });
    t = await startTestApp(
      { LOG_LEVEL: 'debug', FITPOST_OIDC_ISSUER: sandbox.issuer, ...networkEnv(sandbox.url) },
      { logTo: destination },
    );
  });
  afterAll(async () => {
    await t.close();
    await sandbox.close();
  });

  it('never carry the code, state, verifier, tokens or emails of a sign-in and an X connection', async () => {
    // Sign in as a browser does: the provider sends it to /oauth?code&state, whose page posts them.
    const started = await t.app.inject({ url: `/api/auth/authorize?host=${host}` });
    const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
    const back = await signInAt(started.json<{ url: string }>().url, redirectUri, 'coach@example.com');
    const code = back.searchParams.get('code') ?? '';
    const state = back.searchParams.get('state') ?? '';
    await t.app.inject({ url: `${back.pathname}${back.search}` });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: { code, state, iss: back.searchParams.get('iss'), host },
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<{ token: string; email: string }>();
    const auth = { authorization: `Bearer ${session.token}` };

    // Connect X: X sends the browser to /validatetwitterauth?oauth_token&oauth_verifier.
    const xStart = await t.app.inject({ url: '/api/social/twitter/authorizeurl', headers: auth });
    const xCookie = String(xStart.headers['set-cookie']).split(';')[0] ?? '';
    const xBack = await answerConsent(xStart.json<{ url: string }>().url);
    const oauthToken = xBack.searchParams.get('oauth_token') ?? '';
    const verifier = xBack.searchParams.get('oauth_verifier') ?? '';
    await t.app.inject({ url: `/validatetwitterauth${xBack.search}` });
    const connected = await t.app.inject({
      method: 'POST',
      url: '/api/social/twitter/authenticate',
      headers: { ...auth, cookie: xCookie },
      payload: { oauth_token: oauthToken, oauth_verifier: verifier },
    });
    expect(connected.statusCode).toBe(200);
    await t.app.inject({ url: `/unsubscribe?token=unsub-t0ken&email=${encodeURIComponent(session.email)}` });

    const log = JSON.stringify(lines);
    // The requests were logged (with their paths), so their absence below means something.
    expect(log).toContain('"url":"/oauth?[redacted]"');
    expect(log).toContain('"url":"/validatetwitterauth?[redacted]"');
    const secrets = {
      code,
      state,
      oauthToken,
      verifier,
      session: session.token,
      signInCookie: cookie.split('=')[1] ?? '',
      xCookie: xCookie.split('=')[1] ?? '',
      unsubscribe: 'unsub-t0ken',
      email: session.email,
      encodedEmail: encodeURIComponent(session.email),
    };
    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(5);
      expect(log.includes(secret), name).toBe(false);
    }
  }, 60_000);
});
