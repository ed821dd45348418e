import { randomBytes } from 'node:crypto';

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { type FaultRequest, startSandbox, type Sandbox } from '../../app.js';
import {
  answerConsent,
  clearFaults,
  createBulkAccounts,
  injectFault,
  publishedPosts,
} from '../../testing.js';
import { signRequest } from './oauth1.js';

const CONSUMER = { consumerKey: 'fitpost-x-key', consumerSecret: 'fitpost-x-secret' };
const CALLBACK = 'http://localhost:3000/api/social/x/callback';
const COACH_ID = '1500000000000001001';
const ADMIN_ID = '1500000000000001002';

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

interface Credentials {
  token?: string;
  tokenSecret?: string;
}

interface SignedInit {
  method?: string;
  json?: unknown;
  form?: Record<string, string>;
  body?: FormData;
  extra?: Record<string, string>;
  consumerSecret?: string;
  nonce?: string;
  timestamp?: number;
  signal?: AbortSignal;
}

/** Sends a request signed the way an X client library does. */
function xFetch(path: string, credentials: Credentials, init: SignedInit = {}): Promise<Response> {
  const url = `${sandbox.url}/x${path}`;
  const method = init.method ?? 'GET';
  const { header } = signRequest({
    method,
    url,
    form: init.form,
    ...CONSUMER,
    consumerSecret: init.consumerSecret ?? CONSUMER.consumerSecret,
    token: credentials.token,
    tokenSecret: credentials.tokenSecret,
    extra: init.extra,
    nonce: init.nonce ?? randomBytes(16).toString('hex'),
    timestamp: init.timestamp ?? Math.floor(Date.now() / 1000),
  });
  const headers: Record<string, string> = { authorization: header };
  let body: string | FormData | undefined = init.body;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  }
  return fetch(url, { method, headers, body, signal: init.signal });
}

const tokenAnswerSchema = z.object({
  oauth_token: z.string(),
  oauth_token_secret: z.string(),
  user_id: z.string(),
  screen_name: z.string(),
});

/** Runs the whole three-legged flow and returns the user's token credentials. */
async function connect(accountId?: string) {
  const started = await xFetch(
    '/oauth/request_token',
    {},
    { method: 'POST', extra: { oauth_callback: CALLBACK } },
  );
  expect(started.status).toBe(200);
  const requestToken = new URLSearchParams(await started.text());
  expect(requestToken.get('oauth_callback_confirmed')).toBe('true');
  const token = requestToken.get('oauth_token') ?? '';
  const callback = await answerConsent(`${sandbox.url}/x/oauth/authorize?oauth_token=${token}`, {
    accountId,
  });
  expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
  expect(callback.searchParams.get('oauth_token')).toBe(token);
  const exchanged = await xFetch(
    `/oauth/access_token?oauth_verifier=${callback.searchParams.get('oauth_verifier') ?? ''}`,
    { token, tokenSecret: requestToken.get('oauth_token_secret') ?? '' },
    { method: 'POST' },
  );
  expect(exchanged.status).toBe(200);
  const answer = tokenAnswerSchema.parse(Object.fromEntries(new URLSearchParams(await exchanged.text())));
  return { token: answer.oauth_token, tokenSecret: answer.oauth_token_secret, answer };
}

function tweet(credentials: Credentials, json: unknown, init: SignedInit = {}) {
  return xFetch('/2/tweets', credentials, { ...init, method: 'POST', json });
}

function published() {
  return publishedPosts(sandbox.url, { network: 'x' });
}

function unique(text: string): string {
  return `${text} ${randomBytes(4).toString('hex')}`;
}

function addFault(fault: Omit<FaultRequest, 'network'>) {
  return injectFault(sandbox.url, { network: 'x', ...fault });
}

describe('X connect flow (OAuth 1.0a, three-legged)', () => {
  it('connects the coach by default and identifies them with GET /2/users/me', async () => {
    const { answer, ...credentials } = await connect();
    expect(answer).toMatchObject({ user_id: COACH_ID, screen_name: 'casey_coach_fit' });
    const me = await xFetch('/2/users/me?user.fields=profile_image_url', credentials);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      data: {
        id: COACH_ID,
        name: 'Casey Coach',
        username: 'casey_coach_fit',
        profile_image_url: `${sandbox.url}/avatars/networks/x/${COACH_ID}.svg`,
      },
    });
    const avatar = await fetch(`${sandbox.url}/avatars/networks/x/${COACH_ID}.svg`);
    expect(await avatar.text()).toContain('<title>Casey Coach</title>');
  });

  it('connects the account chosen on the consent page', async () => {
    const { answer } = await connect(ADMIN_ID);
    expect(answer).toMatchObject({ user_id: ADMIN_ID, screen_name: 'alex_admin_fit' });
  });

  it('shows an accessible consent page', async () => {
    const started = await xFetch(
      '/oauth/request_token',
      {},
      { method: 'POST', extra: { oauth_callback: CALLBACK } },
    );
    const token = new URLSearchParams(await started.text()).get('oauth_token') ?? '';
    const html = await (await fetch(`${sandbox.url}/x/oauth/authorize?oauth_token=${token}`)).text();
    expect(html).toContain('<label for="account">Account</label>');
    expect(html).toMatch(
      /<option value="1500000000000001001" selected>Casey Coach \(@casey_coach_fit\)<\/option>/,
    );
    expect(html).toContain('>Authorize app</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).not.toMatch(/<script(?! src)/);
  });

  it('sends a user who cancels back with denied=<request token>', async () => {
    const started = await xFetch(
      '/oauth/request_token',
      {},
      { method: 'POST', extra: { oauth_callback: CALLBACK } },
    );
    const token = new URLSearchParams(await started.text()).get('oauth_token') ?? '';
    const callback = await answerConsent(`${sandbox.url}/x/oauth/authorize?oauth_token=${token}`, {
      decision: 'cancel',
    });
    expect([...callback.searchParams]).toEqual([['denied', token]]);
  });

  it('refuses callbacks outside loopback and the configured origins', async () => {
    const response = await xFetch(
      '/oauth/request_token',
      {},
      { method: 'POST', extra: { oauth_callback: 'https://evil.example/cb' } },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ errors: [{ code: 415 }] });
  });

  it('refuses a request token signed with the wrong consumer secret', async () => {
    const response = await xFetch(
      '/oauth/request_token',
      {},
      { method: 'POST', extra: { oauth_callback: CALLBACK }, consumerSecret: 'wrong' },
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ errors: [{ code: 32, message: 'Could not authenticate you.' }] });
  });

  it('refuses an access-token exchange with the wrong verifier', async () => {
    const started = await xFetch(
      '/oauth/request_token',
      {},
      { method: 'POST', extra: { oauth_callback: CALLBACK } },
    );
    const requestToken = new URLSearchParams(await started.text());
    const token = requestToken.get('oauth_token') ?? '';
    await answerConsent(`${sandbox.url}/x/oauth/authorize?oauth_token=${token}`);
    const response = await xFetch(
      '/oauth/access_token?oauth_verifier=guessed',
      { token, tokenSecret: requestToken.get('oauth_token_secret') ?? '' },
      { method: 'POST' },
    );
    expect(response.status).toBe(401);
  });
});

describe('X request signatures', () => {
  let credentials: Credentials;
  beforeAll(async () => {
    credentials = await connect();
  });

  it('answers 401 with X’s problem JSON to a bad signature', async () => {
    const response = await xFetch('/2/users/me', { ...credentials, tokenSecret: 'not-the-secret' });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      title: 'Unauthorized',
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
    });
  });

  it('signs query parameters: changing one after signing breaks the signature', async () => {
    const { header } = signRequest({
      method: 'GET',
      url: `${sandbox.url}/x/2/users/me?user.fields=verified`,
      ...CONSUMER,
      token: credentials.token,
      tokenSecret: credentials.tokenSecret,
      nonce: randomBytes(8).toString('hex'),
      timestamp: Math.floor(Date.now() / 1000),
    });
    const tampered = await fetch(`${sandbox.url}/x/2/users/me?user.fields=description`, {
      headers: { authorization: header },
    });
    expect(tampered.status).toBe(401);
  });

  it('refuses a reused nonce, a stale timestamp and a missing header', async () => {
    const timestamp = Math.floor(Date.now() / 1000);
    expect((await xFetch('/2/users/me', credentials, { nonce: 'once', timestamp })).status).toBe(200);
    expect((await xFetch('/2/users/me', credentials, { nonce: 'once', timestamp })).status).toBe(401);
    expect((await xFetch('/2/users/me', credentials, { timestamp: timestamp - 301 })).status).toBe(401);
    expect((await fetch(`${sandbox.url}/x/2/users/me`)).status).toBe(401);
  });

  it('accepts the request at localhost as well as 127.0.0.1 (the Host header is signed)', async () => {
    const url = `${sandbox.url.replace('127.0.0.1', 'localhost')}/x/2/users/me`;
    const { header } = signRequest({
      method: 'GET',
      url,
      ...CONSUMER,
      ...credentials,
      nonce: randomBytes(8).toString('hex'),
      timestamp: Math.floor(Date.now() / 1000),
    });
    expect((await fetch(url, { headers: { authorization: header } })).status).toBe(200);
  });
});

describe('POST /2/tweets', () => {
  let credentials: Credentials;
  beforeAll(async () => {
    credentials = await connect();
  });

  it('creates a post and logs it in /_sandbox/published', async () => {
    const text = unique('Leg day done');
    const response = await tweet(credentials, { text });
    expect(response.status).toBe(201);
    const { data } = z
      .object({ data: z.object({ id: z.string(), text: z.string() }) })
      .parse(await response.json());
    expect(data.text).toBe(text);
    expect((await published()).at(-1)).toMatchObject({
      network: 'x',
      accountId: COACH_ID,
      accountName: '@casey_coach_fit',
      text,
      mediaCount: 0,
      remoteId: data.id,
    });
  });

  it('counts text as X does: URLs weigh 23, CJK and emoji weigh 2', async () => {
    const longUrl = `https://example.com/${'a'.repeat(300)}`;
    expect((await tweet(credentials, { text: unique(`Read this ${longUrl}`) })).status).toBe(201);
    const overLong = await tweet(credentials, { text: '日'.repeat(141) });
    expect(overLong.status).toBe(400);
    expect(await overLong.json()).toMatchObject({
      title: 'Invalid Request',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    });
    expect((await tweet(credentials, { text: 'a'.repeat(281) })).status).toBe(400);
    expect((await tweet(credentials, { text: unique('a'.repeat(270)) })).status).toBe(201);
  });

  it('refuses duplicate text on the same account with 403, but not on another account', async () => {
    const text = unique('Same words twice');
    expect((await tweet(credentials, { text })).status).toBe(201);
    const duplicate = await tweet(credentials, { text });
    expect(duplicate.status).toBe(403);
    expect(await duplicate.json()).toEqual({
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    const admin = await connect(ADMIN_ID);
    expect((await tweet(admin, { text })).status).toBe(201);
  });

  it('refuses a body without text or media, and malformed JSON', async () => {
    expect((await tweet(credentials, {})).status).toBe(400);
    expect((await tweet(credentials, { text: 42 })).status).toBe(400);
  });

  it('attaches media uploaded with POST /2/media/upload (JSON and multipart)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const viaJson = await xFetch('/2/media/upload', credentials, {
      method: 'POST',
      json: { media: png.toString('base64'), media_category: 'tweet_image', media_type: 'image/png' },
    });
    expect(viaJson.status).toBe(200);
    const first = z
      .object({ data: z.object({ id: z.string(), media_key: z.string() }) })
      .parse(await viaJson.json());
    expect(first.data.media_key).toBe(`3_${first.data.id}`);
    const form = new FormData();
    form.set('media', new Blob([png], { type: 'image/png' }), 'graphic.png');
    form.set('media_category', 'tweet_image');
    const viaMultipart = await xFetch('/2/media/upload', credentials, { method: 'POST', body: form });
    expect(viaMultipart.status).toBe(200);
    const second = z.object({ data: z.object({ id: z.string() }) }).parse(await viaMultipart.json());
    const text = unique('With pictures');
    const response = await tweet(credentials, {
      text,
      media: { media_ids: [first.data.id, second.data.id] },
    });
    expect(response.status).toBe(201);
    expect((await published()).at(-1)).toMatchObject({ text, mediaCount: 2 });
    expect((await tweet(credentials, { text: unique('x'), media: { media_ids: ['123'] } })).status).toBe(400);
    const notImage = await xFetch('/2/media/upload', credentials, {
      method: 'POST',
      json: { media: Buffer.from('hello').toString('base64'), media_category: 'tweet_image' },
    });
    expect(notImage.status).toBe(400);
  });

  it('records alt text set with POST /2/media/metadata or v1.1 media/metadata/create, signed like the rest', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const upload = async () => {
      const uploaded = await xFetch('/2/media/upload', credentials, {
        method: 'POST',
        json: { media: png.toString('base64'), media_category: 'tweet_image' },
      });
      return z.object({ data: z.object({ id: z.string() }) }).parse(await uploaded.json()).data.id;
    };
    const v2 = await upload();
    const described = await xFetch('/2/media/metadata', credentials, {
      method: 'POST',
      json: { id: v2, metadata: { alt_text: { text: 'A coach spotting a squat' } } },
    });
    expect(described.status).toBe(200);
    expect(await described.json()).toEqual({
      data: { id: v2, associated_metadata: { alt_text: { text: 'A coach spotting a squat' } } },
    });
    const text = unique('Described');
    expect((await tweet(credentials, { text, media: { media_ids: [v2] } })).status).toBe(201);
    expect((await published()).at(-1)).toMatchObject({ text, altText: 'A coach spotting a squat' });

    const v1 = await upload();
    const legacy = await xFetch('/1.1/media/metadata/create.json', credentials, {
      method: 'POST',
      json: { media_id: v1, alt_text: { text: 'Kettlebells in a row' } },
    });
    expect(legacy.status).toBe(200);
    const other = unique('Described too');
    expect((await tweet(credentials, { text: other, media: { media_ids: [v1] } })).status).toBe(201);
    expect((await published()).at(-1)).toMatchObject({ text: other, altText: 'Kettlebells in a row' });

    const tooLong = await xFetch('/2/media/metadata', credentials, {
      method: 'POST',
      json: { id: v1, metadata: { alt_text: { text: 'x'.repeat(1001) } } },
    });
    expect(tooLong.status).toBe(400);
    const someoneElses = await xFetch('/2/media/metadata', await connect(ADMIN_ID), {
      method: 'POST',
      json: { id: v1, metadata: { alt_text: { text: 'Mine now' } } },
    });
    expect(someoneElses.status).toBe(400);
    const unsigned = await fetch(`${sandbox.url}/x/2/media/metadata`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: v1, metadata: { alt_text: { text: 'Anyone' } } }),
    });
    expect(unsigned.status).toBe(401);
  });

  it('stops honouring a token revoked with POST 1.1/oauth/invalidate_token', async () => {
    const own = await connect(ADMIN_ID);
    const revoked = await xFetch('/1.1/oauth/invalidate_token', own, { method: 'POST' });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ access_token: own.token });
    expect((await xFetch('/2/users/me', own)).status).toBe(401);
  });
});

const timelineSchema = z.object({
  data: z
    .array(
      z.object({
        id: z.string(),
        text: z.string(),
        edit_history_tweet_ids: z.array(z.string()),
        created_at: z.string().optional(),
      }),
    )
    .optional(),
  meta: z.object({
    result_count: z.number(),
    newest_id: z.string().optional(),
    oldest_id: z.string().optional(),
    next_token: z.string().optional(),
  }),
});

describe('GET /2/users/:id/tweets', () => {
  // A fresh account per test, so other tests' posts never show up in its timeline.
  let credentials: Credentials;
  let userId: string;
  beforeEach(async () => {
    const [account] = await createBulkAccounts(sandbox.url, { network: 'x', count: 1, prefix: 'timeline' });
    if (!account) throw new Error('no account');
    credentials = { token: account.oauthToken, tokenSecret: account.oauthTokenSecret };
    userId = account.id;
  });

  async function timeline(userId: string, query: Record<string, string> = {}) {
    const response = await xFetch(
      `/2/users/${userId}/tweets?${new URLSearchParams(query).toString()}`,
      credentials,
    );
    expect(response.status).toBe(200);
    return timelineSchema.parse(await response.json());
  }

  it('lists the account’s posts newest first, as X displays them, from start_time on', async () => {
    const startTime = new Date(Date.now() - 1000).toISOString();
    const first = unique('Deadlifts & <squats>');
    const second = unique('Read https://example.com/plan now');
    const posted = [];
    for (const text of [first, second]) {
      const response = await tweet(credentials, { text });
      posted.push(z.object({ data: z.object({ id: z.string() }) }).parse(await response.json()).data.id);
    }
    const page = await timeline(userId, { start_time: startTime, 'tweet.fields': 'created_at' });
    expect(page.data?.map((item) => item.id)).toEqual([posted[1], posted[0]]);
    expect(page.meta).toMatchObject({ result_count: 2, newest_id: posted[1], oldest_id: posted[0] });
    expect(page.data?.[1]?.text).toBe(first.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;'));
    expect(page.data?.[0]?.text).toMatch(/^Read https:\/\/t\.co\/\w+ now \w+$/);
    expect(Date.parse(page.data?.[0]?.created_at ?? '')).toBeGreaterThanOrEqual(Date.parse(startTime));
    expect(await timeline(userId, { start_time: new Date(Date.now() + 60_000).toISOString() })).toEqual({
      meta: { result_count: 0 },
    });
  });

  it('appends a t.co link for attached media and pages with next_token', async () => {
    const startTime = new Date(Date.now() - 1000).toISOString();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const uploaded = await xFetch('/2/media/upload', credentials, {
      method: 'POST',
      json: { media: png.toString('base64'), media_category: 'tweet_image' },
    });
    const mediaId = z.object({ data: z.object({ id: z.string() }) }).parse(await uploaded.json()).data.id;
    const text = unique('Form check');
    expect((await tweet(credentials, { text, media: { media_ids: [mediaId] } })).status).toBe(201);
    for (let index = 0; index < 5; index += 1) await tweet(credentials, { text: unique('Filler') });
    const first = await timeline(userId, { start_time: startTime, max_results: '5' });
    expect(first.meta.result_count).toBe(5);
    const second = await timeline(userId, {
      start_time: startTime,
      max_results: '5',
      pagination_token: first.meta.next_token ?? '',
    });
    expect(second.data?.map((item) => item.text)).toEqual([
      expect.stringMatching(/^Form check \w+ https:\/\/t\.co\/\w+$/),
    ]);
    expect(second.meta.next_token).toBeUndefined();
  });

  it('refuses max_results outside 5–100, answers unknown users with a problem, and needs a signature', async () => {
    const tooFew = await xFetch(`/2/users/${userId}/tweets?max_results=1`, credentials);
    expect(tooFew.status).toBe(400);
    expect(await tooFew.json()).toMatchObject({ title: 'Invalid Request' });
    const unknown = await xFetch('/2/users/42/tweets', credentials);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({
      errors: [{ type: 'https://api.twitter.com/2/problems/resource-not-found', resource_id: '42' }],
    });
    expect((await fetch(`${sandbox.url}/x/2/users/${userId}/tweets`)).status).toBe(401);
  });
});

describe('X injected faults', () => {
  let credentials: Credentials;
  beforeAll(async () => {
    credentials = await connect();
  });

  it('rate_limit answers 429 with x-rate-limit-* headers and publishes nothing', async () => {
    await addFault({ kind: 'rate_limit', resetSeconds: 120 });
    const before = (await published()).length;
    const response = await tweet(credentials, { text: unique('Throttled') });
    expect(response.status).toBe(429);
    expect(response.headers.get('x-rate-limit-remaining')).toBe('0');
    expect(response.headers.get('x-rate-limit-limit')).toBe('200');
    const reset = Number(response.headers.get('x-rate-limit-reset'));
    expect(reset).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 110);
    expect(await response.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expect((await published()).length).toBe(before);
    // The fault applied once (times defaults to 1).
    expect((await tweet(credentials, { text: unique('Throttled') })).status).toBe(201);
  });

  it('server_error answers 503 the number of times asked', async () => {
    await addFault({ kind: 'server_error', times: 2 });
    expect((await tweet(credentials, { text: unique('Down') })).status).toBe(503);
    expect((await tweet(credentials, { text: unique('Down') })).status).toBe(503);
    expect((await tweet(credentials, { text: unique('Up') })).status).toBe(201);
  });

  it('only affects the account it names', async () => {
    await addFault({ kind: 'server_error', accountId: ADMIN_ID });
    expect((await tweet(credentials, { text: unique('Coach unaffected') })).status).toBe(201);
    const pending = await (await fetch(`${sandbox.url}/_sandbox/faults`)).json();
    expect(pending).toMatchObject([
      { network: 'x', kind: 'server_error', accountId: ADMIN_ID, remaining: 1 },
    ]);
  });

  it('slow answers correctly after the delay', async () => {
    await addFault({ kind: 'slow', delayMs: 200 });
    const started = performance.now();
    const response = await tweet(credentials, { text: unique('Eventually') });
    expect(response.status).toBe(201);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
  });

  it('hang accepts the post and never answers', async () => {
    await addFault({ kind: 'hang' });
    const text = unique('Into the void');
    await expect(tweet(credentials, { text }, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
    expect((await published()).at(-1)).toMatchObject({ text, accountId: COACH_ID });
  });

  it('revoked answers 401 and the account’s tokens stay revoked until it reconnects', async () => {
    const own = await connect();
    await addFault({ kind: 'revoked', accountId: COACH_ID });
    expect((await tweet(own, { text: unique('Revoked') })).status).toBe(401);
    expect((await xFetch('/2/users/me', own)).status).toBe(401);
    const reconnected = await connect();
    expect(reconnected.token).not.toBe(own.token);
    expect((await tweet(reconnected, { text: unique('Back again') })).status).toBe(201);
  });

  it('rejects malformed fault requests', async () => {
    for (const body of [
      { network: 'x' },
      { network: 'myspace', kind: 'hang' },
      { network: 'x', kind: 'slow', times: 0 },
    ]) {
      const response = await fetch(`${sandbox.url}/_sandbox/faults`, {
        method: 'POST',
        body: JSON.stringify(body),
      });
      expect(response.status).toBe(400);
    }
  });
});

describe('POST /_sandbox/accounts (x)', () => {
  it('creates connected accounts that can publish straight away', async () => {
    const accounts = await createBulkAccounts(sandbox.url, { network: 'x', count: 3, prefix: 'bench' });
    expect(accounts.map((account) => account.username)).toEqual(['bench_1', 'bench_2', 'bench_3']);
    const [first] = accounts;
    if (!first) throw new Error('no account');
    const posted = await tweet(
      { token: first.oauthToken, tokenSecret: first.oauthTokenSecret },
      { text: 'Bench' },
    );
    expect(posted.status).toBe(201);
    expect((await published()).at(-1)).toMatchObject({ accountId: first.id, accountName: '@bench_1' });
  });

  it('refuses counts outside 1–20,000', async () => {
    for (const count of [0, 20_001]) {
      const response = await fetch(`${sandbox.url}/_sandbox/accounts`, {
        method: 'POST',
        body: JSON.stringify({ network: 'x', count }),
      });
      expect(response.status).toBe(400);
    }
  });
});
