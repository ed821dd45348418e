import { startSandbox, type Sandbox } from '@fitpost/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { fetchFeed, type FeedFetchResult } from './index.js';

let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, redirectUris: ['http://localhost:3000/oauth'] });
});

afterAll(async () => {
  await sandbox.close();
});

function ok(result: FeedFetchResult) {
  if (result.status !== 'ok') throw new Error(`expected ok, got ${result.status}`);
  return result;
}

describe("the sandbox's demo feeds through the real fetcher", () => {
  it.each([
    ['strength.rss', 'FitPro Strength Coaching', 25],
    ['nutrition.atom', 'Fuel Right Nutrition', 20],
    ['recovery.json', 'Recovery Lab', 15],
  ])('imports %s: every item with a title, text, link, picture and date', async (file, title, count) => {
    const result = ok(await fetchFeed(`${sandbox.url}/feeds/${file}`, { allowLoopback: true }));
    expect(result.title).toBe(title);
    expect(result.items).toHaveLength(count);
    expect(new Set(result.items.map((item) => item.guid)).size).toBe(count);
    for (const item of result.items) {
      expect(item.guid).toMatch(/^urn:fitpost-sandbox:/);
      expect(item.title.length).toBeGreaterThan(5);
      expect(item.summary.length).toBeGreaterThan(20);
      expect(item.summary).not.toMatch(/<\w|&[a-z]+;|&#/);
      expect(item.link).toMatch(new RegExp(`^${sandbox.url}/feeds/articles/`));
      expect(item.imageUrl).toMatch(new RegExp(`^${sandbox.url}/feeds/images/\\w+-\\d+\\.png$`));
      expect(item.publishedAt).toBeInstanceOf(Date);
    }
    const again = await fetchFeed(`${sandbox.url}/feeds/${file}`, {
      allowLoopback: true,
      etag: result.etag,
      lastModified: result.lastModified,
    });
    expect(again).toEqual({ status: 'not_modified' });
  });

  it('reads the 500-item benchmark feed', async () => {
    const result = ok(await fetchFeed(`${sandbox.url}/feeds/large.rss?items=500`, { allowLoopback: true }));
    expect(result.items).toHaveLength(500);
    expect(result.items[0]?.title).toMatch(/^Workout 500: /);
  });

  it('refuses the sandbox itself when loopback is not allowed', async () => {
    await expect(
      fetchFeed(`${sandbox.url}/feeds/strength.rss`, { allowLoopback: false }),
    ).rejects.toMatchObject({
      code: 'feed.blocked_address',
    });
  });
});
