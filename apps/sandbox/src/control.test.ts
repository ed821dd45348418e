import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startSandbox, type Sandbox } from './app.js';

let sandbox: Sandbox;
let jwks: ReturnType<typeof createRemoteJWKSet>;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  jwks = createRemoteJWKSet(new URL(`${sandbox.issuer}/jwks`));
});

afterAll(async () => {
  await sandbox.close();
});

function requestIdToken(body: unknown): Promise<Response> {
  return fetch(`${sandbox.url}/_sandbox/id-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function idTokenFrom(response: Response): Promise<string> {
  expect(response.status).toBe(200);
  return z.object({ id_token: z.string() }).parse(await response.json()).id_token;
}

const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

describe('GET /_sandbox/health', () => {
  it('reports ok', async () => {
    const response = await fetch(`${sandbox.url}/_sandbox/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });
});

describe('POST /_sandbox/id-token', () => {
  it('mints an ID token that verifies against the provider JWKS', async () => {
    const token = await idTokenFrom(await requestIdToken({ email: 'Coach@Example.com', nonce: 'n-1' }));
    const { payload, protectedHeader } = await jwtVerify(token, jwks, {
      issuer: sandbox.issuer,
      audience: 'fitpost',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      sub: 'member-1001',
      nonce: 'n-1',
      email: 'coach@example.com',
      email_verified: true,
      name: 'Casey Coach',
      picture: `${sandbox.url}/avatars/member-1001.svg`,
      profile: `${sandbox.url}/profile/member-1001`,
      portal_id: 1,
      account_type: 'Personal Trainer',
      fitpost: true,
    });
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(3600);
  });

  it('honours audience and expiry overrides, including already expired tokens', async () => {
    const token = await idTokenFrom(
      await requestIdToken({
        email: 'coach@other.example.com',
        audience: 'someone-else',
        expiresInSeconds: -60,
      }),
    );
    await expect(
      jwtVerify(token, jwks, { issuer: sandbox.issuer, audience: 'fitpost' }),
    ).rejects.toBeInstanceOf(errors.JWTClaimValidationFailed);
    const { payload } = await jwtVerify(token, jwks, {
      issuer: sandbox.issuer,
      audience: 'someone-else',
      currentDate: new Date(Date.now() - 120_000),
    });
    expect(payload).toMatchObject({ sub: 'member-2001', portal_id: 2 });
    expect(payload.nonce).toBeUndefined();
  });

  it('answers 404 for an email no demo member has', async () => {
    const response = await requestIdToken({ email: 'nobody@example.com' });
    expect(response.status).toBe(404);
    expect(errorSchema.parse(await response.json()).error.code).toBe('member_not_found');
  });

  it.each([
    ['a missing email', {}],
    ['a non-string email', { email: 42 }],
    ['a fractional expiry', { email: 'coach@example.com', expiresInSeconds: 1.5 }],
    ['an unknown field', { email: 'coach@example.com', scope: 'openid' }],
    ['a body that is not JSON', 'email=coach@example.com'],
  ])('answers 400 for %s', async (_name, body) => {
    const response = await requestIdToken(body);
    expect(response.status).toBe(400);
    expect(errorSchema.parse(await response.json()).error.code).toBe('bad_request');
  });

  it('only accepts POST', async () => {
    const response = await fetch(`${sandbox.url}/_sandbox/id-token`);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('dispatcher', () => {
  it('answers 404 JSON for paths no stand-in serves', async () => {
    for (const path of ['/nowhere', '/_sandboxed', '/_sandbox/nothing']) {
      const response = await fetch(`${sandbox.url}${path}`);
      expect(response.status).toBe(404);
      expect(errorSchema.parse(await response.json()).error.code).toBe('not_found');
    }
  });

  it('sends a restrictive content security policy with every response', async () => {
    const response = await fetch(`${sandbox.url}/_sandbox/health`);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('POST /_sandbox/members', () => {
  const addMember = (body: unknown) =>
    fetch(`${sandbox.url}/_sandbox/members`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('adds a member who then has an ID token with their claims, and refuses the same email twice', async () => {
    const added = await addMember({
      email: 'Fresh.Coach@e2e.example.com',
      name: 'Frankie Fresh',
      portalId: 7,
    });
    expect(added.status).toBe(201);
    const { sub } = z.object({ sub: z.string() }).parse(await added.json());
    const token = await idTokenFrom(await requestIdToken({ email: 'fresh.coach@e2e.example.com' }));
    const { payload } = await jwtVerify(token, jwks, { issuer: sandbox.issuer, audience: 'fitpost' });
    expect(payload).toMatchObject({
      sub,
      email: 'fresh.coach@e2e.example.com',
      email_verified: true,
      name: 'Frankie Fresh',
      portal_id: 7,
      account_type: 'Personal Trainer',
      fitpost: true,
    });
    const again = await addMember({ email: 'fresh.coach@e2e.example.com', name: 'Someone Else' });
    expect(again.status).toBe(409);
    expect(errorSchema.parse(await again.json()).error.code).toBe('member_exists');
    // A demo member's email is taken too.
    expect((await addMember({ email: 'coach@example.com', name: 'Casey Again' })).status).toBe(409);
  });

  it("gives the ID token the verified email of a person's second account when asked", async () => {
    const added = await addMember({
      email: 'portal-head@e2e.example.com',
      name: 'Alex Admin',
      portalId: 8,
      fitpost: false,
      idTokenEmail: 'admin@example.com',
    });
    expect(added.status).toBe(201);
    const token = await idTokenFrom(await requestIdToken({ email: 'portal-head@e2e.example.com' }));
    const { payload } = await jwtVerify(token, jwks, { issuer: sandbox.issuer, audience: 'fitpost' });
    expect(payload).toMatchObject({
      email: 'admin@example.com',
      email_verified: true,
      portal_id: 8,
      fitpost: false,
    });
  });

  it('answers 400 naming the fields for a body without an email', async () => {
    const response = await addMember({ name: 'No Email' });
    expect(response.status).toBe(400);
    expect(errorSchema.parse(await response.json()).error.message).toContain('{ email, name');
  });
});
