import { randomBytes } from 'node:crypto';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type FaultRequest, startSandbox, type Sandbox } from '../../app.js';
import {
  answerConsent,
  clearFaults,
  createBulkAccounts,
  injectFault,
  publishedPosts,
} from '../../testing.js';

const CLIENT = { client_id: 'fitpost-linkedin', client_secret: 'fitpost-linkedin-secret' };
const REDIRECT_URI = 'http://localhost:3000/api/social/linkedin/callback';
const SCOPE = 'openid profile email w_member_social';
const VERSION = '202506';
const COACH_ID = 'CaseyCoach1001';
const ADMIN_ID = 'AlexAdmin1002';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
});

afterAll(async () => {
  await sandbox.close();
});

afterEach(async () => {
  await clearFaults(sandbox.url);
});

const tokenSchema = z.object({
  access_token: z.string(),
  expires_in: z.number(),
  refresh_token: z.string(),
  refresh_token_expires_in: z.number(),
  scope: z.string(),
});

function authorizeUrl(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: CLIENT.client_id,
    redirect_uri: REDIRECT_URI,
    state: 'st-123',
    scope: SCOPE,
    ...params,
  });
  return `${sandbox.url}/linkedin/oauth/v2/authorization?${query.toString()}`;
}

function tokenRequest(form: Record<string, string>): Promise<Response> {
  return fetch(`${sandbox.url}/linkedin/oauth/v2/accessToken`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

async function connect(accountId?: string, scope = SCOPE) {
  const callback = await answerConsent(authorizeUrl({ scope }), { accountId });
  expect(callback.searchParams.get('state')).toBe('st-123');
  const code = callback.searchParams.get('code') ?? '';
  const response = await tokenRequest({
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT_URI,
    ...CLIENT,
  });
  expect(response.status).toBe(200);
  return tokenSchema.parse(await response.json());
}

function api(
  path: string,
  token: string,
  init: { method?: string; json?: unknown; version?: string | null } = {},
) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    'x-restli-protocol-version': '2.0.0',
  };
  if (init.version !== null) headers['linkedin-version'] = init.version ?? VERSION;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${sandbox.url}/linkedin/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

function postBody(memberId: string, commentary: string, content?: unknown) {
  return {
    author: `urn:li:person:${memberId}`,
    commentary,
    visibility: 'PUBLIC',
    distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
    ...(content === undefined ? {} : { content }),
    lifecycleState: 'PUBLISHED',
    isReshareDisabledByAuthor: false,
  };
}

function createPost(token: string, body: unknown, version?: string | null) {
  return api('/rest/posts', token, { method: 'POST', json: body, version });
}

function unique(text: string): string {
  return `${text} ${randomBytes(4).toString('hex')}`;
}

describe('LinkedIn connect flow (OAuth 2.0 authorization code)', () => {
  it('connects the coach and identifies them with /v2/userinfo', async () => {
    const tokens = await connect();
    expect(tokens.expires_in).toBe(60 * 24 * 60 * 60);
    expect(tokens.refresh_token_expires_in).toBeGreaterThan(364 * 24 * 60 * 60);
    expect(tokens.scope).toBe('email,openid,profile,w_member_social');
    const me = await api('/v2/userinfo', tokens.access_token, { version: null });
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      sub: COACH_ID,
      name: 'Casey Coach',
      given_name: 'Casey',
      family_name: 'Coach',
      picture: `${sandbox.url}/avatars/networks/linkedin/${COACH_ID}.svg`,
      locale: { country: 'US', language: 'en' },
      email: 'coach@example.com',
      email_verified: true,
    });
  });

  it('connects the member chosen on the consent page', async () => {
    const tokens = await connect(ADMIN_ID);
    const me = z
      .object({ sub: z.string() })
      .parse(await (await api('/v2/userinfo', tokens.access_token)).json());
    expect(me.sub).toBe(ADMIN_ID);
  });

  it('shows an accessible consent page with Allow and Cancel', async () => {
    const html = await (await fetch(authorizeUrl())).text();
    expect(html).toContain('<label for="account">Account</label>');
    expect(html).toContain(`<option value="${COACH_ID}" selected>`);
    expect(html).toContain('>Allow</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it('sends a member who cancels back with error=user_cancelled_login and the state', async () => {
    const callback = await answerConsent(authorizeUrl(), { decision: 'cancel' });
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error: 'user_cancelled_login',
      error_description: 'The user cancelled LinkedIn login',
      state: 'st-123',
    });
  });

  it('shows an error page for an unknown client or an unregistered redirect URI', async () => {
    expect((await fetch(authorizeUrl({ client_id: 'someone-else' }))).status).toBe(400);
    expect((await fetch(authorizeUrl({ redirect_uri: 'https://evil.example/cb' }))).status).toBe(400);
  });

  it('checks client credentials, redirect URI and single use of the code', async () => {
    const code = async () => (await answerConsent(authorizeUrl())).searchParams.get('code') ?? '';
    const badSecret = await tokenRequest({
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: REDIRECT_URI,
      ...CLIENT,
      client_secret: 'wrong',
    });
    expect(badSecret.status).toBe(401);
    expect(await badSecret.json()).toMatchObject({ error: 'invalid_client' });
    const wrongRedirect = await tokenRequest({
      grant_type: 'authorization_code',
      code: await code(),
      redirect_uri: 'http://localhost:3000/elsewhere',
      ...CLIENT,
    });
    expect(wrongRedirect.status).toBe(400);
    const once = await code();
    const form = { grant_type: 'authorization_code', code: once, redirect_uri: REDIRECT_URI, ...CLIENT };
    expect((await tokenRequest(form)).status).toBe(200);
    const again = await tokenRequest(form);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('refreshes with grant_type=refresh_token, keeping the refresh token', async () => {
    const tokens = await connect();
    const response = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      ...CLIENT,
    });
    expect(response.status).toBe(200);
    const refreshed = tokenSchema.parse(await response.json());
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).toBe(tokens.refresh_token);
    expect(refreshed.refresh_token_expires_in).toBeLessThanOrEqual(tokens.refresh_token_expires_in);
    expect((await api('/v2/userinfo', refreshed.access_token)).status).toBe(200);
    const bogus = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'nope', ...CLIENT });
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('mints short-lived tokens when a test asks, until reset', async () => {
    const set = await fetch(`${sandbox.url}/_sandbox/linkedin/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessTokenSeconds: 1, refreshTokenSeconds: 3600 }),
    });
    expect(await set.json()).toEqual({ accessTokenSeconds: 1, refreshTokenSeconds: 3600 });
    try {
      const tokens = await connect();
      expect(tokens.expires_in).toBe(1);
      expect(tokens.refresh_token_expires_in).toBeLessThanOrEqual(3600);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const me = await api('/v2/userinfo', tokens.access_token);
      expect(me.status).toBe(401);
      expect(await me.json()).toMatchObject({ code: 'EXPIRED_ACCESS_TOKEN' });
    } finally {
      const reset = await fetch(`${sandbox.url}/_sandbox/linkedin/tokens`, { method: 'DELETE' });
      expect(await reset.json()).toMatchObject({ accessTokenSeconds: 60 * 24 * 60 * 60 });
    }
    const bad = await fetch(`${sandbox.url}/_sandbox/linkedin/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessTokenSeconds: 0 }),
    });
    expect(bad.status).toBe(400);
  });

  it('refuses every token of a member who took FitPost’s access back', async () => {
    const tokens = await connect(ADMIN_ID);
    const revoke = (memberId: string) =>
      fetch(`${sandbox.url}/_sandbox/linkedin/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ memberId }),
      });
    expect((await revoke(ADMIN_ID)).status).toBe(204);
    expect((await revoke('NoSuchMember')).status).toBe(404);
    expect((await api('/v2/userinfo', tokens.access_token)).status).toBe(401);
    const refresh = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      ...CLIENT,
    });
    expect(refresh.status).toBe(400);
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('stops honouring a token revoked with POST /oauth/v2/revoke', async () => {
    const tokens = await connect();
    const response = await fetch(`${sandbox.url}/linkedin/oauth/v2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...CLIENT, token: tokens.access_token }).toString(),
    });
    expect(response.status).toBe(200);
    const me = await api('/v2/userinfo', tokens.access_token);
    expect(me.status).toBe(401);
    expect(await me.json()).toMatchObject({ status: 401, code: 'REVOKED_ACCESS_TOKEN' });
  });

  it('answers 401 to a missing or unknown bearer token', async () => {
    const missing = await fetch(`${sandbox.url}/linkedin/api/v2/userinfo`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'EMPTY_ACCESS_TOKEN' });
    const unknown = await api('/v2/userinfo', 'not-a-token');
    expect(await unknown.json()).toEqual({
      status: 401,
      serviceErrorCode: 65600,
      code: 'INVALID_ACCESS_TOKEN',
      message: 'Invalid access token',
    });
  });
});

describe('POST /rest/posts', () => {
  let token: string;
  beforeAll(async () => {
    token = (await connect()).access_token;
  });

  it('creates a post: 201 with the post URN in x-restli-id, logged in /_sandbox/published', async () => {
    const text = unique('Morning mobility routine');
    const response = await createPost(token, postBody(COACH_ID, text));
    expect(response.status).toBe(201);
    const urn = response.headers.get('x-restli-id') ?? '';
    expect(urn).toMatch(/^urn:li:share:\d+$/);
    expect((await publishedPosts(sandbox.url, { network: 'linkedin' })).at(-1)).toMatchObject({
      network: 'linkedin',
      accountId: COACH_ID,
      accountName: 'Casey Coach',
      text,
      mediaCount: 0,
      remoteId: urn,
    });
  });

  it('requires the LinkedIn-Version header: 400 when missing, 426 when not an active YYYYMM', async () => {
    const missing = await createPost(token, postBody(COACH_ID, unique('No version')), null);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ status: 400, code: 'VERSION_MISSING' });
    for (const version of ['20240101', '2025-06', '202213', '209901', '202001']) {
      const response = await createPost(token, postBody(COACH_ID, unique('Bad version')), version);
      expect(response.status).toBe(426);
      expect(await response.json()).toEqual({
        status: 426,
        code: 'NONEXISTENT_VERSION',
        message: `Requested version ${version} is not active`,
      });
    }
  });

  it('refuses commentary over 3,000 characters with 422', async () => {
    const response = await createPost(token, postBody(COACH_ID, 'x'.repeat(3001)));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      status: 422,
      errorDetails: {
        inputErrors: [{ code: 'FIELD_LENGTH_TOO_LONG', input: { inputPath: { fieldPath: '/commentary' } } }],
      },
    });
    expect((await createPost(token, postBody(COACH_ID, unique('x'.repeat(2980))))).status).toBe(201);
  });

  it('refuses a body missing required fields, and posting as someone else', async () => {
    expect((await createPost(token, { commentary: 'Only text' })).status).toBe(422);
    expect((await createPost(token, postBody(ADMIN_ID, unique('Not me')))).status).toBe(403);
  });

  it('publishes an image uploaded through the Images API', async () => {
    const initialized = await api('/rest/images?action=initializeUpload', token, {
      method: 'POST',
      json: { initializeUploadRequest: { owner: `urn:li:person:${COACH_ID}` } },
    });
    expect(initialized.status).toBe(200);
    const { value } = z
      .object({
        value: z.object({ uploadUrl: z.string(), image: z.string(), uploadUrlExpiresAt: z.number() }),
      })
      .parse(await initialized.json());
    expect(value.image).toMatch(/^urn:li:image:/);
    expect(value.uploadUrl.startsWith(`${sandbox.url}/linkedin/`)).toBe(true);
    const beforeUpload = await createPost(
      token,
      postBody(COACH_ID, unique('Too early'), { media: { id: value.image } }),
    );
    expect(beforeUpload.status).toBe(422);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0xff, 0xd9]);
    const uploaded = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: jpeg,
    });
    expect(uploaded.status).toBe(201);
    const status = () => api(`/rest/images/${encodeURIComponent(value.image)}`, token);
    expect(await (await status()).json()).toMatchObject({ id: value.image, status: 'PROCESSING' });
    const whileProcessing = await createPost(
      token,
      postBody(COACH_ID, unique('Still processing'), { media: { id: value.image } }),
    );
    expect(whileProcessing.status).toBe(422);
    expect(await (await status()).json()).toMatchObject({ id: value.image, status: 'AVAILABLE' });
    const text = unique('With a picture');
    const response = await createPost(
      token,
      postBody(COACH_ID, text, { media: { id: value.image, altText: 'A squat' } }),
    );
    expect(response.status).toBe(201);
    expect((await publishedPosts(sandbox.url, { network: 'linkedin' })).at(-1)).toMatchObject({
      text,
      mediaCount: 1,
      altText: 'A squat',
    });
  });

  it('fails processing an image cut off before its end, and refuses to post it', async () => {
    const initialized = await api('/rest/images?action=initializeUpload', token, {
      method: 'POST',
      json: { initializeUploadRequest: { owner: `urn:li:person:${COACH_ID}` } },
    });
    const { value } = z
      .object({ value: z.object({ uploadUrl: z.string(), image: z.string() }) })
      .parse(await initialized.json());
    const truncated = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
    const uploaded = await fetch(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: truncated,
    });
    expect(uploaded.status).toBe(201);
    const status = async () =>
      await (await api(`/rest/images/${encodeURIComponent(value.image)}`, token)).json();
    expect(await status()).toMatchObject({ status: 'PROCESSING' });
    expect(await status()).toMatchObject({ status: 'PROCESSING_FAILED' });
    expect(await status()).toMatchObject({ status: 'PROCESSING_FAILED' });
    const refused = await createPost(
      token,
      postBody(COACH_ID, unique('Broken picture'), { media: { id: value.image } }),
    );
    expect(refused.status).toBe(422);
  });
});

const finderSchema = z.object({
  paging: z.object({ start: z.number(), count: z.number(), total: z.number(), links: z.array(z.unknown()) }),
  elements: z.array(
    z.object({
      id: z.string(),
      author: z.string(),
      commentary: z.string(),
      lifecycleState: z.string(),
      createdAt: z.number(),
      publishedAt: z.number().optional(),
      lastModifiedAt: z.number(),
    }),
  ),
});

describe('GET /rest/posts?q=author (find posts by author)', () => {
  const author = encodeURIComponent(`urn:li:person:${ADMIN_ID}`);

  it('lists the member’s published posts newest first, given r_member_social', async () => {
    const token = (await connect(ADMIN_ID, `${SCOPE} r_member_social`)).access_token;
    const started = Date.now();
    const texts = [unique('First (set) of 5'), unique('Second')];
    const urns = [];
    for (const text of texts) {
      const response = await createPost(token, postBody(ADMIN_ID, text));
      urns.push(response.headers.get('x-restli-id'));
    }
    const draft = { ...postBody(ADMIN_ID, unique('Draft')), lifecycleState: 'DRAFT' };
    expect((await createPost(token, draft)).status).toBe(201);
    const response = await api(`/rest/posts?author=${author}&q=author&count=2&sortBy=CREATED`, token);
    expect(response.status).toBe(200);
    const page = finderSchema.parse(await response.json());
    expect(page.elements.map((post) => post.id)).toEqual([urns[1], urns[0]]);
    expect(page.elements[1]).toMatchObject({
      author: `urn:li:person:${ADMIN_ID}`,
      commentary: texts[0],
      lifecycleState: 'PUBLISHED',
    });
    expect(page.elements[1]?.createdAt).toBeGreaterThanOrEqual(started);
    expect(page.paging).toMatchObject({ start: 0, count: 2 });
    const first = await api(`/rest/posts?author=${author}&q=author&count=1&sortBy=CREATED`, token);
    expect(finderSchema.parse(await first.json()).paging.links).toEqual([
      expect.objectContaining({ rel: 'next', href: expect.stringContaining('start=1') }),
    ]);
    const asAuthor = await api(
      `/rest/posts?author=${author}&q=author&count=1&viewContext=AUTHOR&sortBy=CREATED`,
      token,
    );
    expect(finderSchema.parse(await asAuthor.json()).elements[0]?.lifecycleState).toBe('DRAFT');
  });

  it('refuses without r_member_social, for someone else’s posts, and without q=author or a version', async () => {
    const plain = (await connect(ADMIN_ID)).access_token;
    const denied = await api(`/rest/posts?author=${author}&q=author`, plain);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ status: 403, code: 'ACCESS_DENIED' });
    const reader = (await connect(COACH_ID, `${SCOPE} r_member_social`)).access_token;
    expect((await api(`/rest/posts?author=${author}&q=author`, reader)).status).toBe(403);
    expect((await api(`/rest/posts?author=${author}`, reader)).status).toBe(400);
    expect((await api(`/rest/posts?author=${author}&q=author`, reader, { version: null })).status).toBe(400);
  });
});

describe('LinkedIn injected faults', () => {
  let token: string;
  beforeAll(async () => {
    token = (await connect()).access_token;
  });

  function addFault(fault: Omit<FaultRequest, 'network'>) {
    return injectFault(sandbox.url, { network: 'linkedin', ...fault });
  }

  it('rate_limit answers 429 as LinkedIn documents it, and publishes nothing', async () => {
    await addFault({ kind: 'rate_limit' });
    const before = (await publishedPosts(sandbox.url, { network: 'linkedin' })).length;
    const response = await createPost(token, postBody(COACH_ID, unique('Throttled')));
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    expect((await publishedPosts(sandbox.url, { network: 'linkedin' })).length).toBe(before);
  });

  it('server_error answers 500', async () => {
    await addFault({ kind: 'server_error' });
    const response = await createPost(token, postBody(COACH_ID, unique('Down')));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal Server Error', status: 500 });
  });

  it('slow answers correctly after the delay', async () => {
    await addFault({ kind: 'slow', delayMs: 150 });
    const started = performance.now();
    expect((await createPost(token, postBody(COACH_ID, unique('Slowly')))).status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('hang accepts the post and never answers', async () => {
    await addFault({ kind: 'hang', accountId: COACH_ID });
    const text = unique('Never answered');
    await expect(
      fetch(`${sandbox.url}/linkedin/api/rest/posts`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'linkedin-version': VERSION,
          'content-type': 'application/json',
        },
        body: JSON.stringify(postBody(COACH_ID, text)),
        signal: AbortSignal.timeout(300),
      }),
    ).rejects.toThrow();
    expect((await publishedPosts(sandbox.url, { network: 'linkedin' })).at(-1)).toMatchObject({ text });
  });

  it('revoked answers 401 and the member must reconnect', async () => {
    const own = (await connect(ADMIN_ID)).access_token;
    await addFault({ kind: 'revoked', accountId: ADMIN_ID });
    const response = await createPost(own, postBody(ADMIN_ID, unique('Revoked')));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'REVOKED_ACCESS_TOKEN' });
    expect((await api('/v2/userinfo', own)).status).toBe(401);
    const fresh = (await connect(ADMIN_ID)).access_token;
    expect((await createPost(fresh, postBody(ADMIN_ID, unique('Reconnected')))).status).toBe(201);
  });
});

describe('POST /_sandbox/accounts (linkedin)', () => {
  it('creates members with working access tokens', async () => {
    const [member] = await createBulkAccounts(sandbox.url, { network: 'linkedin', count: 2, prefix: 'li' });
    if (!member) throw new Error('no member');
    const response = await createPost(member.accessToken, postBody(member.id, 'Bulk member post'));
    expect(response.status).toBe(201);
    expect(member.urn).toBe(`urn:li:person:${member.id}`);
  });
});
