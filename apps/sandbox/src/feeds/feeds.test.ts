import { inflateSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { startSandbox, type Sandbox } from '../app.js';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from './artwork.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
});

afterAll(async () => {
  await sandbox.close();
});

const count = (text: string, tag: string) => text.split(`<${tag}>`).length - 1;

const jsonFeed = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string(),
  items: z.array(
    z.object({
      id: z.string(),
      url: z.url(),
      title: z.string(),
      content_html: z.string(),
      image: z.url(),
      date_published: z.iso.datetime(),
    }),
  ),
});

/** Reads a PNG's size from IHDR and checks its pixel data inflates to exactly that many RGB rows. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const idatLength = bytes.readUInt32BE(33);
  expect(bytes.subarray(37, 41).toString('latin1')).toBe('IDAT');
  const pixels = inflateSync(bytes.subarray(41, 41 + idatLength));
  expect(pixels.length).toBe((width * 3 + 1) * height);
  return { width, height };
}

describe('demo feeds', () => {
  it('serves an RSS 2.0 feed of 25 strength articles with image enclosures', async () => {
    const response = await fetch(`${sandbox.url}/feeds/strength.rss`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(count(text, 'item')).toBe(25);
    expect(text).toContain('<title>FitPro Strength Coaching</title>');
    expect(text).toContain('<description><![CDATA[<p>Brace <strong>before</strong>');
    const enclosure = /<enclosure url="([^"]+)" length="(\d+)" type="image\/png"\/>/.exec(text);
    expect(enclosure?.[1]).toBe(`${sandbox.url}/feeds/images/strength-0.png`);
    const image = await fetch(enclosure?.[1] ?? '');
    expect(image.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.length).toBe(Number(enclosure?.[2]));
    expect(pngSize(bytes)).toEqual({ width: IMAGE_WIDTH, height: IMAGE_HEIGHT });
  });

  it('serves an Atom feed of 20 nutrition entries with escaped HTML summaries', async () => {
    const response = await fetch(`${sandbox.url}/feeds/nutrition.atom`);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const text = await response.text();
    expect(count(text, 'entry')).toBe(20);
    expect(text).toContain('<summary type="html">&lt;p&gt;1.6&amp;nbsp;g per kg');
    expect(text).toContain('<title type="text">The post-workout “window” is wider than you think</title>');
    expect(text).toMatch(
      /<link rel="enclosure" type="image\/png" length="\d+" href="[^"]+nutrition-\d+\.png"\/>/,
    );
  });

  it('serves a JSON Feed of 15 recovery items, newest first', async () => {
    const response = await fetch(`${sandbox.url}/feeds/recovery.json`);
    expect(response.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    const feed = jsonFeed.parse(await response.json());
    expect(feed.title).toBe('Recovery Lab');
    expect(feed.items).toHaveLength(15);
    expect(new Set(feed.items.map((item) => item.id)).size).toBe(15);
    const dates = feed.items.map((item) => Date.parse(item.date_published));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const article = await fetch(feed.items[0]?.url ?? '');
    expect(article.status).toBe(200);
    expect(await article.text()).toContain('Sleep: the best recovery tool you already own');
  });

  it('answers conditional requests with 304 while the feed is unchanged', async () => {
    const first = await fetch(`${sandbox.url}/feeds/strength.rss`);
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect(Date.parse(lastModified)).not.toBeNaN();
    const byTag = await fetch(`${sandbox.url}/feeds/strength.rss`, {
      headers: { 'if-none-match': `"x", ${etag}` },
    });
    expect(byTag.status).toBe(304);
    expect(await byTag.text()).toBe('');
    const byDate = await fetch(`${sandbox.url}/feeds/strength.rss`, {
      headers: { 'if-modified-since': lastModified },
    });
    expect(byDate.status).toBe(304);
    // If-None-Match decides when both are sent, and a different tag means the feed changed.
    const stale = await fetch(`${sandbox.url}/feeds/strength.rss`, {
      headers: { 'if-none-match': '"old"', 'if-modified-since': lastModified },
    });
    expect(stale.status).toBe(200);
    const fewer = await fetch(`${sandbox.url}/feeds/strength.rss?items=3`, {
      headers: { 'if-none-match': etag },
    });
    expect(fewer.status).toBe(200);
    expect(count(await fewer.text(), 'item')).toBe(3);
  });

  it('serves the large benchmark feed with 500 items by default and any count up to 5,000', async () => {
    const text = await (await fetch(`${sandbox.url}/feeds/large.rss`)).text();
    expect(count(text, 'item')).toBe(500);
    expect(text).toContain('<title>Workout 500: ');
    const guids = [...text.matchAll(/<guid isPermaLink="false">([^<]+)<\/guid>/g)].map((m) => m[1]);
    expect(new Set(guids).size).toBe(500);
    const more = await (await fetch(`${sandbox.url}/feeds/large.rss?items=1200`)).text();
    expect(count(more, 'item')).toBe(1200);
    const article = await fetch(`${sandbox.url}/feeds/articles/large/workout-17`);
    expect(await article.text()).toContain('Workout 17: ');
  });

  it('lists the feeds on an index page', async () => {
    const html = await (await fetch(`${sandbox.url}/feeds`)).text();
    for (const file of ['strength.rss', 'nutrition.atom', 'recovery.json', 'large.rss?items=500']) {
      expect(html).toContain(`${sandbox.url}/feeds/${file}`);
    }
  });

  it('refuses bad item counts, unknown paths and other methods', async () => {
    for (const query of ['items=-1', 'items=26', 'items=two']) {
      expect((await fetch(`${sandbox.url}/feeds/strength.rss?${query}`)).status).toBe(400);
    }
    expect((await fetch(`${sandbox.url}/feeds/large.rss?items=5001`)).status).toBe(400);
    for (const path of [
      '/feeds/unknown.rss',
      '/feeds/images/strength-12.png',
      '/feeds/images/other-1.png',
      '/feeds/articles/strength/nope',
      '/feeds/articles/large/workout-0',
    ]) {
      expect((await fetch(`${sandbox.url}${path}`)).status).toBe(404);
    }
    expect((await fetch(`${sandbox.url}/feeds/strength.rss`, { method: 'POST' })).status).toBe(405);
    const head = await fetch(`${sandbox.url}/feeds/recovery.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toMatch(/^"/);
  });
});
