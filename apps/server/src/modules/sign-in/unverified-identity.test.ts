import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { signInAt } from '@fitpost/sandbox/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { unverifiedEmailMessage } from './sign-in.js';

// Issue 25: the sandbox's unverified@example.com has its own subject but an ID token claiming
// admin@example.com (the bootstrap admin) with email_verified: false. In either order it must not
// hold that email, and the real admin keeps the portal. Runs on PGlite, and on PostgreSQL when the
// test run gives TEST_DATABASE_URL (startTestApp picks it up).

const host = 'localhost:3000';
const redirectUri = `http://${host}/oauth`;
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: [redirectUri] });
});
afterAll(() => sandbox.close());

/** The whole browser round trip, FitPost → sandbox sign-in page → `POST /api/auth/callback`. */
async function signIn(t: TestApp, email: string) {
  const started = await t.app.inject({ url: `/api/auth/authorize?host=${host}` });
  const cookie = String(started.headers['set-cookie']).split(';')[0] ?? '';
  const callback = await signInAt(started.json<{ url: string }>().url, redirectUri, email);
  const payload = Object.fromEntries(['code', 'state', 'iss'].map((k) => [k, callback.searchParams.get(k)]));
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/callback',
    payload: { ...payload, host },
    headers: { cookie },
  });
}

const holdersOf = (t: TestApp, email: string) =>
  t.db
    .select({ subject: users.subject })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);

describe.each([
  ['the unverified identity first, then the real admin', ['unverified', 'admin']],
  ['the real admin first, then the unverified identity', ['admin', 'unverified']],
] as const)('%s', (_name, order) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ FITPOST_OIDC_ISSUER: sandbox.issuer });
  });
  afterAll(() => t.close());

  it('refuses the unverified identity without a row, and the admin signs in as admin', async () => {
    for (const who of order) {
      if (who === 'unverified') {
        const res = await signIn(t, 'unverified@example.com');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: { code: 'no_access', message: unverifiedEmailMessage } });
        expect(
          await t.db
            .select()
            .from(users)
            .where(sql`${users.subject} = 'member-1004'`),
        ).toEqual([]);
      } else {
        const res = await signIn(t, 'admin@example.com');
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ fitPostAdminAccess: true, email: 'admin@example.com' });
      }
    }
    expect(await holdersOf(t, 'admin@example.com')).toEqual([{ subject: 'member-1002' }]);
    // And again, now that both have tried: still the admin's, still refused.
    expect((await signIn(t, 'unverified@example.com')).statusCode).toBe(403);
    expect((await signIn(t, 'admin@example.com')).json()).toMatchObject({ fitPostAdminAccess: true });
  });
});
