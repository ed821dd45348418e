/** The Meta adapters: Facebook Login and Pages (facebook.ts) and Instagram via the Page (instagram.ts). */
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import {
  answerConsent,
  clearFaults,
  createBulkAccounts,
  engagementAt,
  injectFault,
  publishedPosts,
} from '@fitpost/sandbox/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { PlatformError } from './errors.js';
import { createFacebookAdapter, FACEBOOK_SCOPES } from './facebook.js';
import { usageRetryAfter } from './graph.js';
import { createInstagramAdapter } from './instagram.js';
import type { NetworkId, PlatformSettings, PublishTarget, TokenCredentials } from './types.js';

const REDIRECT_URI = 'http://localhost:3000/api/connections/facebook/callback';
const COACH_PAGE = '100000000001001';
const BOOTCAMP_PAGE = '100000000001002';
const COACH_IG = '17841400000001001';
type FaultKind = 'rate_limit' | 'server_error' | 'slow' | 'hang' | 'revoked';

/**
 * A real 8×8 mid-grey baseline JPEG, built here (ITU-T T.81): with every DCT coefficient zero, a one-code DC
 * table (category 0) and a one-code AC table (end of block) encode the whole image in one byte.
 */
function jpeg(): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const oneCode = (tableClass: number, symbol: number) => [
    tableClass,
    1,
    ...Array<number>(15).fill(0),
    symbol,
  ];
  return Buffer.from([
    ...[0xff, 0xd8],
    ...segment(0xdb, [0, ...Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneCode(0x00, 0)),
    ...segment(0xc4, oneCode(0x10, 0)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    0b0011_1111,
    ...[0xff, 0xd9],
  ]);
}

let sandbox: Sandbox;
let images: Server;
let imagesUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  // Stands in for FitPost's public media URLs, which Facebook and Instagram download themselves.
  images = createServer((req, res) => {
    const body = jpeg();
    const send = () =>
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': body.length }).end(body);
    if (req.url === '/photo.jpg') return send();
    // Never answers (until afterAll closes it): the container stays IN_PROGRESS however slow the machine.
    if (req.url === '/slow.jpg') return;
    if (req.url === '/page.html')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not an image</p>');
    return res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`; // listen() on TCP: always AddressInfo
});

afterAll(async () => {
  await sandbox.close();
  images.closeAllConnections();
  await new Promise((resolve) => images.close(resolve));
});

afterEach(async () => {
  await clearFaults(sandbox.url);
});

function settings(
  overrides: Partial<PlatformSettings['facebook']> &
    Partial<Pick<PlatformSettings, 'timeoutMs' | 'instagramPollLimit'>> = {},
): PlatformSettings {
  const { timeoutMs = 5000, instagramPollLimit = 50, ...facebook } = overrides;
  return {
    x: { apiUrl: '', consumerKey: '', consumerSecret: '' },
    linkedin: { authUrl: '', apiUrl: '', clientId: '', clientSecret: '', version: '' },
    facebook: {
      authUrl: `${sandbox.url}/facebook/v23.0/dialog/oauth`,
      graphUrl: `${sandbox.url}/facebook/graph/v23.0`,
      clientId: 'fitpost-facebook',
      clientSecret: 'fitpost-facebook-secret',
      ...facebook,
    },
    timeoutMs,
    instagramPollMs: 20,
    instagramPollLimit,
  };
}

function unique(text: string): string {
  return `${text} ${randomBytes(4).toString('hex')}`;
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

async function published(network: NetworkId, filter: (entry: { remoteId: string; text: string }) => boolean) {
  return (await publishedPosts(sandbox.url, { network })).filter(filter);
}

/** The whole connect flow for a demo person: dialog, code, long-lived token, Pages. */
async function connect(accountId?: string) {
  const facebook = createFacebookAdapter(settings());
  const callback = await answerConsent(facebook.authorizeUrl({ state: 'fb-1', redirectUri: REDIRECT_URI }), {
    accountId,
  });
  expect(callback.searchParams.get('state')).toBe('fb-1');
  const user = await facebook.exchangeCode({
    code: callback.searchParams.get('code') ?? '',
    redirectUri: REDIRECT_URI,
  });
  return { user, pages: await facebook.listPages(user.accessToken) };
}

describe('Facebook connect flow', () => {
  it('asks for the Pages and Instagram publishing permissions', () => {
    const url = new URL(
      createFacebookAdapter(settings()).authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/facebook/v23.0/dialog/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'fitpost-facebook',
      redirect_uri: REDIRECT_URI,
      state: 's',
      scope: FACEBOOK_SCOPES.join(','),
      response_type: 'code',
    });
  });

  it('exchanges the code for a long-lived token and lists the Pages with their Instagram accounts', async () => {
    const { user, pages } = await connect();
    expect(user.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(pages).toEqual([
      {
        pageId: COACH_PAGE,
        name: 'Casey Coach Fitness',
        pictureUrl: `${sandbox.url}/avatars/networks/facebook/${COACH_PAGE}.svg`,
        pageToken: expect.any(String),
        instagram: {
          igUserId: COACH_IG,
          username: 'casey_coach_fitness',
          pictureUrl: `${sandbox.url}/avatars/networks/instagram/${COACH_IG}.svg`,
        },
      },
      {
        pageId: BOOTCAMP_PAGE,
        name: "Casey's Bootcamp",
        pictureUrl: `${sandbox.url}/avatars/networks/facebook/${BOOTCAMP_PAGE}.svg`,
        pageToken: expect.any(String),
      },
    ]);
  });

  it('answers auth to a used code, a wrong app secret and an unknown token', async () => {
    const facebook = createFacebookAdapter(settings());
    const callback = await answerConsent(facebook.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    const code = callback.searchParams.get('code') ?? '';
    const wrongSecret = await failure(
      createFacebookAdapter(settings({ clientSecret: 'wrong' })).exchangeCode({
        code,
        redirectUri: REDIRECT_URI,
      }),
    );
    expect(wrongSecret).toMatchObject({ kind: 'auth', code: '1' });
    await facebook.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const used = await failure(facebook.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(used).toMatchObject({ kind: 'auth', code: '100/36009' });
    expect(used.message).toMatch(/connect Facebook again/);
    expect(await failure(facebook.listPages('EAAnonsense'))).toMatchObject({ kind: 'auth', code: '190' });
  });
});

describe('Facebook Page publishing', () => {
  async function page() {
    const [created] = await createBulkAccounts(sandbox.url, {
      network: 'facebook',
      count: 1,
      prefix: 'fbadapter',
    });
    if (!created) throw new Error('no page');
    return { accountId: created.id, credentials: { accessToken: created.pageAccessToken } };
  }

  it('posts text with its link to /feed, and a graphic to /photos, each exactly once', async () => {
    const facebook = createFacebookAdapter(settings());
    const target = await page();
    const text = unique('New class times');
    const post = await facebook.publish({ ...target, text, link: 'https://example.com/classes' });
    expect(post.remoteId).toMatch(new RegExp(`^${target.accountId}_\\d+$`));
    expect(post.url).toBe(`https://www.facebook.com/${post.remoteId}`);
    expect(await published('facebook', (entry) => entry.remoteId === post.remoteId)).toEqual([
      expect.objectContaining({ text, mediaCount: 0 }),
    ]);
    const photo = await facebook.publish({
      ...target,
      text: unique('Sunrise session'),
      media: { url: `${imagesUrl}/photo.jpg`, mimeType: 'image/jpeg', altText: 'Runners at sunrise' },
    });
    expect(await published('facebook', (entry) => entry.remoteId === photo.remoteId)).toEqual([
      expect.objectContaining({ mediaCount: 1, altText: 'Runners at sunrise' }),
    ]);
  });

  it('answers content to a graphic Facebook cannot download, auth to an unknown token', async () => {
    const facebook = createFacebookAdapter(settings());
    const target = await page();
    const broken = await failure(
      facebook.publish({
        ...target,
        text: 'x',
        media: { url: `${imagesUrl}/missing.jpg`, mimeType: 'image/jpeg' },
      }),
    );
    expect(broken).toMatchObject({ kind: 'content', code: '324' });
    const unknown = await failure(
      facebook.publish({ ...target, credentials: { accessToken: 'EAAx' }, text: 'x' }),
    );
    expect(unknown).toMatchObject({ kind: 'auth', code: '190' });
  });

  describe('faults', () => {
    async function faulted(kind: FaultKind, extra = {}) {
      const target: PublishTarget<TokenCredentials> = { ...(await page()), text: unique(`Fault ${kind}`) };
      await injectFault(sandbox.url, { network: 'facebook', kind, accountId: target.accountId, ...extra });
      return target;
    }

    it('rate_limit (80001) is rate_limited for estimated_time_to_regain_access', async () => {
      const target = await faulted('rate_limit', { resetSeconds: 300 });
      const error = await failure(createFacebookAdapter(settings()).publish(target));
      expect(error).toMatchObject({ kind: 'rate_limited', code: '80001', retryAfterMs: 300_000 });
      expect(await published('facebook', (entry) => entry.text === target.text)).toEqual([]);
    });

    it('server_error is retry; slow succeeds once', async () => {
      const down = await faulted('server_error');
      expect(await failure(createFacebookAdapter(settings()).publish(down))).toMatchObject({
        kind: 'retry',
        status: 500,
      });
      const slow = await faulted('slow', { delayMs: 300 });
      const result = await createFacebookAdapter(settings()).publish(slow);
      expect(await published('facebook', (entry) => entry.remoteId === result.remoteId)).toHaveLength(1);
    });

    it('hang is unknown; reconcile finds the post that landed and not one never sent', async () => {
      const target = await faulted('hang');
      const since = new Date();
      const error = await failure(createFacebookAdapter(settings({ timeoutMs: 400 })).publish(target));
      expect(error).toMatchObject({ kind: 'unknown', code: 'timeout' });
      const [landed] = await published('facebook', (entry) => entry.text === target.text);
      const facebook = createFacebookAdapter(settings());
      expect(await facebook.reconcile(target, { since })).toEqual({
        found: true,
        remoteId: landed?.remoteId,
        url: `https://www.facebook.com/${landed?.remoteId ?? ''}`,
      });
      expect(await facebook.reconcile({ ...target, text: unique('Never sent') }, { since })).toEqual({
        found: false,
      });
    });

    it('revoked (190/458) is auth', async () => {
      const target = await faulted('revoked');
      const error = await failure(createFacebookAdapter(settings()).publish(target));
      expect(error).toMatchObject({ kind: 'auth', code: '190/458' });
      expect(error.message).toMatch(/reconnect it in Settings/);
    });
  });
});

describe('Instagram publishing', () => {
  async function account() {
    const [created] = await createBulkAccounts(sandbox.url, {
      network: 'instagram',
      count: 1,
      prefix: 'igadapter',
    });
    if (!created) throw new Error('no account');
    return { accountId: created.id, credentials: { accessToken: created.accessToken } };
  }
  const photo = () => ({
    url: `${imagesUrl}/photo.jpg`,
    mimeType: 'image/jpeg',
    altText: 'A kettlebell swing',
  });

  it('publishes through a container once Instagram has the picture, exactly once', async () => {
    const target = {
      ...(await account()),
      text: unique('Leg day'),
      link: 'https://example.com/plan',
      media: photo(),
    };
    const result = await createInstagramAdapter(settings()).publish(target);
    expect(await published('instagram', (entry) => entry.remoteId === result.remoteId)).toEqual([
      expect.objectContaining({
        text: `${target.text}\n\nhttps://example.com/plan`,
        mediaCount: 1,
        altText: 'A kettlebell swing',
      }),
    ]);
  });

  it('the connected Page’s token from listPages publishes to its Instagram account', async () => {
    const { pages } = await connect();
    const coachPage = pages.find((page) => page.pageId === COACH_PAGE);
    const result = await createInstagramAdapter(settings()).publish({
      credentials: { accessToken: coachPage?.pageToken ?? '' },
      accountId: coachPage?.instagram?.igUserId ?? '',
      text: unique('Via the Page token'),
      media: photo(),
    });
    expect(await published('instagram', (entry) => entry.remoteId === result.remoteId)).toHaveLength(1);
  });

  it('refuses a post without a picture, or with one Instagram cannot use, as content', async () => {
    const instagram = createInstagramAdapter(settings());
    const target = await account();
    expect(await failure(instagram.publish({ ...target, text: 'Words only' }))).toMatchObject({
      kind: 'content',
      code: 'media_required',
    });
    const notImage = await failure(
      instagram.publish({
        ...target,
        text: 'x',
        media: { url: `${imagesUrl}/page.html`, mimeType: 'image/jpeg' },
      }),
    );
    expect(notImage).toMatchObject({ kind: 'content', code: 'ERROR' });
    expect(
      await published('instagram', (entry) => entry.text === 'Words only' || entry.text === 'x'),
    ).toEqual([]);
  });

  it('gives up waiting for the container after instagramPollLimit checks, as retry', async () => {
    const target = {
      ...(await account()),
      text: unique('Slow'),
      media: { url: `${imagesUrl}/slow.jpg`, mimeType: 'image/jpeg' },
    };
    const error = await failure(createInstagramAdapter(settings({ instagramPollLimit: 3 })).publish(target));
    expect(error).toMatchObject({ kind: 'retry', code: 'IN_PROGRESS' });
  });

  it('reports the publishing quota, and a spent quota as rate_limited for the 24-hour window', async () => {
    const instagram = createInstagramAdapter(settings());
    const target = await account();
    for (let batch = 0; batch < 5; batch += 1) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          instagram.publish({ ...target, text: unique(`Quota ${batch * 20 + index}`), media: photo() }),
        ),
      );
    }
    expect(await instagram.publishingQuota(target.accountId, target.credentials.accessToken)).toEqual({
      used: 100,
      limit: 100,
      windowSeconds: 86_400,
    });
    const error = await failure(
      instagram.publish({ ...target, text: unique('One too many'), media: photo() }),
    );
    expect(error).toMatchObject({ kind: 'rate_limited', code: '9/2207042', retryAfterMs: 86_400_000 });
  });

  describe('faults (on media_publish)', () => {
    async function faulted(kind: FaultKind, extra = {}) {
      const target: PublishTarget<TokenCredentials> = {
        ...(await account()),
        text: unique(`Fault ${kind}`),
        media: photo(),
      };
      await injectFault(sandbox.url, { network: 'instagram', kind, accountId: target.accountId, ...extra });
      return target;
    }

    it('rate_limit (80002) is rate_limited; server_error is retry; slow succeeds once', async () => {
      const limited = await failure(
        createInstagramAdapter(settings()).publish(await faulted('rate_limit', { resetSeconds: 60 })),
      );
      expect(limited).toMatchObject({ kind: 'rate_limited', code: '80002', retryAfterMs: 60_000 });
      const down = await failure(createInstagramAdapter(settings()).publish(await faulted('server_error')));
      expect(down).toMatchObject({ kind: 'retry', status: 500 });
      const result = await createInstagramAdapter(settings()).publish(
        await faulted('slow', { delayMs: 300 }),
      );
      expect(await published('instagram', (entry) => entry.remoteId === result.remoteId)).toHaveLength(1);
    });

    it('hang is unknown; reconcile finds the post that landed and not one never sent', async () => {
      const target = await faulted('hang');
      const since = new Date();
      const error = await failure(createInstagramAdapter(settings({ timeoutMs: 400 })).publish(target));
      expect(error).toMatchObject({ kind: 'unknown', code: 'timeout' });
      const [landed] = await published('instagram', (entry) => entry.text === target.text);
      const instagram = createInstagramAdapter(settings());
      expect(await instagram.reconcile(target, { since })).toEqual({
        found: true,
        remoteId: landed?.remoteId,
        url: expect.stringMatching(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/),
      });
      expect(await instagram.reconcile({ ...target, text: unique('Never sent') }, { since })).toEqual({
        found: false,
      });
    });

    it('revoked is auth', async () => {
      const error = await failure(createInstagramAdapter(settings()).publish(await faulted('revoked')));
      expect(error).toMatchObject({ kind: 'auth', code: '190/458' });
    });
  });
});

describe('Facebook and Instagram metrics', () => {
  it('reads Page post insights, comments and shares in one multi-id read', async () => {
    const [created] = await createBulkAccounts(sandbox.url, {
      network: 'facebook',
      count: 1,
      prefix: 'fbmetrics',
    });
    if (!created) throw new Error('no page');
    const credentials = { accessToken: created.pageAccessToken };
    const facebook = createFacebookAdapter(settings());
    const posts = await Promise.all(
      ['one', 'two'].map((n) =>
        facebook.publish({ credentials, accountId: created.id, text: unique(`Metrics ${n}`) }),
      ),
    );
    const ids = posts.map((post) => post.remoteId);
    const figures = await facebook.metrics({ credentials, accountId: created.id, remoteIds: ids });
    for (const id of ids) {
      const expected = engagementAt(id, 0, 0);
      expect(figures.get(id)).toEqual({
        impressions: expected.impressions,
        likes: expected.likes,
        comments: expected.comments,
        // Graph leaves `shares` out of a post nobody shared: none, so 0.
        shares: expected.shares,
        clicks: expected.clicks,
      });
    }
  });

  it('reads Instagram media insights; Instagram has no link clicks, so they stay unknown', async () => {
    const [created] = await createBulkAccounts(sandbox.url, {
      network: 'instagram',
      count: 1,
      prefix: 'igmetrics',
    });
    if (!created) throw new Error('no account');
    const credentials = { accessToken: created.accessToken };
    const instagram = createInstagramAdapter(settings());
    const post = await instagram.publish({
      credentials,
      accountId: created.id,
      text: unique('Metrics'),
      media: { url: `${imagesUrl}/photo.jpg`, mimeType: 'image/jpeg' },
    });
    const figures = await instagram.metrics({
      credentials,
      accountId: created.id,
      remoteIds: [post.remoteId],
    });
    const expected = engagementAt(post.remoteId, 0, 0);
    expect(figures.get(post.remoteId)).toEqual({
      impressions: expected.impressions,
      likes: expected.likes,
      comments: expected.comments,
      shares: expected.shares,
      clicks: null,
    });
  });

  it('a revoked Page token is auth; a throttled read is rate_limited', async () => {
    const [created] = await createBulkAccounts(sandbox.url, {
      network: 'facebook',
      count: 1,
      prefix: 'fbmfault',
    });
    if (!created) throw new Error('no page');
    const credentials = { accessToken: created.pageAccessToken };
    const facebook = createFacebookAdapter(settings());
    const post = await facebook.publish({
      credentials,
      accountId: created.id,
      text: unique('Metrics fault'),
    });
    const request = { credentials, accountId: created.id, remoteIds: [post.remoteId] };
    await injectFault(sandbox.url, {
      network: 'facebook',
      kind: 'rate_limit',
      call: 'metrics',
      resetSeconds: 300,
    });
    expect((await failure(facebook.metrics(request))).kind).toBe('rate_limited');
    await injectFault(sandbox.url, { network: 'facebook', kind: 'revoked', call: 'metrics' });
    expect((await failure(facebook.metrics(request))).kind).toBe('auth');
  });
});

describe('usageRetryAfter', () => {
  it('takes the longest estimated_time_to_regain_access (minutes) of the usage headers', () => {
    const headers = new Headers({
      'x-app-usage': JSON.stringify({ call_count: 100, total_cputime: 20, total_time: 30 }),
      'x-business-use-case-usage': JSON.stringify({
        '123': [
          { type: 'pages', call_count: 100, estimated_time_to_regain_access: 4 },
          { type: 'instagram', call_count: 10, estimated_time_to_regain_access: 9 },
        ],
      }),
    });
    expect(usageRetryAfter(headers)).toBe(9 * 60_000);
    expect(usageRetryAfter(new Headers({ 'x-app-usage': 'not json' }))).toBeUndefined();
  });
});
