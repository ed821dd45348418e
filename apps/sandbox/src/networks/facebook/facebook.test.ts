import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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

const APP = { client_id: 'fitpost-facebook', client_secret: 'fitpost-facebook-secret' };
const REDIRECT_URI = 'http://localhost:3000/api/social/facebook/callback';
const COACH_USER = '10000000000001001';
const ADMIN_USER = '10000000000001002';
const COACH_PAGE = '100000000001001';
const BOOTCAMP_PAGE = '100000000001002';
const COACH_IG = '17841400000001001';

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let sandbox: Sandbox;
let images: Server;
let imagesUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  // Stands in for the FitPost server's public media URLs, which Instagram downloads itself.
  images = createServer((req, res) => {
    const send = (type: string, body: Buffer) => {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length });
      res.end(body);
    };
    if (req.url === '/photo.jpg') return send('image/jpeg', JPEG);
    if (req.url === '/graphic.png') return send('image/png', PNG);
    if (req.url === '/page.html') return send('text/html', Buffer.from('<p>not an image</p>'));
    if (req.url === '/slow.jpg') {
      setTimeout(() => send('image/jpeg', JPEG), 400);
      return undefined;
    }
    res.writeHead(404).end();
    return undefined;
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => images.close(resolve));
});

afterEach(async () => {
  await clearFaults(sandbox.url);
});

function graph(
  path: string,
  init: {
    method?: string;
    token?: string;
    form?: Record<string, string>;
    body?: FormData;
    signal?: AbortSignal;
  } = {},
) {
  const url = new URL(`${sandbox.url}/facebook/graph/v23.0${path}`);
  if (init.token !== undefined && init.method === undefined) url.searchParams.set('access_token', init.token);
  const form =
    init.form && init.token !== undefined && init.method !== undefined
      ? { access_token: init.token, ...init.form }
      : init.form;
  return fetch(url, {
    method: init.method ?? 'GET',
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined,
    body: init.body ?? (form ? new URLSearchParams(form).toString() : undefined),
    signal: init.signal,
  });
}

function dialogUrl(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    client_id: APP.client_id,
    redirect_uri: REDIRECT_URI,
    state: 'fb-state',
    scope: 'pages_show_list,pages_manage_posts,instagram_basic,instagram_content_publish',
    response_type: 'code',
    ...params,
  });
  return `${sandbox.url}/facebook/v23.0/dialog/oauth?${query.toString()}`;
}

const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
});
const accountsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      access_token: z.string().optional(),
      instagram_business_account: z.object({ id: z.string() }).optional(),
    }),
  ),
});

/** The whole connect flow: dialog, code exchange, long-lived exchange, then the person's Pages. */
async function connect(accountId?: string) {
  const callback = await answerConsent(dialogUrl(), { accountId });
  expect(callback.searchParams.get('state')).toBe('fb-state');
  const code = callback.searchParams.get('code') ?? '';
  const exchanged = await graph(
    `/oauth/access_token?${new URLSearchParams({ ...APP, redirect_uri: REDIRECT_URI, code }).toString()}`,
  );
  expect(exchanged.status).toBe(200);
  const shortLived = tokenSchema.parse(await exchanged.json());
  const longResponse = await graph(
    `/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', ...APP, fb_exchange_token: shortLived.access_token }).toString()}`,
  );
  const longLived = tokenSchema.parse(await longResponse.json());
  expect(longLived.expires_in).toBeGreaterThan(shortLived.expires_in);
  const pages = accountsSchema.parse(
    await (
      await graph('/me/accounts?fields=id,name,access_token,instagram_business_account', {
        token: longLived.access_token,
      })
    ).json(),
  ).data;
  const pageToken = (id: string) => pages.find((page) => page.id === id)?.access_token ?? '';
  return { userToken: longLived.access_token, shortLived, pages, pageToken };
}

function unique(text: string): string {
  return `${text} ${randomBytes(4).toString('hex')}`;
}

function published(network: 'facebook' | 'instagram') {
  return publishedPosts(sandbox.url, { network });
}

describe('Facebook connect flow (Login dialog + Graph)', () => {
  it('connects the coach and lists their Pages with Page tokens and the Instagram account', async () => {
    const { userToken, pages } = await connect();
    const me = await graph('/me', { token: userToken });
    expect(await me.json()).toEqual({ name: 'Casey Coach', id: COACH_USER });
    expect(pages).toEqual([
      {
        id: COACH_PAGE,
        name: 'Casey Coach Fitness',
        access_token: expect.any(String),
        instagram_business_account: { id: COACH_IG },
      },
      { id: BOOTCAMP_PAGE, name: "Casey's Bootcamp", access_token: expect.any(String) },
    ]);
    const defaults = z
      .object({ data: z.array(z.record(z.string(), z.unknown())), paging: z.unknown() })
      .parse(await (await graph('/me/accounts', { token: userToken })).json());
    expect(Object.keys(defaults.data[0] ?? {}).sort()).toEqual([
      'access_token',
      'category',
      'category_list',
      'id',
      'name',
      'tasks',
    ]);
    const withPicture = await graph(`/${COACH_PAGE}?fields=name,picture`, { token: userToken });
    expect(await withPicture.json()).toMatchObject({
      name: 'Casey Coach Fitness',
      picture: { data: { url: `${sandbox.url}/avatars/networks/facebook/${COACH_PAGE}.svg` } },
    });
    const ig = await graph(`/${COACH_IG}?fields=id,username,profile_picture_url`, { token: userToken });
    expect(await ig.json()).toEqual({
      id: COACH_IG,
      username: 'casey_coach_fitness',
      profile_picture_url: `${sandbox.url}/avatars/networks/instagram/${COACH_IG}.svg`,
    });
  });

  it('connects the person chosen in the dialog', async () => {
    const { userToken, pages } = await connect(ADMIN_USER);
    expect(await (await graph('/me', { token: userToken })).json()).toMatchObject({
      id: ADMIN_USER,
      name: 'Alex Admin',
    });
    expect(pages.map((page) => page.name)).toEqual(['FitPro Academy']);
  });

  it('shows an accessible dialog with Allow and Cancel', async () => {
    const html = await (await fetch(dialogUrl())).text();
    expect(html).toContain('<label for="account">Account</label>');
    expect(html).toContain(`<option value="${COACH_USER}" selected>`);
    expect(html).toContain('>Allow</button>');
    expect(html).toContain('>Cancel</button>');
  });

  it('sends a person who cancels back with error=access_denied&error_reason=user_denied', async () => {
    const callback = await answerConsent(dialogUrl(), { decision: 'cancel' });
    expect(Object.fromEntries(callback.searchParams)).toEqual({
      error_reason: 'user_denied',
      error: 'access_denied',
      error_description: 'Permissions error.',
      state: 'fb-state',
    });
  });

  it('refuses unknown apps and unregistered redirect URIs in the dialog', async () => {
    expect((await fetch(dialogUrl({ client_id: '123' }))).status).toBe(400);
    expect((await fetch(dialogUrl({ redirect_uri: 'https://evil.example/' }))).status).toBe(400);
  });

  it('checks the app secret, the redirect URI and single use of the code', async () => {
    const code = async () => (await answerConsent(dialogUrl())).searchParams.get('code') ?? '';
    const exchange = (params: Record<string, string>) =>
      graph(
        `/oauth/access_token?${new URLSearchParams({ ...APP, redirect_uri: REDIRECT_URI, ...params }).toString()}`,
      );
    const badSecret = await exchange({ code: await code(), client_secret: 'nope' });
    expect(badSecret.status).toBe(400);
    expect(await badSecret.json()).toMatchObject({
      error: { code: 1, type: 'OAuthException', fbtrace_id: expect.any(String) },
    });
    const wrongRedirect = await exchange({ code: await code(), redirect_uri: 'http://localhost:3000/other' });
    expect(await wrongRedirect.json()).toMatchObject({ error: { code: 100, error_subcode: 36008 } });
    const once = await code();
    expect((await exchange({ code: once })).status).toBe(200);
    expect(await (await exchange({ code: once })).json()).toMatchObject({
      error: { code: 100, error_subcode: 36009 },
    });
  });

  it('answers OAuthException 190 to unknown tokens, and checks appsecret_proof', async () => {
    const unknown = await graph('/me', { token: 'EAAnope' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { type: 'OAuthException', code: 190 } });
    const { userToken } = await connect();
    const proof = createHmac('sha256', APP.client_secret).update(userToken).digest('hex');
    expect((await graph(`/me?appsecret_proof=${proof}`, { token: userToken })).status).toBe(200);
    expect((await graph('/me?appsecret_proof=00', { token: userToken })).status).toBe(400);
    const viaHeader = await fetch(`${sandbox.url}/facebook/graph/v23.0/me`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(viaHeader.status).toBe(200);
  });

  it('revokes every token of a person with DELETE /me/permissions', async () => {
    const { userToken, pageToken } = await connect(ADMIN_USER);
    const page = await graph('/me/accounts', { token: userToken });
    expect(page.status).toBe(200);
    const revoked = await fetch(
      `${sandbox.url}/facebook/graph/v23.0/me/permissions?access_token=${userToken}`,
      { method: 'DELETE' },
    );
    expect(await revoked.json()).toEqual({ success: true });
    const after = await graph('/me', { token: userToken });
    expect(await after.json()).toMatchObject({ error: { code: 190, error_subcode: 458 } });
    expect((await graph('/me', { token: pageToken('100000000002001') })).status).toBe(400);
  });
});

describe('Publishing to a Facebook Page', () => {
  let pageToken: string;
  let userToken: string;
  beforeAll(async () => {
    const connection = await connect();
    pageToken = connection.pageToken(COACH_PAGE);
    userToken = connection.userToken;
  });

  it('POST /{page-id}/feed returns {id: "{page-id}_{post-id}"} and logs the post', async () => {
    const message = unique('New class times this week');
    const response = await graph(`/${COACH_PAGE}/feed`, {
      method: 'POST',
      token: pageToken,
      form: { message, link: 'https://example.com/classes' },
    });
    expect(response.status).toBe(200);
    const { id } = z.object({ id: z.string() }).parse(await response.json());
    expect(id).toMatch(new RegExp(`^${COACH_PAGE}_\\d+$`));
    expect((await published('facebook')).at(-1)).toMatchObject({
      network: 'facebook',
      accountId: COACH_PAGE,
      accountName: 'Casey Coach Fitness',
      text: message,
      mediaCount: 0,
      remoteId: id,
    });
  });

  it('needs the Page token, a message or link, and at most 63,206 characters', async () => {
    const withUserToken = await graph(`/${COACH_PAGE}/feed`, {
      method: 'POST',
      token: userToken,
      form: { message: 'Hi' },
    });
    expect(withUserToken.status).toBe(403);
    expect(await withUserToken.json()).toMatchObject({ error: { code: 200 } });
    const otherPage = await graph(`/${BOOTCAMP_PAGE}/feed`, {
      method: 'POST',
      token: pageToken,
      form: { message: 'Hi' },
    });
    expect(otherPage.status).toBe(400);
    expect((await graph(`/${COACH_PAGE}/feed`, { method: 'POST', token: pageToken, form: {} })).status).toBe(
      400,
    );
    const tooLong = await graph(`/${COACH_PAGE}/feed`, {
      method: 'POST',
      token: pageToken,
      form: { message: 'x'.repeat(63_207) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: 100 } });
    const longest = await graph(`/${COACH_PAGE}/feed`, {
      method: 'POST',
      token: pageToken,
      form: { message: unique('x'.repeat(63_190)) },
    });
    expect(longest.status).toBe(200);
  });

  it('POST /{page-id}/photos takes a multipart source or a url, returning {id, post_id}', async () => {
    const form = new FormData();
    form.set('access_token', pageToken);
    form.set('caption', unique('Progress photo'));
    form.set('source', new Blob([JPEG], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await graph(`/${COACH_PAGE}/photos`, { method: 'POST', body: form });
    expect(uploaded.status).toBe(200);
    const photo = z.object({ id: z.string(), post_id: z.string() }).parse(await uploaded.json());
    expect((await published('facebook')).at(-1)).toMatchObject({ remoteId: photo.post_id, mediaCount: 1 });
    const byUrl = await graph(`/${COACH_PAGE}/photos`, {
      method: 'POST',
      token: pageToken,
      form: {
        url: `${imagesUrl}/graphic.png`,
        message: unique('From a URL'),
        alt_text_custom: 'Before and after',
      },
    });
    expect(byUrl.status).toBe(200);
    expect((await published('facebook')).at(-1)).toMatchObject({ altText: 'Before and after' });
    const broken = await graph(`/${COACH_PAGE}/photos`, {
      method: 'POST',
      token: pageToken,
      form: { url: `${imagesUrl}/page.html` },
    });
    expect(await broken.json()).toMatchObject({ error: { code: 324 } });
  });
});

async function createContainer(
  igUserId: string,
  accessToken: string,
  imageUrl: string,
  caption = unique('Caption'),
) {
  const response = await graph(`/${igUserId}/media`, {
    method: 'POST',
    token: accessToken,
    form: { image_url: imageUrl, caption, alt_text: 'A coach' },
  });
  expect(response.status).toBe(200);
  return z.object({ id: z.string() }).parse(await response.json()).id;
}

async function statusOf(containerId: string, accessToken: string) {
  const response = await graph(`/${containerId}?fields=status_code`, { token: accessToken });
  return z.object({ id: z.string(), status_code: z.string() }).parse(await response.json()).status_code;
}

async function waitFor(containerId: string, accessToken: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const status = await statusOf(containerId, accessToken);
    if (status !== 'IN_PROGRESS') return status;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('container still in progress');
}

function publish(igUserId: string, creationId: string, accessToken: string) {
  return graph(`/${igUserId}/media_publish`, {
    method: 'POST',
    token: accessToken,
    form: { creation_id: creationId },
  });
}

describe('Instagram content publishing', () => {
  let token: string;
  beforeAll(async () => {
    token = (await connect()).pageToken(COACH_PAGE);
  });

  it('downloads image_url itself: IN_PROGRESS, then FINISHED, then publishes', async () => {
    const caption = unique('Sunrise session #fitness');
    const containerId = await createContainer(COACH_IG, token, `${imagesUrl}/slow.jpg`, caption);
    expect(await statusOf(containerId, token)).toBe('IN_PROGRESS');
    const early = await publish(COACH_IG, containerId, token);
    expect(await early.json()).toMatchObject({ error: { code: 9007, error_subcode: 2207027 } });
    expect(await waitFor(containerId, token)).toBe('FINISHED');
    const response = await publish(COACH_IG, containerId, token);
    expect(response.status).toBe(200);
    const { id } = z.object({ id: z.string() }).parse(await response.json());
    expect((await published('instagram')).at(-1)).toMatchObject({
      network: 'instagram',
      accountId: COACH_IG,
      accountName: '@casey_coach_fitness',
      text: caption,
      mediaCount: 1,
      altText: 'A coach',
      remoteId: id,
    });
    expect(await statusOf(containerId, token)).toBe('PUBLISHED');
    expect((await publish(COACH_IG, containerId, token)).status).toBe(400);
  });

  it('records an ERROR on the container when the download fails or is not a JPEG', async () => {
    for (const imageUrl of [
      `${imagesUrl}/graphic.png`,
      `${imagesUrl}/page.html`,
      `${imagesUrl}/missing.jpg`,
      'ftp://127.0.0.1/photo.jpg',
      'http://127.0.0.1:1/photo.jpg',
    ]) {
      const containerId = await createContainer(COACH_IG, token, imageUrl);
      expect(await waitFor(containerId, token)).toBe('ERROR');
      const response = await publish(COACH_IG, containerId, token);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { type: 'OAuthException', error_subcode: expect.any(Number) },
      });
    }
  });

  it('refuses captions over 2,200 characters and a missing image_url', async () => {
    const tooLong = await graph(`/${COACH_IG}/media`, {
      method: 'POST',
      token,
      form: { image_url: `${imagesUrl}/photo.jpg`, caption: 'x'.repeat(2201) },
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { code: 100 } });
    expect(
      (await graph(`/${COACH_IG}/media`, { method: 'POST', token, form: { caption: 'No image' } })).status,
    ).toBe(400);
    await createContainer(COACH_IG, token, `${imagesUrl}/photo.jpg`, 'x'.repeat(2200));
  });

  it('accepts the user token of someone who manages the connected Page', async () => {
    const { userToken } = await connect();
    const containerId = await createContainer(COACH_IG, userToken, `${imagesUrl}/photo.jpg`);
    expect(await waitFor(containerId, userToken)).toBe('FINISHED');
    expect((await publish(COACH_IG, containerId, userToken)).status).toBe(200);
    const { userToken: adminToken } = await connect(ADMIN_USER);
    expect(
      (
        await graph(`/${COACH_IG}/media`, {
          method: 'POST',
          token: adminToken,
          form: { image_url: `${imagesUrl}/photo.jpg` },
        })
      ).status,
    ).toBe(400);
  });

  it('enforces 100 publishes per rolling 24 hours and reports usage in content_publishing_limit', async () => {
    const [account] = await createBulkAccounts(sandbox.url, {
      network: 'instagram',
      count: 1,
      prefix: 'quota',
    });
    if (!account) throw new Error('no account');
    for (let index = 0; index < 100; index += 1) {
      const containerId = await createContainer(account.id, account.accessToken, `${imagesUrl}/photo.jpg`);
      expect(await waitFor(containerId, account.accessToken)).toBe('FINISHED');
      expect((await publish(account.id, containerId, account.accessToken)).status).toBe(200);
    }
    const limit = await graph(`/${account.id}/content_publishing_limit?fields=quota_usage,config`, {
      token: account.accessToken,
    });
    expect(await limit.json()).toEqual({
      data: [{ quota_usage: 100, config: { quota_total: 100, quota_duration: 86400 } }],
    });
    const usageOnly = await graph(`/${account.id}/content_publishing_limit`, { token: account.accessToken });
    expect(await usageOnly.json()).toEqual({ data: [{ quota_usage: 100 }] });
    const containerId = await createContainer(account.id, account.accessToken, `${imagesUrl}/photo.jpg`);
    await waitFor(containerId, account.accessToken);
    const refused = await publish(account.id, containerId, account.accessToken);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 9, error_subcode: 2207042, type: 'OAuthException' },
    });
  });
});

describe('Reading back what was published', () => {
  const feedSchema = z.object({
    data: z.array(
      z.object({ id: z.string(), message: z.string().optional(), created_time: z.string().optional() }),
    ),
    paging: z.object({
      cursors: z.object({ before: z.string(), after: z.string() }),
      next: z.string().optional(),
    }),
  });

  it('GET /{page-id}/feed lists the Page’s posts newest first, with created_time, since and limit', async () => {
    const [page] = await createBulkAccounts(sandbox.url, { network: 'facebook', count: 1, prefix: 'feed' });
    if (!page) throw new Error('no page');
    const before = Math.floor(Date.now() / 1000) - 1;
    const messages = [unique('Class moved to 6pm'), unique('Bring water')];
    const ids = [];
    for (const message of messages) {
      const response = await graph(`/${page.id}/feed`, {
        method: 'POST',
        token: page.pageAccessToken,
        form: { message },
      });
      ids.push(z.object({ id: z.string() }).parse(await response.json()).id);
    }
    const photo = await graph(`/${page.id}/photos`, {
      method: 'POST',
      token: page.pageAccessToken,
      form: { url: `${imagesUrl}/photo.jpg`, caption: 'Photo caption' },
    });
    const { post_id: photoPost } = z.object({ post_id: z.string() }).parse(await photo.json());
    const feed = feedSchema.parse(
      await (await graph(`/${page.id}/feed?since=${before}&limit=2`, { token: page.pageAccessToken })).json(),
    );
    expect(feed.data.map((post) => post.id)).toEqual([photoPost, ids[1]]);
    expect(feed.data[1]).toMatchObject({ message: messages[1] });
    expect(feed.data[1]?.created_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    expect(feed.paging.next).toBeDefined();
    const rest = feedSchema.parse(
      await (
        await graph(`/${page.id}/feed?limit=2&after=${feed.paging.cursors.after}`, {
          token: page.pageAccessToken,
        })
      ).json(),
    );
    expect(rest.data.map((post) => post.id)).toEqual([ids[0]]);
    const later = Math.floor(Date.now() / 1000) + 60;
    expect(
      feedSchema.parse(
        await (await graph(`/${page.id}/feed?since=${later}`, { token: page.pageAccessToken })).json(),
      ).data,
    ).toEqual([]);
  });

  it('GET /{ig-user-id}/media lists published posts with caption, timestamp and permalink', async () => {
    const [account] = await createBulkAccounts(sandbox.url, {
      network: 'instagram',
      count: 1,
      prefix: 'media',
    });
    if (!account) throw new Error('no account');
    const caption = unique('Leg day');
    const containerId = await createContainer(
      account.id,
      account.accessToken,
      `${imagesUrl}/photo.jpg`,
      caption,
    );
    await waitFor(containerId, account.accessToken);
    const published = await publish(account.id, containerId, account.accessToken);
    const { id } = z.object({ id: z.string() }).parse(await published.json());
    const response = await graph(`/${account.id}/media?fields=id,caption,timestamp,permalink`, {
      token: account.accessToken,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      data: [
        {
          id,
          caption,
          timestamp: expect.stringMatching(/\+0000$/),
          permalink: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/),
        },
      ],
    });
    const other = await createBulkAccounts(sandbox.url, { network: 'instagram', count: 1, prefix: 'other' });
    const stranger = await graph(`/${account.id}/media`, { token: other[0]?.accessToken ?? '' });
    expect(stranger.status).toBe(400);
  });
});

describe('Graph injected faults', () => {
  let pageToken: string;
  beforeAll(async () => {
    pageToken = (await connect()).pageToken(COACH_PAGE);
  });

  function addFault(fault: FaultRequest) {
    return injectFault(sandbox.url, fault);
  }

  function post(message = unique('Fault test'), signal?: AbortSignal) {
    return graph(`/${COACH_PAGE}/feed`, { method: 'POST', token: pageToken, form: { message }, signal });
  }

  it('rate_limit answers Graph’s throttling error with the usage headers', async () => {
    await addFault({ network: 'facebook', kind: 'rate_limit', resetSeconds: 300 });
    const before = (await published('facebook')).length;
    const response = await post();
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 80001, is_transient: true } });
    const usage = z
      .record(
        z.string(),
        z.array(z.object({ type: z.string(), estimated_time_to_regain_access: z.number() })),
      )
      .parse(JSON.parse(response.headers.get('x-business-use-case-usage') ?? '{}'));
    expect(usage[COACH_PAGE]).toEqual([
      expect.objectContaining({ type: 'pages', estimated_time_to_regain_access: 5 }),
    ]);
    expect(JSON.parse(response.headers.get('x-app-usage') ?? '{}')).toMatchObject({ call_count: 100 });
    expect((await published('facebook')).length).toBe(before);
  });

  it('server_error answers 500 with a transient Graph error', async () => {
    await addFault({ network: 'facebook', kind: 'server_error' });
    const response = await post();
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 2, is_transient: true } });
  });

  it('slow answers after the delay; hang accepts and never answers', async () => {
    await addFault({ network: 'facebook', kind: 'slow', delayMs: 150 });
    const started = performance.now();
    expect((await post()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await addFault({ network: 'facebook', kind: 'hang' });
    const message = unique('Held');
    await expect(post(message, AbortSignal.timeout(300))).rejects.toThrow();
    expect((await published('facebook')).at(-1)).toMatchObject({ text: message });
  });

  it('instagram faults apply to media_publish', async () => {
    const [account] = await createBulkAccounts(sandbox.url, {
      network: 'instagram',
      count: 1,
      prefix: 'igfault',
    });
    if (!account) throw new Error('no account');
    await addFault({ network: 'instagram', kind: 'rate_limit', accountId: account.id });
    const id = await createContainer(account.id, account.accessToken, `${imagesUrl}/photo.jpg`);
    expect(await waitFor(id, account.accessToken)).toBe('FINISHED');
    const throttled = await publish(account.id, id, account.accessToken);
    expect(await throttled.json()).toMatchObject({ error: { code: 80002 } });
    expect((await publish(account.id, id, account.accessToken)).status).toBe(200);
  });

  it('revoked answers OAuthException 190 and every token of the Page stops working', async () => {
    const [page] = await createBulkAccounts(sandbox.url, { network: 'facebook', count: 1, prefix: 'revoke' });
    if (!page) throw new Error('no page');
    await addFault({ network: 'facebook', kind: 'revoked', accountId: page.id });
    const response = await graph(`/${page.id}/feed`, {
      method: 'POST',
      token: page.pageAccessToken,
      form: { message: 'Revoked' },
    });
    expect(await response.json()).toMatchObject({
      error: { type: 'OAuthException', code: 190, error_subcode: 458 },
    });
    expect(response.headers.get('www-authenticate')).toContain('invalid_token');
    expect((await graph('/me/accounts', { token: page.userAccessToken })).status).toBe(400);
    expect(
      (
        await graph(`/${page.id}/feed`, {
          method: 'POST',
          token: page.pageAccessToken,
          form: { message: 'Again' },
        })
      ).status,
    ).toBe(400);
  });
});

describe('POST /_sandbox/accounts (facebook)', () => {
  it('creates Pages with never-expiring Page tokens', async () => {
    const pages = await createBulkAccounts(sandbox.url, { network: 'facebook', count: 2, prefix: 'fb' });
    expect(pages).toHaveLength(2);
    const [page] = pages;
    if (!page) throw new Error('no page');
    const response = await graph(`/${page.id}/feed`, {
      method: 'POST',
      token: page.pageAccessToken,
      form: { message: 'Bulk' },
    });
    expect(response.status).toBe(200);
    expect((await published('facebook')).at(-1)).toMatchObject({
      accountId: page.id,
      accountName: 'fb 1 Fitness',
    });
  });
});
