import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { signInAt } from '@fitpost/sandbox/testing';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

const host = 'localhost:3000';
const redirectUri = `http://${host}/oauth`;
let sandbox: Sandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    redirectUris: [redirectUri],
    postLogoutRedirectUris: [`http://${host}/app/logout`],
  });
  t = await startTestApp({ FITPOST_OIDC_ISSUER: sandbox.issuer });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

/** Starts a sign-in in a browser; returns the provider URL and the browser's binding cookie. */
async function startSignIn() {
  const res = await t.app.inject({ url: `/api/auth/authorize?host=${host}` });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/^fitpost_signin=[\w-]+; Path=\/api\/auth; Max-Age=600; HttpOnly; SameSite=Lax$/);
  return { url: res.json<{ url: string }>().url, cookie: setCookie.split(';')[0] ?? '' };
}

async function authorizeUrl() {
  return (await startSignIn()).url;
}

const finish = (payload: Record<string, string>, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/callback',
    payload,
    headers: cookie ? { cookie } : {},
  });

/** The whole browser round trip: FitPost → sandbox sign-in page → back with code and state. */
async function signIn(email: string, extra: Record<string, string> = {}) {
  const started = await startSignIn();
  const callback = await signInAt(started.url, redirectUri, email);
  const code = callback.searchParams.get('code') ?? '';
  const state = callback.searchParams.get('state') ?? '';
  const iss = callback.searchParams.get('iss') ?? '';
  const res = await finish({ code, state, iss, host, ...extra }, started.cookie);
  return { res, code, state, iss, cookie: started.cookie };
}

describe('GET /api/auth/authorize', () => {
  it('builds a PKCE + nonce authorize URL that returns to the host', async () => {
    const url = new URL(await authorizeUrl());
    expect(url.href.startsWith(`${sandbox.issuer}/`)).toBe(true);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(url.searchParams.get('scope')).toContain('fitpost');
  });

  it('returns to https on a loopback host when the public URL is https (TLS on this machine)', async () => {
    const tls = await startTestApp({
      FITPOST_OIDC_ISSUER: sandbox.issuer,
      FITPOST_PUBLIC_URL: 'https://localhost:8443',
      FITPOST_PUBLIC_HOSTS: 'localhost:8443',
    });
    try {
      const res = await tls.app.inject({ url: '/api/auth/authorize?host=localhost:8443' });
      const url = new URL(res.json<{ url: string }>().url);
      expect(url.searchParams.get('redirect_uri')).toBe('https://localhost:8443/oauth');
      const cors = await tls.app.inject({
        method: 'OPTIONS',
        url: '/api/posts',
        headers: { origin: 'https://localhost:8443', 'access-control-request-method': 'GET' },
      });
      expect(cors.headers['access-control-allow-origin']).toBe('https://localhost:8443');
    } finally {
      await tls.close();
    }
  });

  it('refuses hosts outside FITPOST_PUBLIC_HOSTS', async () => {
    for (const bad of [
      'evil.example.com',
      'localhost:3001',
      'localhost:3000/oauth',
      'https://localhost:3000',
    ]) {
      const res = await t.app.inject({ url: `/api/auth/authorize?host=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('POST /api/auth/callback', () => {
  it('signs a new member in, then recognises them the second time', async () => {
    const first = await signIn('coach@example.com', { timeZone: 'America/Chicago' });
    expect(first.res.statusCode).toBe(200);
    const info = first.res.json();
    expect(info).toMatchObject({
      fullName: 'Casey Coach',
      email: 'coach@example.com',
      portalId: 1,
      accountType: 'Personal Trainer',
      fitPostAdminAccess: false,
      isNewUser: true,
      // The browser's zone, kept on the first sign-in.
      properties: [{ name: 'timeZone', value: 'America/Chicago' }],
    });
    expect(info.token).toMatch(/^fp_[\w-]{40,}$/);
    expect(info.thumbnailUrl).toMatch(/\/avatars\/member-1001\.svg$/);
    const me = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${info.token}` },
    });
    expect(me.json()).toMatchObject({ id: info.id, isNewUser: false });

    // A later sign-in from another zone leaves the member's zone alone.
    const second = await signIn('coach@example.com', { timeZone: 'Europe/Paris' });
    expect(second.res.json()).toMatchObject({
      id: info.id,
      isNewUser: false,
      properties: [{ name: 'timeZone', value: 'America/Chicago' }],
    });
    // Only hashes are stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, info.id));
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.tokenHash)).not.toContain(info.token);
  });

  it('gives the bootstrap admin admin access', async () => {
    // A zone the server does not know is ignored: the sign-in still works, no zone is kept.
    const { res } = await signIn('admin@example.com', { timeZone: 'Mars/Base' });
    expect(res.json()).toMatchObject({ fitPostAdminAccess: true, portalId: 1, properties: [] });
  });

  it('refuses a member without FitPost with the reason, and starts no session', async () => {
    const { res } = await signIn('lapsed@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'no_access',
      message: expect.stringContaining('does not include FitPost'),
      // Its portal, for the no-access screen's support address.
      portalId: 1,
    });
    const [lapsed] = await t.db.select().from(users).where(eq(users.email, 'lapsed@example.com'));
    expect(lapsed).toBeDefined();
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, lapsed?.id ?? '')),
    ).toEqual([]);
  });

  it('accepts each state once: a replayed callback is refused', async () => {
    const { res, code, state, iss, cookie } = await signIn('coach@other.example.com');
    expect(res.statusCode).toBe(200);
    const replay = await finish({ code, state, iss, host }, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/expired or was already used/);
  });

  it('refuses forged states, other hosts and bad bodies without signing anyone in', async () => {
    const before = (await t.db.select().from(sessions)).length;
    const started = await startSignIn();
    const callback = await signInAt(started.url, redirectUri, 'coach@example.com');
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    const forged = await finish({ code, state: 'forged-state', host }, started.cookie);
    expect(forged.statusCode).toBe(400);
    const otherHost = await finish({ code, state, host: 'app.fitpost.test' }, started.cookie);
    expect(otherHost.statusCode).toBe(400);
    for (const payload of [{}, { code, state }, { code: 5, state, host }, { code, state, host: 'a b' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/callback', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.db.select().from(sessions)).length).toBe(before);
  });

  it('refuses a code the provider never issued', async () => {
    const started = await startSignIn();
    const state = new URL(started.url).searchParams.get('state') ?? '';
    const res = await finish({ code: 'made-up', state, host }, started.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('no_access');
  });
});

describe('login CSRF: a sign-in belongs to the browser that started it', () => {
  it("refuses a callback URL replayed in another browser, and leaves it to the starter's", async () => {
    const before = (await t.db.select().from(sessions)).length;
    // The attacker starts a sign-in, signs in as themselves and keeps the callback URL.
    const attacker = await startSignIn();
    const callback = await signInAt(attacker.url, redirectUri, 'coach@other.example.com');
    const payload = {
      code: callback.searchParams.get('code') ?? '',
      state: callback.searchParams.get('state') ?? '',
      iss: callback.searchParams.get('iss') ?? '',
      host,
    };
    // The victim's browser opens it: without the cookie, or with its own from another sign-in.
    const victim = await startSignIn();
    for (const cookie of [undefined, victim.cookie]) {
      const res = await finish(payload, cookie);
      expect(res.statusCode, String(cookie)).toBe(400);
      expect(res.json().error.message).toMatch(/expired or was already used/);
    }
    expect((await t.db.select().from(sessions)).length).toBe(before);
    // The browser that started it still can.
    expect((await finish(payload, attacker.cookie)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/logout', () => {
  it("revokes the session and answers the provider's end-session URL with the ID token as hint", async () => {
    const { res } = await signIn('coach@example.com');
    const auth = { authorization: `Bearer ${res.json().token}` };
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth });
    expect(out.statusCode).toBe(200);
    const end = new URL(out.json<{ endSessionUrl: string }>().endSessionUrl);
    expect(end.href.startsWith(`${sandbox.issuer}/`)).toBe(true);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`http://${host}/app/logout`);
    const hint = decodeJwt(end.searchParams.get('id_token_hint') ?? '');
    expect(hint).toMatchObject({ sub: 'member-1001', aud: 'fitpost' });
    expect((await t.app.inject({ url: '/api/user/me', headers: auth })).statusCode).toBe(401);
    // The provider accepts it: a form confirming the logout, not an error page.
    const page = await fetch(end);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/session/end/confirm');
  });
});

describe('GET /api/user/verify', () => {
  async function idToken(body: Record<string, unknown>) {
    const res = await fetch(`${sandbox.url}/_sandbox/id-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return ((await res.json()) as { id_token: string }).id_token;
  }
  const verify = (query: Record<string, string>) =>
    t.app.inject({ url: `/api/user/verify?${new URLSearchParams(query).toString()}` });

  it('exchanges a portal-issued ID token for the user-info record and echoes the context', async () => {
    const token = await idToken({ email: 'coach@example.com' });
    const res = await verify({ alias: 'fitpro', token, context: '/app/calendar?view=month' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fullName: 'Casey Coach',
      portalId: 1,
      context: '/app/calendar?view=month',
    });
    const me = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${res.json().token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses tokens for another portal, expired, forged or for another audience', async () => {
    const token = await idToken({ email: 'coach@example.com' });
    expect((await verify({ alias: 'northside', token })).statusCode).toBe(403);
    expect((await verify({ alias: 'no-such-portal', token })).statusCode).toBe(404);
    const expired = await idToken({ email: 'coach@example.com', expiresInSeconds: -60 });
    expect((await verify({ alias: 'fitpro', token: expired })).statusCode).toBe(403);
    const otherAudience = await idToken({ email: 'coach@example.com', audience: 'someone-else' });
    expect((await verify({ alias: 'fitpro', token: otherAudience })).statusCode).toBe(403);
    const [h, p] = token.split('.');
    expect(
      (await verify({ alias: 'fitpro', token: `${h}.${p}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA` })).statusCode,
    ).toBe(403);
  });

  it('accepts each ID token once', async () => {
    const token = await idToken({ email: 'coach@example.com' });
    expect((await verify({ alias: 'fitpro', token })).statusCode).toBe(200);
    const replay = await verify({ alias: 'fitpro', token });
    expect(replay.statusCode).toBe(403);
    expect(replay.json().error.message).toMatch(/already used/);
  });

  it('refuses an ID token minted for the browser sign-in (it carries a nonce)', async () => {
    const token = await idToken({ email: 'coach@example.com', nonce: 'n-0S6_WzA2Mj' });
    const res = await verify({ alias: 'fitpro', token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toMatch(/browser sign-in/);
  });

  it('refuses a context that leaves FitPost, and missing parameters', async () => {
    const token = await idToken({ email: 'coach@example.com' });
    for (const context of [
      '//evil.example.com/x',
      'https://evil.example.com',
      'app/dashboard',
      '/\\evil.example.com',
      // Browsers drop tabs and newlines: these resolve to //evil.example.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\u0000/evil.example',
    ]) {
      const res = await verify({ alias: 'fitpro', token, context });
      expect(res.statusCode, context).toBe(400);
    }
    expect((await verify({ alias: 'fitpro' })).statusCode).toBe(400);
    expect((await verify({ token })).statusCode).toBe(400);
  });
});
