import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { answerConsent } from '@fitpost/sandbox/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialConnections } from '../../db/schema.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';

let sandbox: Sandbox;
let t: TestApp;
let coach: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let stranger: Awaited<ReturnType<typeof makeUser>>;
const publicUrl = 'http://localhost:3000';

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: [`${publicUrl}/oauth`] });
  const base = sandbox.url;
  t = await startTestApp({
    FITPOST_PUBLIC_URL: publicUrl,
    FITPOST_X_API_URL: `${base}/x`,
    FITPOST_LINKEDIN_AUTH_URL: `${base}/linkedin/oauth/v2`,
    FITPOST_LINKEDIN_API_URL: `${base}/linkedin/api`,
    FITPOST_FACEBOOK_AUTH_URL: `${base}/facebook/v23.0/dialog/oauth`,
    FITPOST_FACEBOOK_GRAPH_URL: `${base}/facebook/graph/v23.0`,
  });
  coach = await makeUser(t);
  other = await makeUser(t);
  stranger = await makeUser(t, { portalId: 2 });
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

/** Starts a flow as `who`, returning the URL and the browser-binding cookie the server set. */
async function start(who: typeof coach, url: string) {
  const res = await t.app.inject({ url, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  expect(cookie).toMatch(/^fitpost_connect=/);
  expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
  return { url: res.json<{ url: string }>().url, cookie };
}
const state = () =>
  Array.from(
    { length: 20 },
    () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 36)],
  ).join('');

describe('X', () => {
  it('connects through the authorize page and stores only sealed tokens', async () => {
    const { url, cookie } = await start(coach, '/api/social/twitter/authorizeurl');
    const callback = await answerConsent(url);
    expect(callback.pathname).toBe('/validatetwitterauth');
    const body = {
      oauth_token: callback.searchParams.get('oauth_token'),
      oauth_verifier: callback.searchParams.get('oauth_verifier'),
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/social/twitter/authenticate',
      headers: { ...coach.auth, cookie },
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ network: 'x', handle: 'casey_coach_fit', status: 'connected' });
    expect(res.json()).not.toHaveProperty('accessToken');
    const [row] = await t.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.userId, coach.user.id));
    expect(row?.accessToken).toMatch(/^v1\./);
    expect(row?.tokenSecret).toMatch(/^v1\./);
    const list = await t.app.inject({ url: '/api/social/connections', headers: coach.auth });
    expect(list.json()).toHaveLength(1);
    // The same link replayed attaches nothing.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/social/twitter/authenticate',
      headers: { ...coach.auth, cookie },
      payload: body,
    });
    expect(replay.statusCode).toBe(400);
  });

  it('refuses a callback link started by someone else, or finished in another browser', async () => {
    const { url, cookie } = await start(other, '/api/social/twitter/authorizeurl');
    const callback = await answerConsent(url, { accountId: '1500000000000001002' });
    const body = {
      oauth_token: callback.searchParams.get('oauth_token'),
      oauth_verifier: callback.searchParams.get('oauth_verifier'),
    };
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/social/twitter/authenticate',
      headers: { ...coach.auth, cookie },
      payload: body,
    });
    expect(stolen.statusCode).toBe(400);
    const otherBrowser = await t.app.inject({
      method: 'POST',
      url: '/api/social/twitter/authenticate',
      headers: other.auth,
      payload: body,
    });
    expect(otherBrowser.statusCode).toBe(400);
    // Neither attempt spoiled the real one.
    const real = await t.app.inject({
      method: 'POST',
      url: '/api/social/twitter/authenticate',
      headers: { ...other.auth, cookie },
      payload: body,
    });
    expect(real.statusCode, real.body).toBe(200);
    const coachRows = await t.db
      .select()
      .from(socialConnections)
      .where(eq(socialConnections.userId, coach.user.id));
    expect(coachRows.map((r) => r.accountId)).not.toContain('1500000000000001002');
  });

  it('replaces a binding cookie it did not make instead of echoing it back', async () => {
    for (const forged of ['short', 'a b', 'x'.repeat(5000), `${'A'.repeat(31)}é`]) {
      const res = await t.app.inject({
        url: '/api/social/twitter/authorizeurl',
        headers: { ...coach.auth, cookie: `fitpost_connect=${forged}` },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/^fitpost_connect=[A-Za-z0-9_-]{32};/);
    }
  });

  it('explains missing values and needs a session', async () => {
    for (const payload of [
      {},
      { oauth_token: 'a' },
      { oauth_verifier: 'b' },
      { oauth_token: '', oauth_verifier: 'b' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/social/twitter/authenticate',
        headers: coach.auth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/social/twitter/authorizeurl' })).statusCode).toBe(401);
  });
});

describe('LinkedIn', () => {
  it('connects with the browser’s state and refuses a forged one', async () => {
    const s = state();
    const { url, cookie } = await start(coach, `/api/social/linkedin/authorizeurl?state=${s}`);
    expect(new URL(url).searchParams.get('state')).toBe(s);
    const callback = await answerConsent(url);
    expect(callback.pathname).toBe('/linkedin');
    const code = callback.searchParams.get('code') ?? '';
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/social/linkedin/authenticate',
      headers: { ...coach.auth, cookie },
      payload: { code, state: state() },
    });
    expect(forged.statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/social/linkedin/authenticate',
      headers: { ...coach.auth, cookie },
      payload: { code, state: s },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      network: 'linkedin',
      accountName: 'Casey Coach',
      status: 'connected',
    });
  });

  it('refuses a state that is not 20 letters or digits', async () => {
    for (const bad of ['short', 'a'.repeat(21), 'abc!efghijklmnopqrst']) {
      const res = await t.app.inject({
        url: `/api/social/linkedin/authorizeurl?state=${encodeURIComponent(bad)}`,
        headers: coach.auth,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});

describe('Facebook and Instagram', () => {
  it('lists the Pages to choose from and adds only the chosen ones', async () => {
    const s = state();
    const { url, cookie } = await start(coach, `/api/social/facebook/authorizeurl?state=${s}`);
    const callback = await answerConsent(url);
    expect(callback.pathname).toBe('/facebook');
    const choice = await t.app.inject({
      method: 'POST',
      url: '/api/social/facebook/authenticate',
      headers: { ...coach.auth, cookie },
      payload: { code: callback.searchParams.get('code'), state: s },
    });
    expect(choice.statusCode, choice.body).toBe(200);
    const { pendingId, pages } = choice.json<{
      pendingId: string;
      pages: { pageId: string; name: string; instagram: { igUserId: string } | null }[];
    }>();
    expect(pages.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Casey Coach Fitness', "Casey's Bootcamp"]),
    );
    const withIg = pages.find((p) => p.instagram);
    expect(withIg).toBeDefined();

    const before = (await t.db.select().from(socialConnections)).length;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/social/facebook/connect',
      headers: { ...coach.auth, cookie },
      payload: { pendingId, pageIds: ['999'], instagramIds: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.db.select().from(socialConnections)).length).toBe(before);

    // The refused attempt used the choice up: log in again and choose properly.
    const s2 = state();
    const again = await start(coach, `/api/social/facebook/authorizeurl?state=${s2}`);
    const cb2 = await answerConsent(again.url);
    const choice2 = await t.app.inject({
      method: 'POST',
      url: '/api/social/facebook/authenticate',
      headers: { ...coach.auth, cookie: again.cookie },
      payload: { code: cb2.searchParams.get('code'), state: s2 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/social/facebook/connect',
      headers: { ...coach.auth, cookie: again.cookie },
      payload: {
        pendingId: choice2.json().pendingId,
        pageIds: [withIg?.pageId],
        instagramIds: [withIg?.instagram?.igUserId],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .map((c: { network: string }) => c.network)
        .sort(),
    ).toEqual(['facebook', 'instagram']);
  });

  it('asks for at least one account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/social/facebook/connect',
      headers: coach.auth,
      payload: { pendingId: crypto.randomUUID(), pageIds: [], instagramIds: [] },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('disconnect', () => {
  it('removes the member’s own connection; others’ are not found', async () => {
    const [mine] = (await t.app.inject({ url: '/api/social/connections', headers: coach.auth })).json<
      { id: string }[]
    >();
    expect(mine).toBeDefined();
    const id = mine?.id ?? '';
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/social/connections/${id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/social/connections/${id}`, headers: stranger.auth }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/social/connections', headers: stranger.auth })).json()).toEqual(
      [],
    );
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/social/connections/${id}`, headers: coach.auth }))
        .statusCode,
    ).toBe(204);
    const left = (await t.app.inject({ url: '/api/social/connections', headers: coach.auth })).json<
      { id: string }[]
    >();
    expect(left.map((c) => c.id)).not.toContain(id);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: '/api/social/connections/not-a-uuid',
          headers: coach.auth,
        })
      ).statusCode,
    ).toBe(400);
  });
});
