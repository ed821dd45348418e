import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deflateSync, crc32 } from 'node:zlib';

import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import {
  advanceMetricsClock,
  answerConsent,
  clearFaults,
  engagementAt,
  createBulkAccounts,
  injectFault,
  publishedPosts,
  resetMetricsClock,
} from '@fitpost/sandbox/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { PlatformError } from './errors.js';
import type { PlatformSettings, PublishTarget, XCredentials } from './types.js';
import { createXAdapter } from './x/adapter.js';
import { xRetryAfter } from './x/errors.js';

const COACH_ID = '1500000000000001001';
const CALLBACK = 'http://localhost:3000/api/connections/x/callback';

let sandbox: Sandbox;
let images: Server;
let imagesUrl: string;

/** A real 2×2 PNG, built here: signature, IHDR, one deflated IDAT, IEND (PNG spec §5). */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, 0x1e, 0x88, 0xe5, 0x1e, 0x88, 0xe5]);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat([row, row]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  // Stands in for FitPost's public media URLs.
  images = createServer((req, res) => {
    const body = png();
    if (req.url !== '/graphic.png') res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve));
  imagesUrl = `http://127.0.0.1:${(images.address() as AddressInfo).port}`; // listen() on TCP: always AddressInfo
});

afterAll(async () => {
  await sandbox.close();
  await new Promise((resolve) => images.close(resolve));
});

afterEach(async () => {
  await clearFaults(sandbox.url);
});

function settings(overrides: Partial<PlatformSettings['x']> & { timeoutMs?: number } = {}): PlatformSettings {
  const { timeoutMs = 5000, ...x } = overrides;
  return {
    x: { apiUrl: `${sandbox.url}/x`, consumerKey: 'fitpost-x-key', consumerSecret: 'fitpost-x-secret', ...x },
    linkedin: { authUrl: '', apiUrl: '', clientId: '', clientSecret: '', version: '' },
    facebook: { authUrl: '', graphUrl: '', clientId: '', clientSecret: '' },
    timeoutMs,
    instagramPollMs: 10,
    instagramPollLimit: 10,
  };
}

/** A fresh connected account, so faults and duplicates in one test never touch another's. */
async function account(): Promise<{ id: string; credentials: XCredentials }> {
  const [created] = await createBulkAccounts(sandbox.url, { network: 'x', count: 1, prefix: 'xadapter' });
  if (!created) throw new Error('no account');
  return {
    id: created.id,
    credentials: { token: created.oauthToken, tokenSecret: created.oauthTokenSecret },
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

async function publishedWith(remoteId: string) {
  return (await publishedPosts(sandbox.url, { network: 'x' })).filter((entry) => entry.remoteId === remoteId);
}

async function publishedText(text: string) {
  return (await publishedPosts(sandbox.url, { network: 'x' })).filter((entry) => entry.text === text);
}

describe('X connect flow', () => {
  it('gets a request token, has the member authorize, trades the verifier and reads the profile', async () => {
    const x = createXAdapter(settings());
    const started = await x.requestToken(CALLBACK);
    expect(started.authorizeUrl).toBe(`${sandbox.url}/x/oauth/authorize?oauth_token=${started.oauthToken}`);
    const callback = await answerConsent(started.authorizeUrl);
    expect(`${callback.origin}${callback.pathname}`).toBe(CALLBACK);
    expect(callback.searchParams.get('oauth_token')).toBe(started.oauthToken);
    const token = await x.accessToken({
      oauthToken: started.oauthToken,
      oauthTokenSecret: started.oauthTokenSecret,
      oauthVerifier: callback.searchParams.get('oauth_verifier') ?? '',
    });
    expect(token).toMatchObject({ userId: COACH_ID, screenName: 'casey_coach_fit' });
    expect(await x.profile(token)).toEqual({
      accountId: COACH_ID,
      name: 'Casey Coach',
      handle: 'casey_coach_fit',
      pictureUrl: `${sandbox.url}/avatars/networks/x/${COACH_ID}.svg`,
    });
  });

  it('answers auth to a wrong consumer secret, a reused verifier and an unregistered callback', async () => {
    expect(
      (await failure(createXAdapter(settings({ consumerSecret: 'wrong' })).requestToken(CALLBACK))).kind,
    ).toBe('auth');
    const x = createXAdapter(settings());
    const started = await x.requestToken(CALLBACK);
    const callback = await answerConsent(started.authorizeUrl);
    const exchange = {
      oauthToken: started.oauthToken,
      oauthTokenSecret: started.oauthTokenSecret,
      oauthVerifier: callback.searchParams.get('oauth_verifier') ?? '',
    };
    await x.accessToken(exchange);
    const reused = await failure(x.accessToken(exchange));
    expect(reused).toMatchObject({ kind: 'auth', status: 401 });
    const foreign = await failure(x.requestToken('https://evil.example/callback'));
    expect(foreign).toMatchObject({ kind: 'auth', code: '415' });
    expect(foreign.message).toMatch(/callback address/);
  });
});

describe('X publishing', () => {
  const x = () => createXAdapter(settings());

  it('publishes text with the link appended, exactly once', async () => {
    const { id, credentials } = await account();
    const text = unique('Leg day done & dusted');
    const result = await x().publish({ credentials, accountId: id, text, link: 'https://example.com/plan' });
    expect(result.url).toBe(`https://x.com/i/web/status/${result.remoteId}`);
    expect(await publishedWith(result.remoteId)).toEqual([
      expect.objectContaining({ accountId: id, text: `${text}\n\nhttps://example.com/plan`, mediaCount: 0 }),
    ]);
  });

  it('uploads the graphic first, from the given bytes or by downloading its URL', async () => {
    const { id, credentials } = await account();
    const fromBytes = await x().publish({
      credentials,
      accountId: id,
      text: unique('Form check'),
      media: {
        url: 'http://127.0.0.1:9/unused.png',
        bytes: () => Promise.resolve(png()),
        mimeType: 'image/png',
      },
    });
    const fromUrl = await x().publish({
      credentials,
      accountId: id,
      text: unique('Downloaded'),
      media: { url: `${imagesUrl}/graphic.png`, mimeType: 'image/png' },
    });
    for (const result of [fromBytes, fromUrl]) {
      expect(await publishedWith(result.remoteId)).toEqual([expect.objectContaining({ mediaCount: 1 })]);
      expect((await publishedWith(result.remoteId))[0]?.altText).toBeUndefined();
    }
    const described = await x().publish({
      credentials,
      accountId: id,
      text: unique('Described'),
      media: { url: `${imagesUrl}/graphic.png`, mimeType: 'image/png', altText: 'A coach spotting a squat' },
    });
    expect(await publishedWith(described.remoteId)).toEqual([
      expect.objectContaining({ mediaCount: 1, altText: 'A coach spotting a squat' }),
    ]);
    const missing = await failure(
      x().publish({
        credentials,
        accountId: id,
        text: unique('No graphic'),
        media: { url: `${imagesUrl}/missing.png`, mimeType: 'image/png' },
      }),
    );
    expect(missing).toMatchObject({ kind: 'content', code: 'media_unavailable' });
  });

  it('answers content to a duplicate and to text over 280 characters', async () => {
    const { id, credentials } = await account();
    const text = unique('Same words twice');
    await x().publish({ credentials, accountId: id, text });
    const duplicate = await failure(x().publish({ credentials, accountId: id, text }));
    expect(duplicate).toMatchObject({ kind: 'content', status: 403 });
    expect(duplicate.message).toBe('X refused the post because it duplicates one you already published.');
    expect(await publishedText(text)).toHaveLength(1);
    const long = await failure(x().publish({ credentials, accountId: id, text: 'a'.repeat(281) }));
    expect(long).toMatchObject({ kind: 'content', status: 400 });
    expect(long.message).toMatch(/longer than X allows/);
  });

  it('answers auth to credentials X does not honour', async () => {
    const { id, credentials } = await account();
    const wrongSecret = await failure(
      x().publish({
        credentials: { ...credentials, tokenSecret: 'nope' },
        accountId: id,
        text: unique('Hi'),
      }),
    );
    expect(wrongSecret).toMatchObject({ kind: 'auth', status: 401 });
    expect((await failure(x().profile({ token: 'unknown', tokenSecret: 'x' }))).kind).toBe('auth');
  });
});

describe('X faults', () => {
  async function faulted(kind: 'rate_limit' | 'server_error' | 'slow' | 'hang' | 'revoked', extra = {}) {
    const { id, credentials } = await account();
    await injectFault(sandbox.url, { network: 'x', kind, accountId: id, ...extra });
    const target: PublishTarget<XCredentials> = { credentials, accountId: id, text: unique(`Fault ${kind}`) };
    return target;
  }

  it('rate_limit is rate_limited, waiting until x-rate-limit-reset', async () => {
    const target = await faulted('rate_limit', { resetSeconds: 120 });
    const error = await failure(createXAdapter(settings()).publish(target));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    expect(error.retryAfterMs).toBeGreaterThan(110_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(121_000);
    expect(await publishedText(target.text)).toEqual([]);
  });

  it('server_error is retry; slow succeeds once', async () => {
    const down = await faulted('server_error');
    expect(await failure(createXAdapter(settings()).publish(down))).toMatchObject({
      kind: 'retry',
      status: 503,
    });
    expect(await publishedText(down.text)).toEqual([]);
    const slow = await faulted('slow', { delayMs: 300 });
    const result = await createXAdapter(settings()).publish(slow);
    expect(await publishedWith(result.remoteId)).toHaveLength(1);
  });

  it('hang is unknown; reconcile finds the post that landed and not one never sent', async () => {
    const target = await faulted('hang');
    const since = new Date();
    const error = await failure(createXAdapter(settings({ timeoutMs: 400 })).publish(target));
    expect(error).toMatchObject({ kind: 'unknown', code: 'timeout' });
    const [landed] = await publishedText(target.text);
    expect(landed).toBeDefined();
    const x = createXAdapter(settings());
    expect(await x.reconcile(target, { since })).toEqual({
      found: true,
      remoteId: landed?.remoteId,
      url: `https://x.com/i/web/status/${landed?.remoteId ?? ''}`,
    });
    expect(await x.reconcile({ ...target, text: unique('Never sent') }, { since })).toEqual({ found: false });
  });

  it('reconcile recognises a post X rewrote: t.co links, a media link and escaped entities', async () => {
    const { id, credentials } = await account();
    const since = new Date();
    const x = createXAdapter(settings());
    const target: PublishTarget<XCredentials> = {
      credentials,
      accountId: id,
      text: unique('Squats & <lunges>'),
      link: 'https://example.com/a-very-long-link-that-x-shortens',
      media: { url: `${imagesUrl}/graphic.png`, mimeType: 'image/png' },
    };
    const published = await x.publish(target);
    expect(await x.reconcile(target, { since })).toMatchObject({ found: true, remoteId: published.remoteId });
    expect(await x.reconcile(target, { since: new Date(Date.now() + 10 * 60_000) })).toEqual({
      found: false,
    });
  });

  it('revoked is auth', async () => {
    const target = await faulted('revoked');
    expect(await failure(createXAdapter(settings()).publish(target))).toMatchObject({
      kind: 'auth',
      status: 401,
    });
    expect(await publishedText(target.text)).toEqual([]);
  });
});

describe('X metrics', () => {
  afterEach(async () => {
    await resetMetricsClock(sandbox.url);
  });

  it('reads public and non-public metrics of the account’s posts in one lookup, growing by the hour', async () => {
    const x = createXAdapter(settings());
    const { id, credentials } = await account();
    const first = await x.publish({ credentials, accountId: id, text: unique('Metrics one') });
    const second = await x.publish({ credentials, accountId: id, text: unique('Metrics two') });
    const [entry] = await publishedWith(first.remoteId);
    if (!entry) throw new Error('not published');
    const fresh = await x.metrics({
      credentials,
      accountId: id,
      remoteIds: [first.remoteId, second.remoteId],
    });
    // Half past the third hour: 1 + 3 units of growth.
    await advanceMetricsClock(sandbox.url, 3 * 3600 + 1800);
    const aged = await x.metrics({
      credentials,
      accountId: id,
      remoteIds: [first.remoteId, second.remoteId, '1999999999999999999'],
    });
    const rates = engagementAt(first.remoteId, 0, 0);
    expect(fresh.get(first.remoteId)).toEqual({
      impressions: rates.impressions,
      likes: rates.likes,
      comments: rates.comments,
      shares: rates.shares,
      clicks: rates.clicks,
    });
    expect(aged.get(first.remoteId)).toEqual({
      impressions: rates.impressions * 4,
      likes: rates.likes * 4,
      comments: engagementAt(first.remoteId, 0, 3 * 3600_000).comments,
      shares: engagementAt(first.remoteId, 0, 3 * 3600_000).shares,
      clicks: engagementAt(first.remoteId, 0, 3 * 3600_000).clicks,
    });
    expect(aged.get(second.remoteId)?.likes).toBe(engagementAt(second.remoteId, 0, 0).likes * 4);
    // A post X no longer knows is left out, not reported as zero.
    expect(aged.has('1999999999999999999')).toBe(false);
  });

  it('a rate-limited lookup is rate_limited until x-rate-limit-reset; a revoked token is auth', async () => {
    const x = createXAdapter(settings());
    const { id, credentials } = await account();
    const post = await x.publish({ credentials, accountId: id, text: unique('Metrics faults') });
    await injectFault(sandbox.url, { network: 'x', kind: 'rate_limit', call: 'metrics', resetSeconds: 600 });
    const limited = await failure(x.metrics({ credentials, accountId: id, remoteIds: [post.remoteId] }));
    expect(limited.kind).toBe('rate_limited');
    expect(limited.retryAfterMs).toBeGreaterThan(500_000);
    await injectFault(sandbox.url, { network: 'x', kind: 'revoked', call: 'metrics' });
    const revoked = await failure(x.metrics({ credentials, accountId: id, remoteIds: [post.remoteId] }));
    expect(revoked.kind).toBe('auth');
  });
});

describe('xRetryAfter', () => {
  const now = 1_700_000_000_000;
  it('waits for the exhausted window, the 24-hour one when that is what ran out', () => {
    const headers = new Headers({
      'x-rate-limit-remaining': '12',
      'x-rate-limit-reset': String(now / 1000 + 60),
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': String(now / 1000 + 3600),
    });
    expect(xRetryAfter(headers, now)).toBe(3_600_000);
    expect(xRetryAfter(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 30) }), now)).toBe(30_000);
    expect(xRetryAfter(new Headers(), now)).toBeUndefined();
  });
});
