import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { signInAt } from '@fitpost/sandbox/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

const host = 'localhost:3000';
const redirectUri = `http://${host}/oauth`;
let sandbox: Sandbox;
let t: TestApp;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: [redirectUri] });
  t = await startTestApp({ FITPOST_OIDC_ISSUER: sandbox.issuer });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

async function authorizeUrl() {
  const res = await t.app.inject({ url: `/api/auth/authorize?host=${host}` });
  expect(res.statusCode).toBe(200);
  return res.json<{ url: string }>().url;
}

/** The whole browser round trip: FitPost → sandbox sign-in page → back with code and state. */
async function signIn(email: string) {
  const callback = await signInAt(await authorizeUrl(), redirectUri, email);
  const code = callback.searchParams.get('code') ?? '';
  const state = callback.searchParams.get('state') ?? '';
  const iss = callback.searchParams.get('iss') ?? '';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/callback',
    payload: { code, state, iss, host },
  });
  return { res, code, state, iss };
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
    const first = await signIn('coach@example.com');
    expect(first.res.statusCode).toBe(200);
    const info = first.res.json();
    expect(info).toMatchObject({
      fullName: 'Casey Coach',
      email: 'coach@example.com',
      portalId: 1,
      accountType: 'Personal Trainer',
      fitPostAdminAccess: false,
      isNewUser: true,
      properties: [],
    });
    expect(info.token).toMatch(/^fp_[\w-]{40,}$/);
    expect(info.thumbnailUrl).toMatch(/\/avatars\/member-1001\.svg$/);
    const me = await t.app.inject({
      url: '/api/user/me',
      headers: { authorization: `Bearer ${info.token}` },
    });
    expect(me.json()).toMatchObject({ id: info.id, isNewUser: false });

    const second = await signIn('coach@example.com');
    expect(second.res.json()).toMatchObject({ id: info.id, isNewUser: false });
    // Only hashes are stored.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, info.id));
    expect(stored).toHaveLength(2);
    expect(stored.map((s) => s.tokenHash)).not.toContain(info.token);
  });

  it('gives the bootstrap admin admin access', async () => {
    const { res } = await signIn('admin@example.com');
    expect(res.json()).toMatchObject({ fitPostAdminAccess: true, portalId: 1 });
  });

  it('refuses a member without FitPost with the reason, and starts no session', async () => {
    const { res } = await signIn('lapsed@example.com');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'no_access',
      message: expect.stringContaining('does not include FitPost'),
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
    const { res, code, state, iss } = await signIn('coach@other.example.com');
    expect(res.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: { code, state, iss, host },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/expired or was already used/);
  });

  it('refuses forged states, other hosts and bad bodies without signing anyone in', async () => {
    const before = (await t.db.select().from(sessions)).length;
    const callback = await signInAt(await authorizeUrl(), redirectUri, 'coach@example.com');
    const code = callback.searchParams.get('code') ?? '';
    const state = callback.searchParams.get('state') ?? '';
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: { code, state: 'forged-state', host },
    });
    expect(forged.statusCode).toBe(400);
    const otherHost = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: { code, state, host: 'app.fitpost.test' },
    });
    expect(otherHost.statusCode).toBe(400);
    for (const payload of [{}, { code, state }, { code: 5, state, host }, { code, state, host: 'a b' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/callback', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.db.select().from(sessions)).length).toBe(before);
  });

  it('refuses a code the provider never issued', async () => {
    const url = new URL(await authorizeUrl());
    const state = url.searchParams.get('state') ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback',
      payload: { code: 'made-up', state, host },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('no_access');
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session so the next call is 401', async () => {
    const { res } = await signIn('coach@example.com');
    const auth = { authorization: `Bearer ${res.json().token}` };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(
      204,
    );
    expect((await t.app.inject({ url: '/api/user/me', headers: auth })).statusCode).toBe(401);
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

  it('refuses a context that leaves FitPost, and missing parameters', async () => {
    const token = await idToken({ email: 'coach@example.com' });
    for (const context of [
      '//evil.example.com/x',
      'https://evil.example.com',
      'app/dashboard',
      '/\\evil.example.com',
    ]) {
      const res = await verify({ alias: 'fitpro', token, context });
      expect(res.statusCode, context).toBe(400);
    }
    expect((await verify({ alias: 'fitpro' })).statusCode).toBe(400);
    expect((await verify({ token })).statusCode).toBe(400);
  });
});
