import type { BrandPage, ContentPage, Feed, TagPage } from '@fitpost/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, startTestApp, type TestApp } from '../../test/harness.js';
import { addBrand, addContent, addTag, call, type TestUser } from '../../test/library.js';

let t: TestApp;
let admin: TestUser;
let coach: TestUser;
let otherAdmin: TestUser;
let otherCoach: TestUser;
const mine = { brand: '', tag: '', content: '', feed: '' };

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { admin: true });
  coach = await makeUser(t);
  otherAdmin = await makeUser(t, { portalId: 2, admin: true });
  otherCoach = await makeUser(t, { portalId: 2 });
  mine.brand = await addBrand(t, admin, 'Portal one brand');
  mine.tag = await addTag(t, admin, 'Portal one tag');
  mine.content = await addContent(t, admin, {
    title: 'Portal one secret',
    brandId: mine.brand,
    tagIds: [mine.tag],
  });
  const feed = await call(t, admin, {
    method: 'POST',
    url: '/api/feed',
    payload: { name: 'Portal one feed', url: 'https://example.com/one.xml', isSystem: true },
  });
  mine.feed = feed.json<Feed>().id;
  await call(t, coach, { method: 'POST', url: '/api/favorite', payload: { contentId: mine.content } });
});
afterAll(() => t.close());

describe('portal isolation', () => {
  it("never lists portal 1's brands, tags, content, feeds or favourites in portal 2", async () => {
    for (const who of [otherAdmin, otherCoach]) {
      expect((await call(t, who, { url: '/api/brand' })).json<BrandPage>().total).toBe(0);
      expect((await call(t, who, { url: '/api/tag' })).json<TagPage>().total).toBe(0);
      const content = await call(t, who, { url: '/api/content?q=secret' });
      expect(content.json<ContentPage>().total).toBe(0);
      const filtered = await call(t, who, {
        url: `/api/content?brandId=${mine.brand}&tagIds=${mine.tag}`,
      });
      expect(filtered.json<ContentPage>().total).toBe(0);
      expect((await call(t, who, { url: '/api/feed' })).json<Feed[]>()).toEqual([]);
      expect((await call(t, who, { url: '/api/favorite' })).json<ContentPage>().total).toBe(0);
    }
    const adminAll = await call(t, otherAdmin, { url: '/api/content?include=all' });
    expect(adminAll.json<ContentPage>().total).toBe(0);
  });

  it("answers 404 for portal 1's ids, to reads and writes alike, and changes nothing", async () => {
    const reads = [`/api/brand/${mine.brand}`, `/api/tag/${mine.tag}`, `/api/content/${mine.content}`];
    for (const url of reads) expect((await call(t, otherAdmin, { url })).statusCode, url).toBe(404);
    const writes = [
      { method: 'PUT' as const, url: `/api/brand/${mine.brand}`, payload: { name: 'Taken' } },
      { method: 'PUT' as const, url: `/api/tag/${mine.tag}`, payload: { name: 'Taken' } },
      { method: 'PUT' as const, url: `/api/content/${mine.content}`, payload: { title: 'Taken' } },
      {
        method: 'PUT' as const,
        url: `/api/feed/${mine.feed}`,
        payload: { name: 'Taken', url: 'https://example.com/x', isSystem: true },
      },
      { method: 'POST' as const, url: '/api/tag/searchable', payload: { ids: [mine.tag] } },
      { method: 'DELETE' as const, url: `/api/feed/${mine.feed}` },
      { method: 'DELETE' as const, url: '/api/brand', payload: { ids: [mine.brand] } },
      { method: 'DELETE' as const, url: '/api/tag', payload: { ids: [mine.tag] } },
      { method: 'DELETE' as const, url: '/api/content', payload: { ids: [mine.content] } },
    ];
    for (const request of writes) {
      const res = await call(t, otherAdmin, request);
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const favourite = await call(t, otherCoach, {
      method: 'POST',
      url: '/api/favorite',
      payload: { contentId: mine.content },
    });
    expect(favourite.statusCode).toBe(404);
    const unfavourite = await call(t, otherCoach, { method: 'DELETE', url: `/api/favorite/${mine.content}` });
    expect(unfavourite.statusCode).toBe(404);

    // Everything of portal 1 is as it was.
    const card = await call(t, coach, { url: `/api/content/${mine.content}` });
    expect(card.json()).toMatchObject({
      title: 'Portal one secret',
      favorite: true,
      brand: { name: 'Portal one brand' },
      tags: [{ name: 'Portal one tag', searchable: true }],
    });
    const feeds = await call(t, coach, { url: '/api/feed' });
    expect(feeds.json<Feed[]>().map((f) => f.name)).toEqual(['Portal one feed']);
  });
});
