import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import {
  answerConsent,
  clearFaults,
  engagementAt,
  injectFault,
  publishedPosts,
} from '@fitpost/sandbox/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { PlatformError } from './errors.js';
import { createLinkedInAdapter, DEFAULT_LINKEDIN_VERSION, LINKEDIN_SCOPES } from './linkedin/adapter.js';
import { fromLittleText, toLittleText } from './linkedin/little-text.js';
import type { PlatformSettings, PublishTarget, TokenCredentials } from './types.js';

const COACH_ID = 'CaseyCoach1001';
const ADMIN_ID = 'AlexAdmin1002';
const REDIRECT_URI = 'http://localhost:3000/api/connections/linkedin/callback';
/** Enough of a JPEG for LinkedIn's upload check, which looks at the first bytes (SOI, APP0). */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

let sandbox: Sandbox;
let images: Server;
let imagesUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  images = createServer((req, res) => {
    if (req.url !== '/photo.jpg') res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': JPEG.length }).end(JPEG);
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

function settings(
  overrides: Partial<PlatformSettings['linkedin']> & {
    timeoutMs?: number;
    linkedinImagePollLimit?: number;
  } = {},
): PlatformSettings {
  const { timeoutMs = 5000, linkedinImagePollLimit = 5, ...linkedin } = overrides;
  return {
    x: { apiUrl: '', consumerKey: '', consumerSecret: '' },
    linkedin: {
      authUrl: `${sandbox.url}/linkedin/oauth/v2`,
      apiUrl: `${sandbox.url}/linkedin/api`,
      clientId: 'fitpost-linkedin',
      clientSecret: 'fitpost-linkedin-secret',
      version: DEFAULT_LINKEDIN_VERSION,
      ...linkedin,
    },
    facebook: { authUrl: '', graphUrl: '', clientId: '', clientSecret: '' },
    timeoutMs,
    instagramPollMs: 10,
    instagramPollLimit: 10,
    linkedinImagePollMs: 10,
    linkedinImagePollLimit,
  };
}

/** Connects a demo member through the consent page; `scopes` beyond the defaults, e.g. r_member_social. */
async function connect(memberId: string, extraScopes: string[] = []) {
  const linkedin = createLinkedInAdapter(settings());
  const url = linkedin.authorizeUrl({
    state: 'st-1',
    redirectUri: REDIRECT_URI,
    scopes: [...LINKEDIN_SCOPES, ...extraScopes],
  });
  const callback = await answerConsent(url, { accountId: memberId });
  expect(callback.searchParams.get('state')).toBe('st-1');
  return linkedin.exchangeCode({ code: callback.searchParams.get('code') ?? '', redirectUri: REDIRECT_URI });
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

async function published(filter: (entry: { remoteId: string; text: string }) => boolean) {
  return (await publishedPosts(sandbox.url, { network: 'linkedin' })).filter(filter);
}

describe('LinkedIn connect flow', () => {
  it('builds the authorization URL with the documented scopes', () => {
    const url = new URL(
      createLinkedInAdapter(settings()).authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/linkedin/oauth/v2/authorization`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'fitpost-linkedin',
      redirect_uri: REDIRECT_URI,
      state: 's',
      scope: 'openid profile w_member_social',
    });
  });

  it('exchanges the code, refreshes, and reads the member from /v2/userinfo', async () => {
    const tokens = await connect(COACH_ID);
    expect(tokens.scope.sort()).toEqual(['openid', 'profile', 'w_member_social']);
    expect(tokens.expiresAt?.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
    expect(tokens.refreshToken).toBeDefined();
    const linkedin = createLinkedInAdapter(settings());
    const refreshed = await linkedin.refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(await linkedin.profile(refreshed.accessToken)).toEqual({
      accountId: COACH_ID,
      name: 'Casey Coach',
      pictureUrl: `${sandbox.url}/avatars/networks/linkedin/${COACH_ID}.svg`,
    });
  });

  it('answers auth to a wrong client secret, a used code, an unknown token and a bad refresh token', async () => {
    const linkedin = createLinkedInAdapter(settings());
    const callback = await answerConsent(linkedin.authorizeUrl({ state: 's', redirectUri: REDIRECT_URI }));
    const code = callback.searchParams.get('code') ?? '';
    const wrongSecret = createLinkedInAdapter(settings({ clientSecret: 'wrong' }));
    const refusedClient = await failure(wrongSecret.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(refusedClient).toMatchObject({ kind: 'auth', code: 'invalid_client' });
    await linkedin.exchangeCode({ code, redirectUri: REDIRECT_URI });
    const used = await failure(linkedin.exchangeCode({ code, redirectUri: REDIRECT_URI }));
    expect(used).toMatchObject({ kind: 'auth', code: 'invalid_request' });
    expect(used.message).toMatch(/connect LinkedIn again/);
    expect(await failure(linkedin.profile('not-a-token'))).toMatchObject({ kind: 'auth', status: 401 });
    expect(await failure(linkedin.refresh('not-a-refresh-token'))).toMatchObject({ kind: 'auth' });
  });
});

describe('LinkedIn publishing', () => {
  let credentials: TokenCredentials;
  beforeAll(async () => {
    credentials = { accessToken: (await connect(COACH_ID)).accessToken };
  });

  it('publishes text as little text (reserved characters escaped) with the link, exactly once', async () => {
    const text = unique('Leg day (5x5) @home #legday # not_a_tag');
    const result = await createLinkedInAdapter(settings()).publish({
      credentials,
      accountId: COACH_ID,
      text,
      link: 'https://example.com/plan_(v2)',
    });
    expect(result.remoteId).toMatch(/^urn:li:share:\d+$/);
    expect(result.url).toBe(`https://www.linkedin.com/feed/update/${result.remoteId}/`);
    const entries = await published((entry) => entry.remoteId === result.remoteId);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.text).toBe(`${toLittleText(text)}\n\nhttps://example.com/plan_(v2)`);
    expect(entries[0]?.text).toContain('Leg day \\(5x5\\) \\@home #legday \\# not\\_a\\_tag');
  });

  it('uploads the graphic through the Images API, from bytes or from its URL', async () => {
    const linkedin = createLinkedInAdapter(settings());
    for (const media of [
      {
        url: 'http://127.0.0.1:9/unused.jpg',
        bytes: () => Promise.resolve(JPEG),
        mimeType: 'image/jpeg',
        altText: 'A squat',
      },
      { url: `${imagesUrl}/photo.jpg`, mimeType: 'image/jpeg' },
    ]) {
      const result = await linkedin.publish({
        credentials,
        accountId: COACH_ID,
        text: unique('Form check'),
        media,
      });
      const [entry] = await published((candidate) => candidate.remoteId === result.remoteId);
      expect(entry).toMatchObject({ mediaCount: 1 });
      // The alt text travels in the post's media content, and only when there is one.
      expect(entry?.altText).toBe(media.altText);
    }
  });

  it('waits until LinkedIn has processed the image, and gives up as retry if it takes too long', async () => {
    const target = (text: string) => ({
      credentials,
      accountId: COACH_ID,
      text: unique(text),
      media: {
        url: 'http://127.0.0.1:9/unused.jpg',
        bytes: () => Promise.resolve(JPEG),
        mimeType: 'image/jpeg',
      },
    });
    // The sandbox answers PROCESSING to the first status read: one read is not enough.
    const impatient = target('Impatient');
    const error = await failure(
      createLinkedInAdapter(settings({ linkedinImagePollLimit: 1 })).publish(impatient),
    );
    expect(error).toMatchObject({ kind: 'retry', code: 'PROCESSING' });
    expect(await published((entry) => entry.text.startsWith(toLittleText(impatient.text)))).toEqual([]);
    const patient = target('Patient');
    const result = await createLinkedInAdapter(settings({ linkedinImagePollLimit: 2 })).publish(patient);
    expect(await published((entry) => entry.remoteId === result.remoteId)).toHaveLength(1);
  });

  it('answers content, publishing nothing, when LinkedIn cannot process the image', async () => {
    const cutOff = JPEG.subarray(0, JPEG.length - 2);
    const text = unique('Broken graphic');
    const error = await failure(
      createLinkedInAdapter(settings()).publish({
        credentials,
        accountId: COACH_ID,
        text,
        media: {
          url: 'http://127.0.0.1:9/unused.jpg',
          bytes: () => Promise.resolve(cutOff),
          mimeType: 'image/jpeg',
        },
      }),
    );
    expect(error).toMatchObject({ kind: 'content', code: 'PROCESSING_FAILED' });
    expect(error.message).toMatch(/LinkedIn could not process the picture/);
    expect(await published((entry) => entry.text.startsWith(toLittleText(text)))).toEqual([]);
  });

  it('answers content to text over 3,000 characters and to a version LinkedIn does not serve', async () => {
    const long = await failure(
      createLinkedInAdapter(settings()).publish({ credentials, accountId: COACH_ID, text: 'x'.repeat(3001) }),
    );
    expect(long).toMatchObject({ kind: 'content', status: 422 });
    expect(long.message).toMatch(/longer than LinkedIn allows/);
    const retired = await failure(
      createLinkedInAdapter(settings({ version: '209901' })).publish({
        credentials,
        accountId: COACH_ID,
        text: 'Hi',
      }),
    );
    expect(retired).toMatchObject({ kind: 'content', status: 426, code: 'NONEXISTENT_VERSION' });
  });

  it('answers auth to a token LinkedIn does not know, and to posting as someone else', async () => {
    const linkedin = createLinkedInAdapter(settings());
    const unknown = await failure(
      linkedin.publish({ credentials: { accessToken: 'nope' }, accountId: COACH_ID, text: unique('Hi') }),
    );
    expect(unknown).toMatchObject({ kind: 'auth', status: 401 });
    const impostor = await failure(
      linkedin.publish({ credentials, accountId: ADMIN_ID, text: unique('Hi') }),
    );
    expect(impostor).toMatchObject({ kind: 'auth', status: 403, code: 'ACCESS_DENIED' });
  });
});

describe('LinkedIn faults', () => {
  /** The admin, connected with r_member_social so reconcile can read the posts back. */
  let reader: TokenCredentials;
  beforeAll(async () => {
    reader = { accessToken: (await connect(ADMIN_ID, ['r_member_social'])).accessToken };
  });

  async function faulted(kind: 'rate_limit' | 'server_error' | 'slow' | 'hang' | 'revoked', extra = {}) {
    await injectFault(sandbox.url, { network: 'linkedin', kind, accountId: ADMIN_ID, ...extra });
    const target: PublishTarget<TokenCredentials> = {
      credentials: reader,
      accountId: ADMIN_ID,
      text: unique(`Fault ${kind} (test)`),
    };
    return target;
  }

  it('rate_limit is rate_limited until midnight UTC, when the daily limit resets', async () => {
    const target = await faulted('rate_limit');
    const error = await failure(createLinkedInAdapter(settings()).publish(target));
    expect(error).toMatchObject({ kind: 'rate_limited', status: 429 });
    // The reset lands on a UTC midnight within a day (whichever side of one the call fell).
    const day = 86_400_000;
    expect(error.retryAfterMs).toBeGreaterThan(0);
    expect(error.retryAfterMs).toBeLessThanOrEqual(day);
    const resetAt = Date.now() + (error.retryAfterMs ?? 0);
    expect(Math.abs(resetAt - Math.round(resetAt / day) * day)).toBeLessThan(5000);
    expect(await published((entry) => entry.text === toLittleText(target.text))).toEqual([]);
  });

  it('server_error is retry; slow succeeds once', async () => {
    const down = await faulted('server_error');
    expect(await failure(createLinkedInAdapter(settings()).publish(down))).toMatchObject({
      kind: 'retry',
      status: 500,
    });
    const slow = await faulted('slow', { delayMs: 300 });
    const result = await createLinkedInAdapter(settings()).publish(slow);
    expect(await published((entry) => entry.remoteId === result.remoteId)).toHaveLength(1);
  });

  it('hang is unknown; reconcile finds the post that landed and not one never sent', async () => {
    const target = await faulted('hang');
    const since = new Date();
    const error = await failure(createLinkedInAdapter(settings({ timeoutMs: 400 })).publish(target));
    expect(error).toMatchObject({ kind: 'unknown', code: 'timeout' });
    const [landed] = await published((entry) => entry.text === toLittleText(target.text));
    expect(landed).toBeDefined();
    const linkedin = createLinkedInAdapter(settings());
    expect(await linkedin.reconcile(target, { since })).toEqual({
      found: true,
      remoteId: landed?.remoteId,
      url: `https://www.linkedin.com/feed/update/${landed?.remoteId ?? ''}/`,
    });
    expect(await linkedin.reconcile({ ...target, text: unique('Never sent') }, { since })).toEqual({
      found: false,
    });
  });

  it('reconcile without r_member_social cannot tell: unknown, not auth', async () => {
    const plain = { accessToken: (await connect(COACH_ID)).accessToken };
    const error = await failure(
      createLinkedInAdapter(settings()).reconcile(
        { credentials: plain, accountId: COACH_ID, text: 'Anything' },
        { since: new Date() },
      ),
    );
    expect(error).toMatchObject({ kind: 'unknown', status: 403, code: 'ACCESS_DENIED' });
    expect(error.message).toMatch(/check your LinkedIn profile/);
  });

  it('revoked is auth, in the words LinkedIn uses', async () => {
    const target = await faulted('revoked');
    const error = await failure(createLinkedInAdapter(settings()).publish(target));
    expect(error).toMatchObject({ kind: 'auth', status: 401, code: 'REVOKED_ACCESS_TOKEN' });
    expect(error.message).toBe(
      'LinkedIn no longer lets FitPost post for you (access was removed); reconnect it in Settings.',
    );
    reader = { accessToken: (await connect(ADMIN_ID, ['r_member_social'])).accessToken };
  });
});

describe('LinkedIn metrics', () => {
  it('reads likes and comments through Social Actions; impressions, reshares and clicks stay unknown', async () => {
    const reader = { accessToken: (await connect(ADMIN_ID, ['r_member_social'])).accessToken };
    const linkedin = createLinkedInAdapter(settings());
    const post = await linkedin.publish({
      credentials: reader,
      accountId: ADMIN_ID,
      text: unique('Metrics'),
    });
    const figures = await linkedin.metrics({
      credentials: reader,
      accountId: ADMIN_ID,
      remoteIds: [post.remoteId, 'urn:li:share:1'],
    });
    const expected = engagementAt(post.remoteId, 0, 0);
    expect(figures.get(post.remoteId)).toEqual({
      impressions: null,
      likes: expected.likes,
      comments: expected.comments,
      shares: null,
      clicks: null,
    });
    expect(figures.has('urn:li:share:1')).toBe(false);
  });

  it('without r_member_social every figure is unknown, and the connection is not at fault', async () => {
    const writer = { accessToken: (await connect(COACH_ID)).accessToken };
    const linkedin = createLinkedInAdapter(settings());
    const post = await linkedin.publish({
      credentials: writer,
      accountId: COACH_ID,
      text: unique('Metrics'),
    });
    const figures = await linkedin.metrics({
      credentials: writer,
      accountId: COACH_ID,
      remoteIds: [post.remoteId],
    });
    expect(figures.get(post.remoteId)).toEqual({
      impressions: null,
      likes: null,
      comments: null,
      shares: null,
      clicks: null,
    });
  });
});

describe('little text', () => {
  it('escapes reserved characters outside links and hashtags, and reads them back', () => {
    const text = 'Deadlift (3x5) @ 100kg_*~ <PR> {new} [video] | #strong # \\ https://example.com/a_(b)';
    const escaped = toLittleText(text);
    expect(escaped).toBe(
      'Deadlift \\(3x5\\) \\@ 100kg\\_\\*\\~ \\<PR\\> \\{new\\} \\[video\\] \\| #strong \\# \\\\ https://example.com/a_(b)',
    );
    expect(fromLittleText(escaped)).toBe(text);
  });
});
