import type { AddressInfo } from 'node:net';
import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { createBulkAccounts, publishedPosts } from '@fitpost/sandbox/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstagramAdapter } from '../../platforms/instagram.js';
import { PlatformError } from '../../platforms/index.js';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { createImagePool } from './image.js';
import { loadMediaForPublishing, uploadMedia } from './service.js';

let sandbox: Sandbox;
let t: TestApp;
/** Where the sandbox's Instagram fetches FitPost's media from: this test's server, listening on loopback. */
let publicUrl: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
  t = await startTestApp({ FITPOST_FACEBOOK_GRAPH_URL: `${sandbox.url}/facebook/graph/v23.0` });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  // listen() on TCP: always AddressInfo.
  publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await t.close();
  await sandbox.close();
});

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PlatformError)) throw new Error(`expected a PlatformError, got ${String(error)}`);
  return error;
}

describe('a transparent PNG posted to Instagram', () => {
  it('reaches Instagram as its flattened JPEG; the PNG itself would be refused', async () => {
    const coach = await makeUser(t);
    const actor = { sessionId: '', userId: coach.user.id, portalId: coach.user.portalId, isAdmin: false };
    const png = await sharp({
      create: { width: 400, height: 400, channels: 4, background: { r: 20, g: 160, b: 90, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const stored = await uploadMedia({ db: t.db, publicUrl, images: createImagePool(1) }, actor, {
      bytes: png,
      altText: 'Our logo',
    });
    expect(stored.mimeType).toBe('image/png');
    const media = await loadMediaForPublishing({ db: t.db, publicUrl }, stored.id, coach.user.id);
    if (!media) throw new Error('no media');

    const [account] = await createBulkAccounts(sandbox.url, {
      network: 'instagram',
      count: 1,
      prefix: 'igjpeg',
    });
    if (!account) throw new Error('no account');
    const instagram = createInstagramAdapter({
      ...t.config.platforms,
      instagramPollMs: 20,
      instagramPollLimit: 250,
    });
    const target = { accountId: account.id, credentials: { accessToken: account.accessToken } };

    const asPng = await failure(
      instagram.publish({
        ...target,
        text: 'Straight from the PNG',
        media: { ...media, jpegUrl: undefined },
      }),
    );
    expect(asPng).toMatchObject({ kind: 'content', code: 'ERROR' });
    expect(asPng.message).toMatch(/JPEG/);

    const result = await instagram.publish({ ...target, text: 'New logo, who dis', media });
    const entries = await publishedPosts(sandbox.url, { network: 'instagram' });
    expect(entries.filter((entry) => entry.accountId === account.id)).toEqual([
      expect.objectContaining({ remoteId: result.remoteId, text: 'New logo, who dis', altText: 'Our logo' }),
    ]);
  });
});
