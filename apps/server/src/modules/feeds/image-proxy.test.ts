import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app/api.js';
import { contentItems } from '../../db/schema-library.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let publisher: Server;
let publisherUrl: string;
let png: Buffer;
/** Every request the publisher saw: the proxy must be the only one asking. */
const seen: { path: string; forwardedFor: string | undefined }[] = [];

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  publisher = createServer((req, res) => {
    seen.push({ path: req.url ?? '', forwardedFor: req.headers['x-forwarded-for']?.toString() });
    if (req.url === '/pic.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/evil.svg')
      return res
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    return res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => publisher.listen(0, '127.0.0.1', resolve));
  publisherUrl = `http://127.0.0.1:${(publisher.address() as AddressInfo).port}`;
  t = await startTestApp({ FITPOST_FEEDS_ALLOW_LOOPBACK: 'true' });
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => publisher.close(resolve));
});

async function feedItem(imageUrl: string | null) {
  const [item] = await t.db
    .insert(contentItems)
    .values({ portalId: 1, type: 'feed', title: 'From a publisher', imageUrl })
    .returning({ id: contentItems.id });
  if (!item) throw new Error('no item');
  return item.id;
}

describe('GET /feed-images/:id', () => {
  it("serves the item's picture from FitPost, fetching it from the publisher once", async () => {
    const id = await feedItem(`${publisherUrl}/pic.png`);
    seen.length = 0;
    for (let i = 0; i < 3; i += 1) {
      const res = await t.app.inject({
        url: `/feed-images/${id}`,
        remoteAddress: '203.0.113.50',
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.rawPayload.equals(png)).toBe(true);
    }
    // One fetch for three views, and nothing of the member's address reached the publisher.
    expect(seen).toEqual([{ path: '/pic.png', forwardedFor: undefined }]);
  });

  it('serves only real raster images: an SVG (script from our origin) is refused', async () => {
    const id = await feedItem(`${publisherUrl}/evil.svg`);
    const res = await t.app.inject({ url: `/feed-images/${id}` });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/svg/);
  });

  it('answers 404 for a missing picture, an item without one, and an id that is none', async () => {
    expect(
      (await t.app.inject({ url: `/feed-images/${await feedItem(`${publisherUrl}/gone.png`)}` })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/feed-images/${await feedItem(null)}` })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/feed-images/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/feed-images/not-a-uuid' })).statusCode).toBe(400);
  });

  it("keeps to the feed fetcher's address rules", async () => {
    const guarded = await buildApp({
      ...t,
      config: { ...t.config, feeds: { ...t.config.feeds, allowLoopback: false } },
      logger: t.log,
    });
    try {
      const id = await feedItem(`${publisherUrl}/pic.png`);
      seen.length = 0;
      expect((await guarded.inject({ url: `/feed-images/${id}` })).statusCode).toBe(404);
      expect(seen).toEqual([]);
    } finally {
      await guarded.close();
    }
  });
});
